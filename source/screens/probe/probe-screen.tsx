import {Box, Text} from 'ink';
import type {Advice} from '../advisor/types.js';
import {theme} from '../theme.js';
import {needsConfirm, type ProbeScreenState} from '../wizard/probe-screen-reducer.js';
import {ProbePlanView} from './probe-plan-view.js';
import {ProbeProgressView} from './probe-progress-view.js';
import {ProbeResultsView} from './probe-results-view.js';
import {ProbeSetupForm} from './probe-setup-form.js';
import {Spinner} from './spinner.js';

export interface ProbeScreenProps {
	readonly state: ProbeScreenState;
	/** The advice recomputed with the finished run's measurements (null until then). */
	readonly advice: Advice | null;
	readonly width: number;
}

/** The probe screen: set up, plan, live progress, results — by phase. */
export function ProbeScreen({state, advice, width}: ProbeScreenProps) {
	switch (state.phase) {
		case 'setup': {
			return <ProbeSetupForm state={state} />;
		}

		case 'planning': {
			return (
				<Text>
					<Spinner /> Asking {state.request?.provider ?? 'the provider'} for the plan…
				</Text>
			);
		}

		case 'plan': {
			return state.plan ? <ProbePlanView plan={state.plan} confirm={needsConfirm(state)} /> : null;
		}

		case 'running':
		case 'aborting':
		case 'done':
		case 'failed': {
			const over = state.phase === 'done' || state.phase === 'failed';
			return (
				<Box flexDirection="column">
					<ProbeProgressView
						progress={state.progress}
						aborting={state.phase === 'aborting'}
						ignoredInterrupt={state.ignoredInterrupt}
						over={over}
					/>
					{state.phase === 'done' && state.run && advice ? (
						<Box marginTop={1}>
							<ProbeResultsView run={state.run} advice={advice} interrupted={state.interrupted} width={width} />
						</Box>
					) : null}
					{state.phase === 'failed' ? (
						<Box flexDirection="column" marginTop={1}>
							<Text color={theme.status.error}>The probe failed: {state.failure}</Text>
							<Text color={theme.text.muted}>r set up again · Esc back to the result · q quit</Text>
						</Box>
					) : null}
				</Box>
			);
		}
	}
}

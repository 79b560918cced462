import {Box, Text} from 'ink';
import {useMemo} from 'react';
import {advise, referenceMeasurements} from '../../advisor/index.js';
import type {Advice, Workload} from '../../advisor/types.js';
import {Spinner} from '../../components/spinner.js';
import {probeFormFor} from '../../session/probe-prefill.js';
import type {Configuration} from '../../sizing/types.js';
import {theme} from '../../theme.js';
import type {FinishedProbe, ProbeEngineLoader, ProviderLoaders} from '../wizard/probe-engine.js';
import {ProbePlanView} from './probe-plan-view.js';
import {ProbeProgressView} from './probe-progress-view.js';
import {needsConfirm, type ProbeState} from './probe-reducer.js';
import {workloadForProvider} from './probe-results.js';
import {ProbeResultsView} from './probe-results-view.js';
import {ProbeSetupForm} from './probe-setup-form.js';
import {useProbeInput} from './use-probe-input.js';
import {useProbeState} from './use-probe-state.js';

export interface ProbeScreenProps {
	readonly workload: Workload;
	readonly providers: ProviderLoaders;
	readonly probeEngine: ProbeEngineLoader;
	readonly width: number;
	readonly isActive: boolean;
	readonly onClose: () => void;
	readonly onFinished: (finished: FinishedProbe) => void;
	readonly onQuit: (code: number) => void;
	/** The configuration to probe (the recommendation): the form opens filled from it, else on its defaults. */
	readonly from?: Configuration | null;
}

/** The probe screen: state hook (plan, run, abort), its keys, its view; advice recomputed from the run. */
export function ProbeScreen(props: ProbeScreenProps) {
	const {workload, providers, probeEngine, width, isActive, onClose, onFinished, onQuit} = props;
	const {from} = props;
	const initialValues = useMemo(() => (from ? probeFormFor(from) : undefined), [from]);
	const [state, actions] = useProbeState({
		providers,
		probeEngine,
		onFinished,
		...(initialValues === undefined ? {} : {initialValues}),
	});
	const navigation = useMemo(() => ({close: onClose, quit: onQuit}), [onClose, onQuit]);
	useProbeInput(state, actions, navigation, {isActive});
	const {run, measurements} = state;
	// A complete run's measurements are evidence; a partial run has none, and the advice is not recomputed.
	const advice = useMemo(
		() =>
			run && measurements.length > 0
				? advise(workloadForProvider(workload, run.provider), [...referenceMeasurements(), ...measurements])
				: null,
		[run, measurements, workload],
	);
	return <ProbeView state={state} advice={advice} width={width} />;
}

interface ProbeViewProps {
	readonly state: ProbeState;
	/** The advice recomputed with the finished run's measurements (null until then, and for a partial run). */
	readonly advice: Advice | null;
	readonly width: number;
}

/** Set up, plan, live progress, results — by phase. */
function ProbeView({state, advice, width}: ProbeViewProps) {
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
					{state.phase === 'done' && state.run ? (
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

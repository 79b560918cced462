import {Box, Text, useStdout} from 'ink';
import {useEffect, useMemo, useRef} from 'react';
import type {Configuration} from '../../../domain/model-types.js';
import type {Workload} from '../../../domain/types.js';
import {theme} from '../../../present/theme.js';
import {hasThroughputEvidence} from '../../../probe/probe-session.js';
import {adviceWithMeasurements} from '../../../session/probe-advice.js';
import {useScroll} from '../../components/scroll/use-scroll.js';
import {Spinner} from '../../components/spinner.js';
import type {StyledLine} from '../../components/styled-lines.js';
import type {FinishedProbe, ProbeEngineLoader, ProviderLoaders} from '../wizard/probe-engine.js';
import type {ProbeFormMemory} from './probe-form-memory.js';
import {ProbePlanView} from './probe-plan-view.js';
import {configurationKey, openingForm} from './probe-prefill.js';
import {ProbeProgressView} from './probe-progress-view.js';
import {needsConfirm, type ProbeState} from './probe-reducer.js';
import {workloadForProvider} from './probe-results.js';
import {probeResultsLines} from './probe-results-lines.js';
import {ProbeResultsView, probeResultsFooterRows} from './probe-results-view.js';
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
	/** What the form remembers between openings (probe-form-memory.ts); none: it opens afresh each time. */
	readonly formMemory?: ProbeFormMemory;
}

/** The probe screen: state hook (plan, run, abort), its keys, its view; advice recomputed from the run. */
export function ProbeScreen(props: ProbeScreenProps) {
	const {workload, providers, probeEngine, width, isActive, onClose, onFinished, onQuit} = props;
	const {from = null, formMemory} = props;
	const initialValues = useMemo(
		() => openingForm(from, formMemory?.recall() ?? null, workload),
		[from, formMemory, workload],
	);
	const [state, actions] = useProbeState({providers, probeEngine, onFinished, initialValues});
	useRememberedForm(state, from === null ? null : configurationKey(from, workload), formMemory);
	const {run, measurements, earlier, splits} = state;
	// A complete run's valid measurements are evidence; a partial run has none, and the advice is not recomputed.
	const advice = useMemo(
		() =>
			run && hasThroughputEvidence(measurements)
				? adviceWithMeasurements(workloadForProvider(workload, run), measurements)
				: null,
		[run, measurements, workload],
	);
	// The finished run scrolls in the terminal's rows, as the answer screen does.
	const {stdout} = useStdout();
	const lines = useMemo(
		() => (run ? probeResultsLines({run, advice, interrupted: state.interrupted, width, earlier, splits}) : []),
		[run, advice, state.interrupted, width, earlier, splits],
	);
	const viewport = stdout.rows > 0 ? Math.max(3, stdout.rows - probeResultsFooterRows - 1) : undefined;
	const {offset, scroll} = useScroll(lines.length, viewport);
	const navigation = useMemo(() => ({close: onClose, quit: onQuit, scroll}), [onClose, onQuit, scroll]);
	useProbeInput(state, actions, navigation, {isActive});
	return <ProbeView state={state} results={{lines, viewport, offset}} />;
}

/** The form is remembered as it is when the plan is asked for and when the screen closes. */
function useRememberedForm(state: ProbeState, from: string | null, memory: ProbeFormMemory | undefined): void {
	const latest = useRef({values: state.values, from});
	latest.current = {values: state.values, from};
	useEffect(() => {
		if (state.phase === 'planning') memory?.remember(latest.current);
	}, [state.phase, memory]);
	useEffect(() => () => memory?.remember(latest.current), [memory]);
}

interface ProbeViewProps {
	readonly state: ProbeState;
	/** The finished run's lines, scrolled (probe-results-lines.ts). */
	readonly results: {
		readonly lines: readonly StyledLine[];
		readonly viewport: number | undefined;
		readonly offset: number;
	};
}

/** Set up, plan, live progress, results (scrolled, in place of the progress) — by phase. */
function ProbeView({state, results}: ProbeViewProps) {
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
			const done = state.phase === 'done' && state.run !== null;
			// In a terminal of known height the results scroll in place of the progress; else both show whole.
			if (done && results.viewport !== undefined) return <ProbeResultsView {...results} />;
			const over = state.phase === 'done' || state.phase === 'failed';
			return (
				<Box flexDirection="column">
					<ProbeProgressView
						progress={state.progress}
						aborting={state.phase === 'aborting'}
						ignoredInterrupt={state.ignoredInterrupt}
						over={over}
					/>
					{done ? (
						<Box marginTop={1}>
							<ProbeResultsView {...results} />
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

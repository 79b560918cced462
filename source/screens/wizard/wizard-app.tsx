// The interactive wizard's root: questions -> result -> (probe). Providers and the profile store are
// injected, so tests pass fakes and the start loads nothing big.

import {useApp, useStdin} from 'ink';
import {lazy, type ReactNode, Suspense, useCallback, useMemo, useReducer} from 'react';
import {advise, defaultWorkload, referenceMeasurements, type Workload} from '../../advisor/index.js';
import type {Measurement} from '../../advisor/types.js';
import {exitCodes} from '../../errors.js';
import {KeyRouterContext, useKeyRouter} from '../key-router.js';
import {QuestionsScreen} from '../questions/questions-screen.js';
import type {ProfileSaverSource} from '../save/profile-saver.js';
import {useTerminalWidth} from '../use-terminal-width.js';
import {defaultProbeEngine, defaultProviders, type ProbeEngineLoader, type ProviderLoaders} from './probe-engine.js';
import {initialWizardState, wizardReducer} from './wizard-reducer.js';

// The first frame needs only the questions: the result and probe screens load when first shown.
const ResultScreen = lazy(async () => ({default: (await import('../result/result-screen.js')).ResultScreen}));
const ProbeScreen = lazy(async () => ({default: (await import('../probe/probe-screen.js')).ProbeScreen}));

export interface WizardAppProps {
	readonly profileStore: ProfileSaverSource;
	/** Answers to start from; with `skipQuestions` the result screen opens at once. */
	readonly initialWorkload?: Workload;
	readonly skipQuestions?: boolean;
	/** Provider id -> loader. Default: `loadProvider` for lab, aws, gcp, oci (imported on first use). */
	readonly providers?: ProviderLoaders;
	readonly probeEngine?: ProbeEngineLoader;
	/** Pin the width (tests); default the terminal's, following resizes. */
	readonly columns?: number;
	/** Called once with the exit code before the app unmounts. */
	readonly onExit?: (code: number) => void;
}

export function WizardApp(props: WizardAppProps) {
	const {profileStore, initialWorkload = defaultWorkload, skipQuestions = false} = props;
	const providers = props.providers ?? defaultProviders;
	const probeEngine = props.probeEngine ?? defaultProbeEngine;
	const {exit} = useApp();
	// Ink reports stdin.isTTY, which is undefined (not false) for a pipe or a file.
	const interactive = useStdin().isRawModeSupported === true;
	const width = useTerminalWidth(props.columns);
	const [state, dispatch] = useReducer(wizardReducer, skipQuestions ? initialWorkload : null, initialWizardState);
	const {onExit} = props;
	const quit = useCallback(
		(code: number) => {
			onExit?.(code);
			exit();
		},
		[exit, onExit],
	);

	const keyRouter = useKeyRouter({isActive: interactive});

	const advice = useMemo(
		() => (state.workload ? advise(state.workload, [...referenceMeasurements(), ...state.sessionEvidence]) : null),
		[state.workload, state.sessionEvidence],
	);
	const onAnswered = useCallback((workload: Workload) => dispatch({type: 'answered', workload}), []);
	const onCancel = useCallback(() => quit(exitCodes.ok), [quit]);
	const onInterrupt = useCallback(() => quit(exitCodes.interrupted), [quit]);
	const onCloseProbe = useCallback(() => dispatch({type: 'close-probe'}), []);
	const onProbeFinished = useCallback(
		(runId: string, measurements: readonly Measurement[]) => dispatch({type: 'probe-finished', runId, measurements}),
		[],
	);
	const navigation = useMemo(
		() => ({
			restart: () => dispatch({type: 'restart'}),
			probe: () => dispatch({type: 'open-probe'}),
			quit: () => quit(exitCodes.ok),
			interrupt: () => quit(exitCodes.interrupted),
		}),
		[quit],
	);

	let content: ReactNode;
	if (state.screen === 'questions' || !advice || !state.workload) {
		content = (
			<QuestionsScreen
				key={state.round}
				initialWorkload={state.round === 0 ? initialWorkload : defaultWorkload}
				isActive={interactive}
				onAnswered={onAnswered}
				onCancel={onCancel}
				onInterrupt={onInterrupt}
			/>
		);
	} else if (state.screen === 'probe') {
		content = (
			<ProbeScreen
				workload={state.workload}
				providers={providers}
				probeEngine={probeEngine}
				width={width}
				isActive={interactive}
				onClose={onCloseProbe}
				onFinished={onProbeFinished}
				onQuit={quit}
			/>
		);
	} else {
		content = (
			<ResultScreen
				advice={advice}
				profileStore={profileStore}
				probeRunIds={state.probeRunIds}
				width={width}
				isActive={interactive}
				navigation={navigation}
			/>
		);
	}

	return (
		<KeyRouterContext.Provider value={keyRouter}>
			<Suspense fallback={null}>{content}</Suspense>
		</KeyRouterContext.Provider>
	);
}

// The interactive wizard's root: questions -> result -> (probe). Providers and the profile store are
// injected, so tests pass fakes and the start loads nothing big.

import {Text, useApp, useStdin} from 'ink';
import {lazy, type ReactNode, Suspense, useCallback, useMemo, useReducer, useState} from 'react';
import {exitCodes} from '../../../domain/errors.js';
import type {RankedConfiguration} from '../../../domain/model-types.js';
import {defaultWorkload, type Workload} from '../../../domain/types.js';
import {theme} from '../../../present/theme.js';
import {defaultSizingEngine} from '../../../session/default-sizing-engine.js';
import type {RttMeter} from '../../../session/measure-rtt.js';
import type {SessionEvidence, SizingEngineLoader} from '../../../session/sizing-engine.js';
import type {WhatIfAction} from '../../../session/what-if.js';
import {KeyRouterContext, useKeyRouter} from '../key-router.js';
import {type ProbeFormMemory, probeFormMemory} from '../probe/probe-form-memory.js';
import {QuestionsScreen} from '../questions/questions-screen.js';
import type {ProfileSaverSource} from '../save/profile-saver.js';
import {useTerminalRows} from '../use-terminal-rows.js';
import {useTerminalWidth} from '../use-terminal-width.js';
import {lazyScreen, PreloadedScreen, useLoadedScreen} from './lazy-screen.js';
import {
	defaultProbeEngine,
	defaultProviders,
	type FinishedProbe,
	type ProbeEngineLoader,
	type ProviderLoaders,
} from './probe-engine.js';
import {defaultEvidenceLoader, type EvidenceLoader, useEvidence} from './use-evidence.js';
import {usePreparedAnswer} from './use-prepared-answer.js';
import {useSizingEngine} from './use-sizing-engine.js';
import {useWarmEngine} from './use-warm-engine.js';
import {initialWizardState, wizardReducer} from './wizard-reducer.js';

const noProblems: readonly string[] = [];

// The first frame needs only the questions: the result and probe screens load when first shown, the
// result screen ahead of that, once the catalogue is in (lazy-screen.ts: a suspended screen shows late).
const resultScreen = lazyScreen(async () => (await import('../result/result-screen.js')).ResultScreen);

/** Loads the result screen's module now (the wizard does once the catalogue is in); resolves when it is in. */
export const preloadResultScreen = (): Promise<void> => resultScreen.preload();
const ProbeScreen = lazy(async () => ({default: (await import('../probe/probe-screen.js')).ProbeScreen}));

export interface WizardAppProps {
	readonly profileStore: ProfileSaverSource;
	/** Answers to start from; with `skipQuestions` the result screen opens at once. */
	readonly initialWorkload?: Workload;
	readonly skipQuestions?: boolean;
	/** Provider id -> loader. Default: `loadProvider` for lab, aws, gcp, oci (imported on first use). */
	readonly providers?: ProviderLoaders;
	readonly probeEngine?: ProbeEngineLoader;
	/** What the probe form remembers between openings; default: this session only (the CLI keeps it on disk). */
	readonly probeForms?: ProbeFormMemory;
	/** The shape catalogue and size(), loaded after the first frame. */
	readonly sizingEngine?: SizingEngineLoader;
	/** The study plus the stored probe results (the loader `advise` uses), loaded at start and after each probe. */
	readonly evidence?: EvidenceLoader;
	/** Pin the width (tests); default the terminal's, following resizes. */
	readonly columns?: number;
	/** Pin the height (tests); default the terminal's. */
	readonly rows?: number;
	/** Measures the path's round trip for the RTT question's "measure it" (default: ping from this machine). */
	readonly rttMeter?: RttMeter;
	/** Called once with the exit code before the app unmounts. */
	readonly onExit?: (code: number) => void;
}

export function WizardApp(props: WizardAppProps) {
	const {profileStore, initialWorkload = defaultWorkload, skipQuestions = false} = props;
	const providers = props.providers ?? defaultProviders;
	const probeEngine = props.probeEngine ?? defaultProbeEngine;
	const [probeForms] = useState(() => props.probeForms ?? probeFormMemory());
	const {exit} = useApp();
	// Ink reports stdin.isTTY, which is undefined (not false) for a pipe or a file.
	const interactive = useStdin().isRawModeSupported === true;
	const width = useTerminalWidth(props.columns);
	const rows = useTerminalRows(props.rows);
	const engineState = useSizingEngine(props.sizingEngine ?? defaultSizingEngine);
	const [stored, reloadEvidence] = useEvidence(props.evidence ?? defaultEvidenceLoader);
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

	const ranProbes = state.probeRunIds.length > 0;
	const evidence = useMemo<SessionEvidence | null>(
		() =>
			stored.loaded && {
				measurements: [...stored.loaded.measurements, ...state.unsavedEvidence],
				before: ranProbes ? stored.atStart : null,
			},
		[stored, state.unsavedEvidence, ranProbes],
	);
	const warnings = stored.loaded?.problems ?? noProblems;
	const prepare = usePreparedAnswer(engineState.engine, evidence, {warnings, width, rows});
	const engineLoading = engineState.status === 'loading';
	// The result screen's module loads once the catalogue is in (not with the first question's frame), or
	// beside it when the wizard opens on the result (--profile); the screen is mounted only once it is in.
	const resultLoaded = useLoadedScreen(resultScreen, skipQuestions || !engineLoading);
	const asking = state.screen === 'questions' || !state.whatIf || !state.workload;
	const resultReady = !asking && state.screen === 'result' && evidence !== null && !engineLoading && resultLoaded;
	// Warmed while the questions show; opened on the result (--profile), once its first frame is in.
	const awaitingResult = !asking && state.screen === 'result' && !resultReady;
	useWarmEngine(engineState.engine, evidence !== null && !awaitingResult ? evidence.measurements : null);
	const onAnswered = useCallback((workload: Workload) => dispatch({type: 'answered', workload}), []);
	const onCancel = useCallback(() => quit(exitCodes.ok), [quit]);
	const onInterrupt = useCallback(() => quit(exitCodes.interrupted), [quit]);
	const onCloseProbe = useCallback(() => dispatch({type: 'close-probe'}), []);
	const onProbeFinished = useCallback(
		(finished: FinishedProbe) => {
			dispatch({type: 'probe-finished', finished});
			reloadEvidence();
		},
		[reloadEvidence],
	);
	const navigation = useMemo(
		() => ({
			restart: () => dispatch({type: 'restart'}),
			back: () => dispatch({type: 'back', lastIndex: Number.MAX_SAFE_INTEGER}),
			answer: (workload: Workload) => dispatch({type: 'answered', workload}),
			probe: (configuration: RankedConfiguration | null) => dispatch({type: 'open-probe', configuration}),
			quit: () => quit(exitCodes.ok),
			interrupt: () => quit(exitCodes.interrupted),
		}),
		[quit],
	);

	const onWhatIf = useCallback((action: WhatIfAction) => dispatch({type: 'what-if', action}), []);

	let content: ReactNode;
	if (asking) {
		content = (
			<QuestionsScreen
				key={state.round}
				initialWorkload={state.questionsFrom?.workload ?? (state.round === 0 ? initialWorkload : defaultWorkload)}
				initialIndex={state.questionsFrom?.index ?? 0}
				isActive={interactive}
				onAnswered={onAnswered}
				onCancel={onCancel}
				onInterrupt={onInterrupt}
				shapes={engineState.engine?.shapes ?? null}
				width={width}
				prepare={prepare}
				{...(props.rttMeter ? {rttMeter: props.rttMeter} : {})}
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
				from={state.probeFrom}
				formMemory={probeForms}
			/>
		);
	} else if (!resultReady || !evidence) {
		// The answer waits for the catalogue and the stored results: what shows is what `advise` would say.
		content = <Text color={theme.text.muted}>Loading the shape catalogue and your probe results…</Text>;
	} else {
		content = (
			<PreloadedScreen
				screen={resultScreen}
				props={{
					whatIf: state.whatIf,
					onWhatIf,
					engine: engineState.engine,
					engineProblem: engineState.status === 'failed' ? engineState.error : null,
					evidence,
					evidenceProblems: warnings,
					probes: state.sessionRuns,
					profileStore,
					probeRunIds: state.probeRunIds,
					width,
					rows,
					isActive: interactive,
					navigation,
				}}
			/>
		);
	}

	return (
		<KeyRouterContext.Provider value={keyRouter}>
			<Suspense fallback={null}>{content}</Suspense>
		</KeyRouterContext.Provider>
	);
}

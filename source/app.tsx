// The interactive wizard's root: questions -> result -> (probe). Providers and the profile store are
// injected, so tests pass fakes and the start loads nothing big.

import {useApp, useInput, useStdin} from 'ink';
import {useCallback, useMemo, useReducer} from 'react';
import {advise, defaultWorkload, referenceMeasurements, type Workload} from './advisor/index.js';
import {ProbeFlow} from './components/probe-flow.js';
import {QuestionsFlow} from './components/questions-flow.js';
import {ResultFlow} from './components/result-flow.js';
import {exitCodes} from './errors.js';
import {appReducer, initialAppState} from './wizard/app-reducer.js';
import {defaultProbeEngine, defaultProviders, type ProbeEngineLoader, type ProviderLoaders} from './wizard/probe-engine.js';
import type {ProfileSaverSource} from './wizard/profile-saver.js';
import {useTerminalWidth} from './wizard/use-terminal-width.js';

export interface AppProps {
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

export function App(props: AppProps) {
	const {profileStore, initialWorkload = defaultWorkload, skipQuestions = false} = props;
	const providers = props.providers ?? defaultProviders;
	const probeEngine = props.probeEngine ?? defaultProbeEngine;
	const {exit} = useApp();
	const {isRawModeSupported} = useStdin();
	const width = useTerminalWidth(props.columns);
	const [state, dispatch] = useReducer(appReducer, skipQuestions ? initialWorkload : null, initialAppState);
	const {onExit} = props;
	const quit = useCallback(
		(code: number) => {
			onExit?.(code);
			exit();
		},
		[exit, onExit],
	);

	useInput(
		(input, key) => {
			if (key.ctrl && input === 'c') {
				quit(exitCodes.interrupted);
			}
		},
		{isActive: isRawModeSupported && state.screen !== 'probe'},
	);

	const advice = useMemo(
		() => (state.workload ? advise(state.workload, [...referenceMeasurements(), ...state.sessionEvidence]) : null),
		[state.workload, state.sessionEvidence],
	);
	const onAnswered = useCallback((workload: Workload) => dispatch({type: 'answered', workload}), []);
	const onCancel = useCallback(() => quit(exitCodes.ok), [quit]);
	const navigation = useMemo(
		() => ({
			restart: () => dispatch({type: 'restart'}),
			probe: () => dispatch({type: 'open-probe'}),
			quit: () => quit(exitCodes.ok),
		}),
		[quit],
	);

	if (state.screen === 'questions' || !advice || !state.workload) {
		return (
			<QuestionsFlow
				key={state.round}
				initialWorkload={state.round === 0 ? initialWorkload : defaultWorkload}
				isActive={isRawModeSupported}
				onAnswered={onAnswered}
				onCancel={onCancel}
			/>
		);
	}

	if (state.screen === 'probe') {
		return (
			<ProbeFlow
				workload={state.workload}
				providers={providers}
				probeEngine={probeEngine}
				width={width}
				isActive={isRawModeSupported}
				onClose={() => dispatch({type: 'close-probe'})}
				onFinished={(runId, measurements) => dispatch({type: 'probe-finished', runId, measurements})}
				onQuit={quit}
			/>
		);
	}

	return (
		<ResultFlow
			advice={advice}
			profileStore={profileStore}
			probeRunIds={state.probeRunIds}
			width={width}
			isActive={isRawModeSupported}
			navigation={navigation}
		/>
	);
}

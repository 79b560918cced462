// The probe screen's state hook: the pure reducer plus the I/O it asks for — load the provider, ask it for
// the plan, run the probe with an AbortController, keep the run. Teardown is the engine's: abort only stops
// the current test, and the engine tears down before it resolves.

import {useEffect, useMemo, useReducer, useRef} from 'react';
import {firstLineOf, signalExitCode} from '../../../domain/errors.js';
import {guardInterrupts} from '../../../probe/interrupt.js';
import {evidenceOf, keepLine, keepRun, planProbe, runProbeSession} from '../../../probe/probe-session.js';
import type {Provider} from '../../../providers/provider.js';
import type {FinishedProbe, ProbeEngineLoader, ProviderLoaders} from '../wizard/probe-engine.js';
import type {FormValues} from './probe-form.js';
import {initialProbeState, type ProbeState, probeReducer} from './probe-reducer.js';

export interface ProbeActions {
	readonly move: (delta: number) => void;
	readonly cycle: (delta: number) => void;
	readonly typeText: (text: string) => void;
	readonly erase: () => void;
	readonly submit: () => void;
	readonly back: () => void;
	readonly start: () => void;
	/** Esc / Ctrl-C while running: abort; teardown still runs. */
	readonly interrupt: () => void;
}

export interface ProbeDeps {
	readonly providers: ProviderLoaders;
	readonly probeEngine: ProbeEngineLoader;
	/** A complete run, once kept: its evidence. Partial runs are kept (marked) but never reported here. */
	readonly onFinished: (finished: FinishedProbe) => void;
	/** The form's values to open on (e.g. filled from the recommendation); default the form's defaults. */
	readonly initialValues?: FormValues;
}

export function useProbeState(deps: ProbeDeps): readonly [ProbeState, ProbeActions] {
	const [state, dispatch] = useReducer(probeReducer, deps.initialValues, initialProbeState);
	const provider = useRef<Provider | null>(null);
	const controller = useRef<AbortController | null>(null);
	const depsRef = useRef(deps);
	depsRef.current = deps;

	const {phase, request} = state;
	useEffect(() => {
		if (phase !== 'planning' || !request) {
			return;
		}

		let current = true;
		const load = depsRef.current.providers[request.provider];
		(async () => {
			if (!load) {
				throw new Error(`provider ${request.provider} is not available here`);
			}

			const loaded = await load();
			provider.current = loaded;
			// The CLI's plan: its hold time (tests plus per-step overhead) and the catalogue's price, one cost.
			return (await planProbe(loaded, request)).estimate;
		})().then(
			(plan) => current && dispatch({type: 'plan-ready', plan}),
			(error: unknown) => current && dispatch({type: 'plan-failed', message: firstLineOf(error)}),
		);
		return () => {
			current = false;
		};
	}, [phase, request]);

	useEffect(() => {
		if (phase !== 'running' || !request || !provider.current || controller.current) {
			return;
		}

		const abort = new AbortController();
		controller.current = abort;
		const running = provider.current;
		// A closed terminal (SIGHUP, EIO on Ink's writes), SIGTERM or a lost output stop the run like Esc does;
		// once it is torn down and kept, the wizard ends 128 + n (interrupt.ts): nobody is left to read it.
		const guard = guardInterrupts({write: () => undefined});
		guard.signal.addEventListener('abort', () => abort.abort(), {once: true});
		(async () => {
			const engine = await depsRef.current.probeEngine();
			// The probe session `netplace probe` runs: partial runs marked, kept by the one save policy.
			const run = await runProbeSession(running, request, {
				signal: abort.signal,
				onEvent: (event) => dispatch({type: 'event', event}),
				runner: engine.runProbe,
			});
			const outcome = await keepRun(run, request.target, async () => engine);
			const kept = keepLine(run, outcome);
			const partial = outcome.kind === 'saved' && outcome.status === 'partial';
			if (kept !== null && (outcome.kind === 'not-saved' || partial)) {
				dispatch({type: 'event', event: {type: 'note', text: kept.replace(/^netplace: /, '')}});
			}

			const measurements = evidenceOf(run);
			if (measurements.length > 0) {
				depsRef.current.onFinished({runId: run.runId, measurements, kept: outcome.kind === 'saved'});
			}

			dispatch({type: 'finished', run, measurements});
		})()
			.catch((error: unknown) => dispatch({type: 'run-failed', message: firstLineOf(error)}))
			.finally(() => {
				controller.current = null;
				guard.dispose();
				const signal = guard.interruptedBy();
				if (signal !== null) process.exit(signalExitCode(signal));
			});
	}, [phase, request]);

	const actions = useMemo<ProbeActions>(
		() => ({
			move: (delta) => dispatch({type: 'move', delta}),
			cycle: (delta) => dispatch({type: 'cycle', delta}),
			typeText: (text) => dispatch({type: 'type-text', text}),
			erase: () => dispatch({type: 'erase'}),
			submit: () => dispatch({type: 'submit'}),
			back: () => dispatch({type: 'back'}),
			start: () => dispatch({type: 'start'}),
			interrupt() {
				controller.current?.abort();
				dispatch({type: 'interrupt'});
			},
		}),
		[],
	);
	return [state, actions];
}

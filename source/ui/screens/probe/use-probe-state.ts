// The probe screen's state hook: the pure reducer plus the I/O it asks for — load the provider, ask it for
// the plan, run the probe with an AbortController, keep the run. Teardown is the engine's: abort only stops
// the current test, and the engine tears down before it resolves.

import {useEffect, useMemo, useReducer, useRef} from 'react';
import {firstLineOf, signalExitCode} from '../../../domain/errors.js';
import type {Measurement} from '../../../domain/types.js';
import {guardInterrupts} from '../../../probe/interrupt.js';
import {networkSplits} from '../../../probe/network-split.js';
import {evidenceOf, keepLine, keepRun, planProbe, runProbeSession} from '../../../probe/probe-session.js';
import {runLabel} from '../../../probe/run-label.js';
import type {ProbeRun} from '../../../probe/types.js';
import type {ProbeTarget, Provider} from '../../../providers/provider.js';
import type {FinishedProbe, ProbeEngine, ProbeEngineLoader, ProviderLoaders} from '../wizard/probe-engine.js';
import type {FormValues, ProbeRequest} from './probe-form.js';
import {initialProbeState, type ProbeAction, type ProbeState, probeReducer} from './probe-reducer.js';

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

interface RunContext {
	readonly engine: ProbeEngine;
	readonly signal: AbortSignal;
	readonly dispatch: (action: ProbeAction) => void;
}

/** One run through the probe session `netplace probe` runs (partial runs marked), kept by the one save policy. */
async function runOne(
	provider: Provider,
	request: ProbeRequest,
	context: RunContext,
): Promise<{run: ProbeRun; kept: boolean}> {
	const {engine, signal, dispatch} = context;
	const run = await runProbeSession(provider, request, {
		signal,
		onEvent: (event) => dispatch({type: 'event', event}),
		runner: engine.runProbe,
	});
	const outcome = await keepRun(run, request.target, async () => engine);
	const kept = keepLine(run, outcome);
	const partial = outcome.kind === 'saved' && outcome.status === 'partial';
	if (kept !== null && (outcome.kind === 'not-saved' || partial)) {
		dispatch({type: 'event', event: {type: 'note', text: kept.replace(/^netplace: /, '')}});
	}

	return {run, kept: outcome.kind === 'saved'};
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
			// A request of several runs (k8s: node pairs x networks) is the provider's split, run one after another
			// as `netplace probe` runs them; an abort stops after the current run's teardown.
			const targets = running.runTargets
				? await running.runTargets(request.target, {signal: abort.signal})
				: [request.target];
			const done: Array<{target: ProbeTarget; run: ProbeRun}> = [];
			const measurements: Measurement[] = [];
			for (const [index, target] of targets.entries()) {
				if (done.length > 0 && abort.signal.aborted) break;
				dispatch({type: 'run-started', label: runLabel(target, index, targets.length)});
				const {run, kept} = await runOne(running, {...request, target}, {engine, signal: abort.signal, dispatch});
				done.push({target, run});
				const evidence = evidenceOf(run);
				measurements.push(...evidence);
				if (evidence.length > 0) depsRef.current.onFinished({runId: run.runId, run, measurements: evidence, kept});
			}

			const [last, ...before] = done.map((each) => each.run).reverse();
			if (last === undefined) throw new Error('the provider found nothing to probe');
			dispatch({type: 'finished', run: last, measurements, earlier: before.reverse(), splits: networkSplits(done)});
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

// Ctrl-C during a probe: the first SIGINT (or any other signal that would end the process: handledSignals)
// aborts the run through an AbortController so teardown runs; further signals are ignored while it does, and
// say so. An output that goes away (output-lost.ts) is one too: a closed pipe as SIGPIPE, a closed terminal or
// any other output error as SIGHUP. The command then exits 128 + the signal's number (errors.ts
// signalExitCode: 141 for a closed pipe, 129 for a lost terminal). An exception nothing caught (a library's
// event with no listener) is the last resort: it too aborts into teardown instead of ending the process
// before it, and the command then ends exit 1 (`crashedWith`). Dispose restores the defaults.

import {constants} from 'node:os';
import {messageOf} from '../domain/errors.js';
import {markTerminalLost, whenOutputLost} from './output-lost.js';

export interface InterruptGuard {
	readonly signal: AbortSignal;
	/** Which signal interrupted the run, or null. */
	readonly interruptedBy: () => NodeJS.Signals | null;
	/** The exception nothing else caught that stopped the run, or null. */
	readonly crashedWith: () => Error | null;
	dispose(): void;
}

/**
 * Every signal whose default action ends the process and that a process may handle: the terminal's and a
 * supervisor's (INT, TERM, HUP, QUIT), and the rest a `kill -s` can send (USR2, ALRM, VTALRM, XCPU, XFSZ, POLL,
 * PWR, STKFLT, SYS, TRAP). Not: KILL and STOP (they cannot be caught), USR1 (Node's inspector), PIPE (Node
 * ignores it; a closed pipe is EPIPE, output-lost.ts), PROF (V8's sampling profiler), and SEGV, BUS, FPE, ILL
 * and ABRT (faults from inside, after which Node says running JavaScript is not safe).
 */
export const handledSignals: readonly NodeJS.Signals[] = (
	[
		'SIGINT',
		'SIGTERM',
		'SIGHUP',
		'SIGQUIT',
		'SIGUSR2',
		'SIGALRM',
		'SIGVTALRM',
		'SIGXCPU',
		'SIGXFSZ',
		'SIGPOLL',
		'SIGPWR',
		'SIGSTKFLT',
		'SIGSYS',
		'SIGTRAP',
	] as const
).filter((signal) => signal in constants.signals);
const handled = handledSignals;
const crashEvent = 'uncaughtException';

export interface InterruptOptions {
	readonly write?: (line: string) => void;
	/** For tests: an emitter standing in for `process`. */
	readonly target?: Pick<NodeJS.Process, 'on' | 'off'>;
	/** For tests: where a lost output is told (default output-lost.ts). */
	readonly onOutputLost?: typeof whenOutputLost;
}

function describeSignal(signal: NodeJS.Signals, code: string | null): string {
	if (code !== null) return `the output went away (${code})`;
	return signal === 'SIGINT' ? 'interrupted' : `got ${signal}`;
}

export function guardInterrupts(options: InterruptOptions = {}): InterruptGuard {
	const controller = new AbortController();
	const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
	const target = options.target ?? process;
	let first: NodeJS.Signals | null = null;
	let crash: Error | null = null;
	// Node calls a signal's listeners with (name, number): only the name is read.
	const onSignal = (signal: NodeJS.Signals): void => stop(signal, null);
	const onCrash = (error: unknown): void => {
		const stopping = first === null && crash === null;
		crash ??= error instanceof Error ? error : new Error(String(error));
		const what = stopping ? 'stopping the probe and tearing down' : 'teardown goes on';
		write(`netplace: unexpected error (${messageOf(error).split('\n')[0]}): ${what}`);
		if (stopping) controller.abort(crash);
	};
	const stop = (signal: NodeJS.Signals, outputCode: string | null): void => {
		if (signal === 'SIGHUP') markTerminalLost();
		if (first === null && crash === null) {
			first = signal;
			write(
				`netplace: ${describeSignal(signal, outputCode)}: stopping the probe and tearing down (Ctrl-C again is ignored until teardown finishes)`,
			);
			controller.abort(new Error(`${signal}`));
			return;
		}

		write(`netplace: teardown in progress: ${signal === 'SIGINT' ? 'Ctrl-C' : signal} ignored until it finishes`);
	};

	for (const signal of handled) target.on(signal, onSignal);
	target.on(crashEvent, onCrash);
	const stopListening = (options.onOutputLost ?? whenOutputLost)((code) => {
		if (first === null) stop(code === 'EPIPE' ? 'SIGPIPE' : 'SIGHUP', code);
	});
	return {
		signal: controller.signal,
		interruptedBy: () => first,
		crashedWith: () => crash,
		dispose() {
			for (const signal of handled) target.off(signal, onSignal);
			target.off(crashEvent, onCrash);
			stopListening();
		},
	};
}

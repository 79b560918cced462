// Ctrl-C during a probe: the first SIGINT (or SIGTERM, SIGHUP, SIGQUIT) aborts the run through an
// AbortController so teardown runs; further signals are ignored while it does, and say so. An output that
// goes away (output-lost.ts) is one too: a closed pipe as SIGPIPE, a closed terminal or any other output
// error as SIGHUP. The command then exits 128 + the signal's number (errors.ts signalExitCode: 141 for a
// closed pipe, 129 for a lost terminal). Dispose restores the defaults.

import {whenOutputLost} from './output-lost.js';

export interface InterruptGuard {
	readonly signal: AbortSignal;
	/** Which signal interrupted the run, or null. */
	readonly interruptedBy: () => NodeJS.Signals | null;
	dispose(): void;
}

export const handledSignals: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'];
const handled = handledSignals;

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
	// Node calls a signal's listeners with (name, number): only the name is read.
	const onSignal = (signal: NodeJS.Signals): void => stop(signal, null);
	const stop = (signal: NodeJS.Signals, outputCode: string | null): void => {
		if (first === null) {
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
	const stopListening = (options.onOutputLost ?? whenOutputLost)((code) => {
		if (first === null) stop(code === 'EPIPE' ? 'SIGPIPE' : 'SIGHUP', code);
	});
	return {
		signal: controller.signal,
		interruptedBy: () => first,
		dispose() {
			for (const signal of handled) target.off(signal, onSignal);
			stopListening();
		},
	};
}

// Ctrl-C during a probe: the first SIGINT (or SIGTERM, SIGHUP, SIGQUIT) aborts the run through an
// AbortController so teardown runs; further signals are ignored while it does, and say so. The command then
// exits 128 + the signal's number (errors.ts signalExitCode). Dispose restores the defaults.

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
}

export function guardInterrupts(options: InterruptOptions = {}): InterruptGuard {
	const controller = new AbortController();
	const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
	const target = options.target ?? process;
	let first: NodeJS.Signals | null = null;
	const onSignal = (signal: NodeJS.Signals): void => {
		if (first === null) {
			first = signal;
			write(
				`netplace: ${signal === 'SIGINT' ? 'interrupted' : `got ${signal}`}: stopping the probe and tearing down (Ctrl-C again is ignored until teardown finishes)`,
			);
			controller.abort(new Error(`${signal}`));
			return;
		}

		write(`netplace: teardown in progress: ${signal === 'SIGINT' ? 'Ctrl-C' : signal} ignored until it finishes`);
	};

	for (const signal of handled) target.on(signal, onSignal);
	return {
		signal: controller.signal,
		interruptedBy: () => first,
		dispose() {
			for (const signal of handled) target.off(signal, onSignal);
		},
	};
}

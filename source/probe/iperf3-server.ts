// Start `iperf3 -s` on a host and wait until it listens (polled with `ss`, so the first client test is
// not refused); if the server exits first, its own error is the failure.

import type {BackgroundProcess, ExecResult, Host, Provider} from '../providers/provider.js';

const listenTimeoutMs = 15_000;
const pollMs = 100;

export function iperf3ServerArgv(port: number): string[] {
	return ['iperf3', '-s', '-p', String(port)];
}

function lastLine(text: string): string {
	return text.trim().split('\n').at(-1)?.trim() ?? '';
}

async function isListening(
	provider: Provider,
	host: Host,
	port: number,
	signal?: AbortSignal,
): Promise<boolean | null> {
	try {
		const result = await provider.exec(host, ['ss', '-Hltn', 'sport', '=', `:${port}`], {
			timeoutMs: 5000,
			...(signal ? {signal} : {}),
		});
		if (result.code === 127) return null;
		return result.code === 0 && result.stdout.trim().length > 0;
	} catch {
		return null;
	}
}

/** Waits until a launched server listens. Throws (after stopping it) when it exits or never listens. */
export async function waitUntilListening(
	provider: Provider,
	host: Host,
	port: number,
	server: BackgroundProcess,
	signal?: AbortSignal,
): Promise<void> {
	let exited: ExecResult | null = null;
	void server.exited.then(
		(result) => {
			exited = result;
		},
		() => {
			exited = {code: null, stdout: '', stderr: 'iperf3 server failed'};
		},
	);
	const deadline = Date.now() + listenTimeoutMs;
	try {
		for (;;) {
			if (signal?.aborted) throw new Error('aborted');
			const done = exited as ExecResult | null;
			if (done !== null) {
				const why = lastLine(done.stderr) || lastLine(done.stdout) || `exit code ${String(done.code)}`;
				throw new Error(`iperf3 server on ${host.name} exited: ${why}`);
			}

			const listening = await isListening(provider, host, port, signal);
			if (listening === true) return;
			if (listening === null) {
				// No `ss` on the host: give the server a moment instead.
				await new Promise((resolve) => setTimeout(resolve, 1000));
				if ((exited as ExecResult | null) === null) return;
				continue;
			}

			if (Date.now() > deadline)
				throw new Error(
					`iperf3 server on ${host.name} did not listen on port ${port} within ${listenTimeoutMs / 1000} s`,
				);
			await new Promise((resolve) => setTimeout(resolve, pollMs));
		}
	} catch (error: unknown) {
		await server.stop();
		throw error;
	}
}

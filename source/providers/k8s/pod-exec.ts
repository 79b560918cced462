// Commands in a probe pod, through the API server's exec (a WebSocket speaking the v5/v4 channel protocol:
// stdout on channel 1, stderr on 2, and on 3 the Status the command ended with: `Success`, or `Failure` with
// reason NonZeroExitCode and the code in details.causes[reason=ExitCode]). A background command (the iperf3
// servers) first prints its shell's pid, so stopping it kills it in the pod: closing the WebSocket alone does
// not end a command the kubelet started.

import {Writable} from 'node:stream';
import type {V1Status} from '@kubernetes/client-node';
import {printable} from '../../domain/printable.js';
import type {BackgroundProcess, ExecOptions, ExecResult} from '../provider.js';
import type {Kube} from './kube.js';
import {containerName} from './pod-spec.js';

/** The exit code a Status names: 0 for Success, the ExitCode cause for NonZeroExitCode, else 127 (not started). */
export function exitCodeOf(status: V1Status | null): number | null {
	if (status === null) return null;
	if (status.status === 'Success') return 0;
	const cause = status.details?.causes?.find((each) => each.reason === 'ExitCode');
	const code = Number(cause?.message);
	return Number.isInteger(code) ? code : 127;
}

function collector(onChunk?: (chunk: string) => void): {stream: Writable; text: () => string} {
	const chunks: string[] = [];
	const stream = new Writable({
		write(chunk: Buffer, _encoding, done) {
			const text = chunk.toString('utf8');
			chunks.push(text);
			onChunk?.(text);
			done();
		},
	});
	return {stream, text: () => chunks.join('')};
}

interface Running {
	readonly exited: Promise<ExecResult>;
	readonly close: () => void;
}

/** Starts argv in the pod; `exited` settles when the WebSocket closes (with the Status, if one came). */
async function start(kube: Kube, pod: string, argv: readonly string[], onStdout?: (chunk: string) => void) {
	const stdout = collector(onStdout);
	const stderr = collector();
	let status: V1Status | null = null;
	const socket = await kube.exec.exec(
		kube.namespace,
		pod,
		containerName,
		[...argv],
		stdout.stream,
		stderr.stream,
		null,
		false,
		(answer) => {
			status = answer;
		},
	);
	const exited = new Promise<ExecResult>((resolve) => {
		const finish = (): void => {
			const failure = status?.status === 'Failure' && status.reason !== 'NonZeroExitCode' ? status.message : null;
			const said = failure ? `${stderr.text()}${printable(failure ?? '')}\n` : stderr.text();
			resolve({code: exitCodeOf(status), stdout: stdout.text(), stderr: said});
		};
		socket.on('close', finish);
		socket.on('error', finish);
	});
	return {exited, close: () => socket.close()} satisfies Running;
}

/** Runs argv in the pod and waits for it (a timeout or an abort closes it: code null). */
export async function execInPod(
	kube: Kube,
	pod: string,
	argv: readonly string[],
	options: ExecOptions = {},
): Promise<ExecResult> {
	if (options.signal?.aborted) return {code: null, stdout: '', stderr: 'aborted'};
	let running: Running;
	try {
		running = await start(kube, pod, argv, options.onStdout);
	} catch (error: unknown) {
		return {code: null, stdout: '', stderr: printable(error instanceof Error ? error.message : String(error))};
	}

	const stop = (): void => running.close();
	const timer = options.timeoutMs === undefined ? undefined : setTimeout(stop, options.timeoutMs);
	options.signal?.addEventListener('abort', stop, {once: true});
	try {
		return await running.exited;
	} finally {
		if (timer) clearTimeout(timer);
		options.signal?.removeEventListener('abort', stop);
	}
}

/** The shell prints its pid, then becomes the command: `kill PID` in the pod stops it. */
const pidFirst = 'echo "$$"; exec "$@"';

/** A long-running command in the pod (the iperf3 servers); `stop` kills it there and waits for it to end. */
export async function startInPod(kube: Kube, pod: string, argv: readonly string[]): Promise<BackgroundProcess> {
	let resolvePid: (pid: number | null) => void = () => undefined;
	const remotePid = new Promise<number | null>((resolve) => {
		resolvePid = resolve;
	});
	let seen = '';
	const running = await start(kube, pod, ['sh', '-c', pidFirst, 'netplace', ...argv], (chunk) => {
		seen += chunk;
		const line = /^(\d+)\n/.exec(seen);
		if (line) resolvePid(Number(line[1]));
	});
	const exited = running.exited.then((result) => {
		resolvePid(null);
		return {...result, stdout: result.stdout.replace(/^\d+\n/, '')};
	});
	let stopping: Promise<void> | undefined;
	const stop = async (): Promise<void> => {
		stopping ??= (async () => {
			const pid = await Promise.race([remotePid, exited.then(() => null)]);
			if (pid !== null) await execInPod(kube, pod, ['kill', String(pid)], {timeoutMs: 10_000});
			const ended = await Promise.race([exited.then(() => true), delayed(5000)]);
			if (!ended) running.close();
			await exited;
		})();
		return stopping;
	};
	return {stop, exited, remotePid};
}

async function delayed(ms: number): Promise<false> {
	return new Promise((resolve) => setTimeout(() => resolve(false), ms).unref());
}

// Local processes for the lab: argv straight to child_process.spawn (never a shell), with a timeout, an
// abort signal and streamed stdout; background processes that stop with SIGTERM, then SIGKILL, and are waited for.

import {type ChildProcess, spawn} from 'node:child_process';
import {InterruptedError, RuntimeError} from '../../domain/errors.js';
import type {BackgroundProcess, ExecOptions, ExecResult} from '../provider.js';

export interface RunOptions extends ExecOptions {
	/** Written to stdin, which is then closed. */
	readonly input?: string;
}

/** Graceful stop: SIGTERM, up to `graceMs` for it to go, then SIGKILL, and wait. */
export async function stopChild(child: ChildProcess, exited: Promise<unknown>, graceMs = 2000): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return;
	child.kill('SIGTERM');
	// The grace timer is cleared as soon as the child goes: a pending timer would hold the process open.
	let timer: NodeJS.Timeout | undefined;
	const graceOver = new Promise<false>((resolve) => {
		timer = setTimeout(() => resolve(false), graceMs);
	});
	const gone = await Promise.race([exited.then(() => true), graceOver]);
	clearTimeout(timer);
	if (!gone) {
		child.kill('SIGKILL');
		await exited;
	}
}

function collect(child: ChildProcess, onStdout?: (chunk: string) => void): Promise<ExecResult> {
	let stdout = '';
	let stderr = '';
	child.stdout?.setEncoding('utf8');
	child.stderr?.setEncoding('utf8');
	child.stdout?.on('data', (chunk: string) => {
		stdout += chunk;
		onStdout?.(chunk);
	});
	child.stderr?.on('data', (chunk: string) => {
		stderr += chunk;
	});
	return new Promise((resolve) => {
		child.once('error', (error) => {
			resolve({code: 127, stdout, stderr: stderr + error.message});
		});
		child.once('close', (code) => {
			resolve({code, stdout, stderr});
		});
	});
}

/** Run argv and wait. A timeout throws RuntimeError, an abort InterruptedError (the process is stopped first). */
export async function runCommand(argv: readonly string[], options: RunOptions = {}): Promise<ExecResult> {
	if (options.signal?.aborted) throw new InterruptedError();
	const [command, ...args] = argv;
	if (command === undefined) throw new RuntimeError('empty command');
	const child = spawn(command, args, {stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe']});
	const done = collect(child, options.onStdout);
	if (options.input !== undefined) {
		child.stdin?.on('error', () => undefined);
		child.stdin?.end(options.input);
	}

	let stopReason: 'timeout' | 'abort' | undefined;
	const stop = (reason: 'timeout' | 'abort'): void => {
		stopReason ??= reason;
		void stopChild(child, done, 1000);
	};

	const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => stop('timeout'), options.timeoutMs);
	const onAbort = (): void => stop('abort');
	options.signal?.addEventListener('abort', onAbort, {once: true});
	try {
		const result = await done;
		if (stopReason === 'abort') throw new InterruptedError();
		if (stopReason === 'timeout') {
			throw new RuntimeError(`${argv.join(' ')} timed out after ${options.timeoutMs} ms`);
		}

		return result;
	} finally {
		clearTimeout(timer);
		options.signal?.removeEventListener('abort', onAbort);
	}
}

/** Run argv; a non-zero exit throws a RuntimeError quoting the command and its stderr's last line. */
export async function runChecked(argv: readonly string[], options: RunOptions = {}): Promise<string> {
	const result = await runCommand(argv, options);
	if (result.code !== 0) {
		const why = result.stderr.trim().split('\n').at(-1) ?? '';
		throw new RuntimeError(`${argv.slice(0, 6).join(' ')} failed (exit ${String(result.code)}): ${why}`);
	}

	return result.stdout;
}

export interface LocalBackground extends BackgroundProcess {
	readonly pid: number | undefined;
	/** Write to its stdin (only when started with `stdin: true`). */
	write(text: string): void;
}

/** Start argv in the background. `stop()` is idempotent: SIGTERM, then SIGKILL after a grace period. */
export function startProcess(
	argv: readonly string[],
	options: {readonly stdin?: boolean; readonly onStdout?: (chunk: string) => void} = {},
): LocalBackground {
	const [command, ...args] = argv;
	if (command === undefined) throw new RuntimeError('empty command');
	const child = spawn(command, args, {stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe']});
	child.stdin?.on('error', () => undefined);
	const exited = collect(child, options.onStdout);
	let stopping: Promise<void> | undefined;
	return {
		pid: child.pid,
		exited,
		write(text: string) {
			child.stdin?.write(text);
		},
		async stop() {
			stopping ??= stopChild(child, exited);
			return stopping;
		},
	};
}

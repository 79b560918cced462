// One remote command over an ssh2 client: the login shell prints its pid, then execs argv (quoted once,
// here), so the command can later be signalled by pid through a second channel.

import {setTimeout as delay} from 'node:timers/promises';
import type {Client, ClientChannel} from 'ssh2';
import {RuntimeError} from '../../domain/errors.js';
import type {ExecResult} from '../provider.js';
import {shellJoin} from './shell-quote.js';

const pidMarker = '__netplace_pid__';

export interface RemoteRun {
	/** The remote pid (null when the shell did not print it). */
	readonly pid: Promise<number | null>;
	readonly done: Promise<ExecResult>;
	readonly channel: ClientChannel;
}

/** What one run's channel has said so far: the pid line first (the head), then argv's own output. */
interface RunOutput {
	head: string;
	headDone: boolean;
	stdout: string;
	stderr: string;
	code: number | null;
	readonly resolvePid: (pid: number | null) => void;
	readonly onStdout: ((chunk: string) => void) | undefined;
}

/** Start argv remotely; the login shell prints its pid first, then execs argv (so the pid is argv's). */
export async function startRemote(
	client: Client,
	target: string,
	argv: readonly string[],
	onStdout?: (chunk: string) => void,
): Promise<RemoteRun> {
	let resolvePid: (pid: number | null) => void = () => undefined;
	const pid = new Promise<number | null>((resolve) => {
		resolvePid = resolve;
	});
	const output: RunOutput = {head: '', headDone: false, stdout: '', stderr: '', code: null, resolvePid, onStdout};
	const command = `echo ${pidMarker}$$; exec ${shellJoin(argv)}`;
	const {channel, heard: done} = await openChannel(client, target, command, (opened) => listen(opened, output));
	return {pid, done, channel};
}

/**
 * What the channel says, heard from the moment it opens: ssh2 can parse a short command's whole life (its
 * output, exit status and close) in the same read as the channel's opening, before an awaiting caller would
 * resume, so a listener added after an `await` missed the exit status (one exec in about a hundred, at four
 * at once: code null for a command that exited 0).
 */
function listen(channel: ClientChannel, output: RunOutput): Promise<ExecResult> {
	channel.setEncoding('utf8');
	channel.stderr.setEncoding('utf8');
	channel.on('data', (chunk: string) => readStdout(output, chunk));
	channel.stderr.on('data', (chunk: string) => {
		output.stderr += chunk;
	});
	channel.on('exit', (exitCode: number | null) => {
		output.code = typeof exitCode === 'number' ? exitCode : null;
	});
	return new Promise<ExecResult>((resolve) => {
		channel.on('close', () => resolve(finish(output)));
	});
}

/** Open an exec channel; `hear` listens to it before anything else can run. */
async function openChannel<T>(
	client: Client,
	target: string,
	command: string,
	hear: (channel: ClientChannel) => T,
): Promise<{channel: ClientChannel; heard: T}> {
	return new Promise((resolve, reject) => {
		client.exec(command, (error, stream) => {
			if (error) {
				reject(new RuntimeError(`SSH exec on ${target} failed: ${error.message}`));
			} else {
				resolve({channel: stream, heard: hear(stream)});
			}
		});
	});
}

function take(output: RunOutput, chunk: string): void {
	output.stdout += chunk;
	output.onStdout?.(chunk);
}

/** Until the first newline, the head (the pid line); argv's output after it. */
function readStdout(output: RunOutput, chunk: string): void {
	if (output.headDone) {
		take(output, chunk);
		return;
	}

	output.head += chunk;
	const newline = output.head.indexOf('\n');
	if (newline === -1) {
		return;
	}

	output.headDone = true;
	const first = output.head.slice(0, newline);
	const rest = output.head.slice(newline + 1);
	output.head = '';
	if (first.startsWith(pidMarker)) {
		const parsed = Number.parseInt(first.slice(pidMarker.length), 10);
		output.resolvePid(Number.isFinite(parsed) ? parsed : null);
		if (rest) {
			take(output, rest);
		}
	} else {
		output.resolvePid(null);
		take(output, `${first}\n${rest}`);
	}
}

/** The channel closed: no pid if none was printed, a partial head that is not the pid line is output. */
function finish(output: RunOutput): ExecResult {
	if (!output.headDone) {
		output.resolvePid(null);
		if (output.head && !output.head.startsWith(pidMarker)) {
			take(output, output.head);
		}
	}

	return {code: output.code, stdout: output.stdout, stderr: output.stderr};
}

/** Best effort: send a signal to the remote process (channel signal, then `kill` on a second channel). */
export async function signalRemote(
	client: Client | undefined,
	target: string,
	run: RemoteRun,
	signalName: 'TERM' | 'KILL',
): Promise<void> {
	// On a busy host the shell can take seconds to print its pid: wait for it (or for the command to end).
	// The waits are unref'd: a finished probe must not stay alive 30 s for a timer nobody waits on any more.
	const pid = await Promise.race([run.pid, run.done.then(() => null), delay(30_000, null, {ref: false})]);
	try {
		run.channel.signal(signalName);
	} catch {
		// The server may not support channel signals; the kill below covers it.
	}

	if (pid === null || !client) {
		return;
	}

	try {
		const kill = await startRemote(client, target, ['kill', `-${signalName}`, String(pid)]);
		await Promise.race([kill.done, delay(5000, undefined, {ref: false})]);
	} catch {
		// The connection may be gone; closing the channel is all that is left.
	}
}

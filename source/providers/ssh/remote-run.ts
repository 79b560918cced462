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

/** Start argv remotely; the login shell prints its pid first, then execs argv (so the pid is argv's). */
export async function startRemote(
	client: Client,
	target: string,
	argv: readonly string[],
	onStdout?: (chunk: string) => void,
): Promise<RemoteRun> {
	const command = `echo ${pidMarker}$$; exec ${shellJoin(argv)}`;
	const channel = await new Promise<ClientChannel>((resolve, reject) => {
		client.exec(command, (error, stream) => {
			if (error) {
				reject(new RuntimeError(`SSH exec on ${target} failed: ${error.message}`));
			} else {
				resolve(stream);
			}
		});
	});
	let resolvePid: (pid: number | null) => void = () => undefined;
	const pid = new Promise<number | null>((resolve) => {
		resolvePid = resolve;
	});
	let head = '';
	let headDone = false;
	let stdout = '';
	let stderr = '';
	const take = (chunk: string): void => {
		stdout += chunk;
		onStdout?.(chunk);
	};

	channel.setEncoding('utf8');
	channel.stderr.setEncoding('utf8');
	channel.on('data', (chunk: string) => {
		if (headDone) {
			take(chunk);
			return;
		}

		head += chunk;
		const newline = head.indexOf('\n');
		if (newline === -1) {
			return;
		}

		headDone = true;
		const first = head.slice(0, newline);
		const rest = head.slice(newline + 1);
		head = '';
		if (first.startsWith(pidMarker)) {
			const parsed = Number.parseInt(first.slice(pidMarker.length), 10);
			resolvePid(Number.isFinite(parsed) ? parsed : null);
			if (rest) {
				take(rest);
			}
		} else {
			resolvePid(null);
			take(`${first}\n${rest}`);
		}
	});
	channel.stderr.on('data', (chunk: string) => {
		stderr += chunk;
	});
	let code: number | null = null;
	channel.on('exit', (exitCode: number | null) => {
		code = typeof exitCode === 'number' ? exitCode : null;
	});
	const done = new Promise<ExecResult>((resolve) => {
		channel.on('close', () => {
			if (!headDone) {
				resolvePid(null);
				if (head && !head.startsWith(pidMarker)) {
					take(head);
				}
			}

			resolve({code, stdout, stderr});
		});
	});
	return {pid, done, channel};
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

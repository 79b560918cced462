// Waiting for a cloud host's startup script: it installs iperf3 and says so; the skeleton polls over SSH
// until it has, and records what the host runs with the run.

import {setTimeout as delay} from 'node:timers/promises';
import {InterruptedError, RuntimeError} from '../../domain/errors.js';
import type {ExecResult} from '../provider.js';
import type {SshTransportLike} from '../ssh/ssh-transport.js';
import type {CloudProviderOptions} from './backend.js';
import {readyCheckArgv, readyCheckFailedCode} from './startup-script.js';

async function pause(ms: number, signal?: AbortSignal): Promise<void> {
	try {
		await delay(ms, undefined, {signal});
	} catch {
		throw new InterruptedError();
	}
}

const outputLines = (stdout: string): string[] =>
	stdout
		.trim()
		.split('\n')
		.map((line) => line.trim())
		.filter(Boolean);

/** What one ready check says: the host's software when ready, null while the script runs; throws when it gave up. */
function readyOutcome(result: ExecResult, name: string): string | null {
	const lines = outputLines(result.stdout);
	if (result.code === 0) {
		const [iperf, image] = lines;
		return `${image ?? 'unknown image'}, ${iperf ?? 'iperf3'}`;
	}

	if (result.code === readyCheckFailedCode) {
		throw new RuntimeError(
			`${name}: the startup script could not install iperf3: ${lines.slice(1).join('; ') || 'no error recorded'}`,
		);
	}

	return null;
}

/**
 * Polls the host until the startup script has finished (iperf3 present); returns what the host runs
 * ("Ubuntu 24.04.1 LTS, iperf 3.16 (cJSON 1.7.15)"), recorded with the run. When the script gave up, its
 * install error is reported at once rather than after every poll.
 */
export async function waitUntilReady(
	session: SshTransportLike,
	name: string,
	options: CloudProviderOptions,
	signal?: AbortSignal,
): Promise<string> {
	const polls = options.readyPolls ?? 60;
	let last = '';
	for (let poll = 1; poll <= polls; poll++) {
		const result = await session.exec(readyCheckArgv, {signal, timeoutMs: 30_000});
		const ready = readyOutcome(result, name);
		if (ready !== null) return ready;
		last = result.stderr.trim().split('\n')[0] ?? '';
		if (poll < polls) await pause(options.readyDelayMs ?? 5000, signal);
	}

	throw new RuntimeError(`${name}: iperf3 was not installed by the startup script in time${last ? ` (${last})` : ''}`);
}

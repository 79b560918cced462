// Which host key a cloud host must show: the fingerprints its console printed at boot (read through the
// cloud's own API: EC2 GetConsoleOutput, Compute getSerialPortOutput, OCI console history), as each cloud
// documents for verifying a first SSH connection. The startup script prints them (`netplace-host-key:` lines)
// and cloud-init prints its own block; either is read. When the console has none in time, the key is
// accepted on first use and its fingerprint shown; a key the console did not print is refused.

import {setTimeout as delay} from 'node:timers/promises';
import {InterruptedError, messageOf} from '../../domain/errors.js';
import type {HostKeyPolicy} from '../ssh/host-keys.js';

/** The marker the startup script puts before each `ssh-keygen -lf` line it writes to the console. */
export const hostKeyMarker = 'netplace-host-key:';

const fingerprintPattern = /SHA256:[A-Za-z0-9+/]{43}/g;

/**
 * The SHA256 fingerprints a console printed: on `netplace-host-key:` lines, or inside cloud-init's
 * `-----BEGIN SSH HOST KEY FINGERPRINTS-----` block (whatever prefix the console puts before each line).
 * Fingerprints anywhere else in the log are not trusted.
 */
export function consoleFingerprints(console: string): readonly string[] {
	const found = new Set<string>();
	let inBlock = false;
	for (const line of console.split(/\r?\n/)) {
		if (line.includes('BEGIN SSH HOST KEY FINGERPRINTS')) inBlock = true;
		else if (line.includes('END SSH HOST KEY FINGERPRINTS')) inBlock = false;
		else if (inBlock || line.includes(hostKeyMarker)) {
			for (const match of line.matchAll(fingerprintPattern)) found.add(match[0]);
		}
	}

	return [...found];
}

/** Reads the host's console as the cloud keeps it (text, possibly empty while the host boots). */
export type ConsoleReader = (signal?: AbortSignal) => Promise<string>;

export interface PinOptions {
	/** Console reads before falling back to first use (default 24, 5 s apart: two minutes). */
	readonly polls?: number;
	readonly delayMs?: number;
	readonly signal?: AbortSignal;
	/** Told what was decided, in one line (the fingerprints, or why first use). */
	readonly note: (text: string) => void;
}

/**
 * The policy for one host: its console's fingerprints once they appear, else first use with the fingerprint
 * shown. A console that cannot be read (no permission, an API error) is said, and first use follows.
 */
export async function hostKeyPolicyFor(name: string, read: ConsoleReader, options: PinOptions): Promise<HostKeyPolicy> {
	const polls = Math.max(1, options.polls ?? 24);
	let why = `its console printed no host key in ${polls} read(s)`;
	for (let poll = 1; poll <= polls; poll++) {
		if (options.signal?.aborted) throw new InterruptedError();
		try {
			const fingerprints = consoleFingerprints(await read(options.signal));
			if (fingerprints.length > 0) {
				options.note(`${name}: host key pinned to the console's ${fingerprints.join(', ')}`);
				return {sha256: fingerprints};
			}
		} catch (error: unknown) {
			if (error instanceof InterruptedError) throw error;
			why = `its console could not be read (${messageOf(error)})`;
			break;
		}

		if (poll < polls) {
			try {
				await delay(options.delayMs ?? 5000, undefined, {signal: options.signal});
			} catch {
				throw new InterruptedError();
			}
		}
	}

	return {
		firstUse: (fingerprint) => options.note(`${name}: host key ${fingerprint} accepted on first use: ${why}`),
	};
}

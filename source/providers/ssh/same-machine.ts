// Two names for one machine (`--hosts 127.0.0.1,127.0.0.2`, a host and its alias) would measure the machine
// against itself: the ends are refused when both read the same /etc/machine-id (systemd's machine-id(5): "a
// unique machine ID of the local system ... set during installation or boot") and the same network namespace
// (/proc/self/ns/net: two namespaces of one machine, as the lab's, are two network hosts). A host without a
// machine-id says nothing.

import {UserError} from '../../domain/errors.js';
import type {Exec} from './iperf3-check.js';

const machineIdPattern = /^[0-9a-f]{32}$/;
const namespacePattern = /^net:\[\d+\]$/;

async function read(exec: Exec, argv: readonly string[], pattern: RegExp): Promise<string | null> {
	try {
		const result = await exec(argv);
		const text = result.code === 0 ? result.stdout.trim() : '';
		return pattern.test(text) ? text : null;
	} catch {
		return null;
	}
}

/** The host's identity: its /etc/machine-id (null when it has none) and its network namespace where readable. */
export async function machineOf(exec: Exec): Promise<{readonly id: string | null; readonly net: string | null}> {
	const id = await read(exec, ['cat', '/etc/machine-id'], machineIdPattern);
	const net = id === null ? null : await read(exec, ['readlink', '/proc/self/ns/net'], namespacePattern);
	return {id, net};
}

/** Refuses, in one line, a sender and receiver that are one machine. */
export async function assertTwoMachines(sender: Exec, receiver: Exec, names: readonly [string, string]): Promise<void> {
	const [one, other] = await Promise.all([machineOf(sender), machineOf(receiver)]);
	if (one.id === null || one.id !== other.id) return;
	if (one.net !== null && other.net !== null && one.net !== other.net) return;
	throw new UserError(
		`--hosts ${names[0]} and ${names[1]} are one machine (the same /etc/machine-id, ${one.id.slice(0, 8)}…): give two different hosts`,
	);
}

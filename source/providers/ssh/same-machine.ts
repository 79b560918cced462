// Two names for one machine (`--hosts 127.0.0.1,127.0.0.2`, a host and its alias) would measure the machine
// against itself: the ends are refused when both read the same /etc/machine-id (systemd's machine-id(5): "a
// unique machine ID of the local system ... set during installation or boot") and the same network namespace
// (/proc/self/ns/net: two namespaces of one machine, as the lab's, are two network hosts). Where either end has
// no machine-id (a container, Alpine, a BSD), the host key it showed on connect decides: one sshd reached by two
// names shows one key (the same test of the network namespace applies). Two known, different machine-ids are
// two machines whatever their keys (an image cloned with its host keys).

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
	const net = await read(exec, ['readlink', '/proc/self/ns/net'], namespacePattern);
	return {id, net};
}

/** What makes the two ends one machine, or null: the same machine-id, else the same host key; either in one netns. */
function sameBy(
	one: {readonly id: string | null; readonly net: string | null},
	other: {readonly id: string | null; readonly net: string | null},
	keys: readonly [string | undefined, string | undefined],
): string | null {
	if (one.net !== null && other.net !== null && one.net !== other.net) return null;
	if (one.id !== null && other.id !== null) {
		return one.id === other.id ? `the same /etc/machine-id, ${one.id.slice(0, 8)}…` : null;
	}

	const [key, otherKey] = keys;
	return key !== undefined && key === otherKey ? `the same host key, ${key}` : null;
}

/** Refuses, in one line, a sender and receiver that are one machine; `keys` are the host keys each showed. */
export async function assertTwoMachines(
	sender: Exec,
	receiver: Exec,
	names: readonly [string, string],
	keys: readonly [string | undefined, string | undefined] = [undefined, undefined],
): Promise<void> {
	const [one, other] = await Promise.all([machineOf(sender), machineOf(receiver)]);
	const same = sameBy(one, other, keys);
	if (same === null) return;
	throw new UserError(`--hosts ${names[0]} and ${names[1]} are one machine (${same}): give two different hosts`);
}

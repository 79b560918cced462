// Names of the lab's resources, derived from the run id. Pure.
// Namespaces: `np-<run>-<n>-srv` / `-cli` (a run id that already starts with `np-` is not prefixed again).
// Interfaces inside a namespace are private to it (`np0`, `mgmt0`); the management veth's root-namespace end
// must be unique machine-wide and <= 15 chars: `npm` + 6 hex of the run + pair index + s|c.

import {createHash} from 'node:crypto';
import {UserError} from '../../domain/errors.js';

export type LabRole = 'srv' | 'cli';

export const dataInterface = 'np0';
export const managementInterface = 'mgmt0';

const runIdPattern = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,47}$/;
const namespacePattern = /^(np-[A-Za-z0-9_.-]+)-(\d+)-(srv|cli)$/;

/** The prefix every resource of a run carries. Throws UserError on a run id unfit for names. */
export function labRunPrefix(runId: string): string {
	if (!runIdPattern.test(runId)) {
		throw new UserError(`run id "${runId}" is not usable in namespace names (letters, digits, _ . - only, up to 48)`);
	}

	return runId.startsWith('np-') ? runId : `np-${runId}`;
}

export function namespaceName(runId: string, index: number, role: LabRole): string {
	return `${labRunPrefix(runId)}-${index}-${role}`;
}

export function parseNamespaceName(
	name: string,
): {readonly prefix: string; readonly index: number; readonly role: LabRole} | null {
	const match = namespacePattern.exec(name);
	if (!match?.[1] || !match[2] || !match[3]) return null;
	return {prefix: match[1], index: Number(match[2]), role: match[3] as LabRole};
}

export function managementLinkName(runId: string, index: number, role: LabRole): string {
	const hash = createHash('sha256').update(labRunPrefix(runId)).digest('hex').slice(0, 6);
	return `npm${hash}${index}${role === 'srv' ? 's' : 'c'}`;
}

/** Data addresses of pair n: 198.18.n.1 (server) and .2 (client), /24, inside the pair's namespaces only. */
export function dataAddresses(index: number): {
	readonly server: string;
	readonly client: string;
	readonly prefixLength: number;
} {
	const third = index % 256;
	return {server: `198.18.${third}.1`, client: `198.18.${third}.2`, prefixLength: 24};
}

/** The n-th /30 of 198.19.0.0/16 (management links): root end .1 and namespace end .2 of the block. */
export function managementAddresses(block: number): {readonly root: string; readonly inside: string} {
	const base = (block % 16_384) * 4;
	const third = Math.floor(base / 256);
	const fourth = base % 256;
	return {root: `198.19.${third}.${fourth + 1}`, inside: `198.19.${third}.${fourth + 2}`};
}

// Which address the sender reaches the receiver at. SSH may come in by a public address (or a management
// network) that is not the path the data should take: the receiver's own global IPv4 addresses are asked for,
// and the sender's routing table says which it reaches directly (no gateway) or at all. None: the address SSH
// used. Read only (`ip -o -4 addr`, `ip -o route get`): nothing is sent but what those read.

import type {Exec} from './iperf3-check.js';

export interface PeerAddress {
	readonly address: string;
	/** How it was chosen, for the pair's notes. */
	readonly why: string;
}

/** `ip -o -4 addr show scope global` -> the addresses, in the order the host lists them. */
export function parseGlobalAddresses(text: string): string[] {
	const found: string[] = [];
	for (const line of text.split('\n')) {
		const match = /\binet (\d{1,3}(?:\.\d{1,3}){3})\/\d+/.exec(line);
		if (match?.[1] && !found.includes(match[1])) found.push(match[1]);
	}

	return found;
}

/** `ip -o route get ADDR` -> how the sender reaches it: directly, through a gateway, or not at all. */
export function parseRoute(result: {
	readonly code: number | null;
	readonly stdout: string;
}): 'direct' | 'gateway' | null {
	if (result.code !== 0) return null;
	const line = result.stdout.split('\n')[0] ?? '';
	if (/^(unreachable|prohibit|blackhole)\b/.test(line) || !/\bdev \S+/.test(line)) return null;
	return /\bvia \S+/.test(line) ? 'gateway' : 'direct';
}

/** The receiver's address as the sender should reach it (see the header). */
export async function peerAddress(receiver: Exec, sender: Exec, sshHost: string): Promise<PeerAddress> {
	const listed = await receiver(['ip', '-o', '-4', 'addr', 'show', 'scope', 'global']);
	const candidates = listed.code === 0 ? parseGlobalAddresses(listed.stdout) : [];
	const routes = await Promise.all(
		candidates.map(async (address) => ({
			address,
			route: parseRoute(await sender(['ip', '-o', 'route', 'get', address])),
		})),
	);
	const rank = (route: 'direct' | 'gateway' | null, address: string): number =>
		(route === 'direct' ? 0 : route === 'gateway' ? 2 : 4) + (address === sshHost ? 0 : 1);
	const best = routes
		.filter((entry) => entry.route !== null)
		.sort((a, b) => rank(a.route, a.address) - rank(b.route, b.address))[0];
	if (best === undefined) {
		return {
			address: sshHost,
			why: `the sender has no route to the receiver's own addresses: measuring to ${sshHost}, the address SSH uses`,
		};
	}

	const how = best.route === 'direct' ? 'on a network the sender is on' : "through the sender's gateway";
	return {address: best.address, why: `the receiver's address ${best.address} (${how}) carries the tests`};
}

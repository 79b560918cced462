// Run ids: `np-<base36 time>-<random>`, short because lab namespace and interface names derive from them.

import {randomBytes} from 'node:crypto';

export const runIdPattern = /^np-[0-9a-z]{6,10}-[0-9a-z]{4}$/;

export function newRunId(now: number = Date.now()): string {
	const random = [...randomBytes(4)].map((byte) => (byte % 36).toString(36)).join('');
	return `np-${now.toString(36)}-${random}`;
}

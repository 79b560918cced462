// Running throughput from the kernel's interface counters (pure): parse `/proc/net/dev`, find the device
// `ip route get ADDR` names, and turn two snapshots of transmit bytes into decimal Gbps over their interval.

/** One interface's byte counters. */
export interface NetDevCounters {
	readonly rxBytes: number;
	readonly txBytes: number;
}

/** Interface name -> counters. Empty when the text is not `/proc/net/dev`. */
export type NetDevSnapshot = ReadonlyMap<string, NetDevCounters>;

/** Parses `/proc/net/dev`: two header lines, then `name: rx bytes packets … (8 fields) tx bytes …`. */
export function parseNetDev(text: string): NetDevSnapshot {
	const snapshot = new Map<string, NetDevCounters>();
	for (const line of text.split('\n')) {
		// Old kernels print no space after the colon ("eth0:1234 …"); the header lines contain '|'.
		const match = /^\s*([^\s:|]+):\s*(\d[\d\s]*)$/.exec(line);
		if (!match) continue;
		const fields = match[2]!.trim().split(/\s+/).map(Number);
		if (fields.length < 16 || fields.some((field) => !Number.isFinite(field))) continue;
		snapshot.set(match[1]!, {rxBytes: fields[0]!, txBytes: fields[8]!});
	}

	return snapshot;
}

/** The device in `ip route get ADDR` output ("198.18.0.1 dev veth0 src 198.18.0.2 uid 0"), or null. */
export function routeDevice(text: string): string | null {
	return /(?:^|\s)dev\s+(\S+)/.exec(text)?.[1] ?? null;
}

/** Transmit bytes of `device`, or of every non-loopback interface when device is null; null if absent. */
export function txBytes(snapshot: NetDevSnapshot, device: string | null): number | null {
	if (device !== null) return snapshot.get(device)?.txBytes ?? null;
	let sum = 0;
	let seen = false;
	for (const [name, counters] of snapshot) {
		if (name === 'lo') continue;
		sum += counters.txBytes;
		seen = true;
	}

	return seen ? sum : null;
}

/**
 * Decimal Gbps (as iperf3 reports: 1e9 bits/s) transmitted between two snapshots `elapsedMs` apart. Null when
 * the device is missing from either, the interval is not positive, or a counter went backwards (reset, or an
 * interface that came or went changed the non-loopback sum).
 */
export function txGbps(
	before: NetDevSnapshot,
	after: NetDevSnapshot,
	elapsedMs: number,
	device: string | null,
): number | null {
	if (!(elapsedMs > 0)) return null;
	if (device === null) {
		// Only interfaces present in both snapshots, so one appearing between them does not count as traffic.
		const common = new Map([...after].filter(([name]) => before.has(name)));
		before = new Map([...before].filter(([name]) => common.has(name)));
		after = common;
	}

	const first = txBytes(before, device);
	const last = txBytes(after, device);
	if (first === null || last === null || last < first) return null;
	return ((last - first) * 8) / (elapsedMs / 1000) / 1e9;
}

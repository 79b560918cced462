// AWS's instance-limit witnesses: the ENA driver's allowance counters in `ethtool -S <dev>`
// (`bw_in_allowance_exceeded`, `bw_out_allowance_exceeded`, `pps_allowance_exceeded`,
// `conntrack_allowance_exceeded`, `linklocal_allowance_exceeded`: packets queued or dropped because the
// instance's limit was exceeded; cumulative since boot). Source: AWS EC2 User Guide, "Monitor network
// performance for ENA settings on your EC2 instance" and "Troubleshoot the ENA driver on Linux" (statistics).
// Another driver (virtio_net, veth, an old ENA driver) has no such counters: "none". Pure.

export const allowanceKeys = ['bwIn', 'bwOut', 'pps', 'conntrack', 'linklocal'] as const;
export type AllowanceKey = (typeof allowanceKeys)[number];
export type AllowanceCounters = Readonly<Record<AllowanceKey, number | null>>;

const ethtoolNames: Readonly<Record<AllowanceKey, string>> = {
	bwIn: 'bw_in_allowance_exceeded',
	bwOut: 'bw_out_allowance_exceeded',
	pps: 'pps_allowance_exceeded',
	conntrack: 'conntrack_allowance_exceeded',
	linklocal: 'linklocal_allowance_exceeded',
};

export type CounterReading =
	| {readonly kind: 'ena'; readonly counters: AllowanceCounters}
	| {readonly kind: 'none'; readonly reason: string};

/** `ethtool -S` lines (`     name: 123`, tab- or space-indented; `[0]: name: 1` per-queue rows skipped). */
export function parseEthtoolStats(text: string): ReadonlyMap<string, number> {
	const stats = new Map<string, number>();
	for (const line of text.split('\n')) {
		const match = /^\s+([A-Za-z0-9_.-]+):\s+(-?\d+)\s*$/.exec(line);
		if (match?.[1] !== undefined && match[2] !== undefined) stats.set(match[1], Number(match[2]));
	}

	return stats;
}

/** One `ethtool -S` run -> the allowance counters, or why there are none. */
export function readAllowances(stdout: string, stderr = '', code: number | null = 0): CounterReading {
	if (code === 127 || /not found/i.test(stderr)) return {kind: 'none', reason: 'ethtool is not installed on the host'};
	const stats = parseEthtoolStats(stdout);
	if (stats.size === 0) {
		const why = stderr.trim().split('\n').at(-1) || `ethtool exit code ${String(code)}`;
		return {kind: 'none', reason: `no driver statistics (${why})`};
	}

	const counters = Object.fromEntries(
		allowanceKeys.map((key) => [key, stats.get(ethtoolNames[key]) ?? null]),
	) as Record<AllowanceKey, number | null>;
	if (allowanceKeys.every((key) => counters[key] === null)) {
		return {
			kind: 'none',
			reason: 'the driver exposes no allowance counters (not ENA, or an ENA driver too old to report them)',
		};
	}

	return {kind: 'ena', counters};
}

/** after - before per counter; null where either side lacks it (a counter that went backwards: a reset, null). */
export function allowanceDelta(before: CounterReading, after: CounterReading): AllowanceCounters | null {
	if (before.kind !== 'ena' || after.kind !== 'ena') return null;
	const delta = Object.fromEntries(
		allowanceKeys.map((key) => {
			const a = before.counters[key];
			const b = after.counters[key];
			return [key, a === null || b === null || b < a ? null : b - a];
		}),
	) as Record<AllowanceKey, number | null>;
	return delta;
}

/** Sums deltas over repeats (null + n = n; all null stays null). */
export function sumDeltas(deltas: readonly (AllowanceCounters | null)[]): AllowanceCounters | null {
	const present = deltas.filter((delta): delta is AllowanceCounters => delta !== null);
	if (present.length === 0) return null;
	return Object.fromEntries(
		allowanceKeys.map((key) => {
			const values = present.map((delta) => delta[key]).filter((value): value is number => value !== null);
			return [key, values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0)];
		}),
	) as Record<AllowanceKey, number | null>;
}

/** The deltas a test saw on both hosts (DESIGN.md: ENA allowance counters before and after). */
export interface AllowanceDeltas {
	readonly client: AllowanceCounters | null;
	readonly server: AllowanceCounters | null;
}

/** Whether the instance's bandwidth or packet allowance was exceeded on either host. */
export function instanceLimitHit(deltas: AllowanceDeltas | null | undefined): boolean {
	if (!deltas) return false;
	return [deltas.client, deltas.server].some(
		(counters) =>
			counters !== null && ((counters.bwIn ?? 0) > 0 || (counters.bwOut ?? 0) > 0 || (counters.pps ?? 0) > 0),
	);
}

const labels: Readonly<Record<AllowanceKey, string>> = {
	bwIn: 'inbound bandwidth',
	bwOut: 'outbound bandwidth',
	pps: 'packets-per-second',
	conntrack: 'connection-tracking',
	linklocal: 'link-local',
};

/** "the client's outbound bandwidth allowance was exceeded 1,204 times: you hit the instance limit, not the per-flow cap". */
export function allowanceLines(deltas: AllowanceDeltas): string[] {
	const lines: string[] = [];
	for (const [role, counters] of [
		['client', deltas.client],
		['server', deltas.server],
	] as const) {
		if (counters === null) continue;
		for (const key of allowanceKeys) {
			const value = counters[key];
			if (value === null || value === 0) continue;
			const times = `${value.toLocaleString('en-US')} time${value === 1 ? '' : 's'}`;
			lines.push(`the ${role} instance's ${labels[key]} allowance was exceeded ${times}`);
		}
	}

	if (lines.length === 0) return ['no allowance exceeded on either instance'];
	const hit = instanceLimitHit(deltas);
	return hit ? [...lines, 'you hit the instance limit, not the per-flow cap'] : lines;
}

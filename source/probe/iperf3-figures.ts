// What an iperf3 `-J` report says beyond the summed Gbps: its version, both ends' CPU
// (`end.cpu_utilization_percent`: host_* = this side, remote_* = the peer), and per stream
// (`end.streams[i].sender` / `.receiver`): throughput, retransmits and the sender's TCP RTT
// (`min_rtt`/`mean_rtt`/`max_rtt`, microseconds; Linux senders only — macOS reports none).
// Field names as in real outputs of iperf3 3.9, 3.12, 3.16 and 3.17.1 (test/fixtures/iperf3/, README there).

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function numberAt(object: unknown, key: string): number | null {
	if (!isObject(object)) return null;
	const value = object[key];
	return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** `end.cpu_utilization_percent`, percent of one core per process (can pass 100 with iperf3 >= 3.16's threads). */
export interface Iperf3Cpu {
	readonly hostTotal: number;
	readonly hostUser: number | null;
	readonly hostSystem: number | null;
	readonly remoteTotal: number;
	readonly remoteUser: number | null;
	readonly remoteSystem: number | null;
}

/** One stream's end figures. */
export interface Iperf3Stream {
	/** Receiver side Gbps (`receiver.bits_per_second`), else the sender's. */
	readonly gbps: number;
	/** `sender.retransmits`; null when the report has none (macOS, or reverse tests on some versions). */
	readonly retransmits: number | null;
	/** The sender's smoothed RTT over the test, ms (`mean_rtt` / 1000); null when absent. */
	readonly meanRttMs: number | null;
	readonly minRttMs: number | null;
	readonly maxRttMs: number | null;
}

/** "iperf 3.12" / "iperf 3.17.1" -> {major: 3, minor: 12}. */
export interface Iperf3Version {
	readonly text: string;
	readonly major: number;
	readonly minor: number;
}

/** Reads `iperf 3.12 (cJSON …)` (from `iperf3 --version`) or `iperf 3.17.1` (from `start.version`). */
export function parseIperf3Version(text: string): Iperf3Version | null {
	const match = /iperf\s+(\d+)\.(\d+)(?:\.(\d+))?/.exec(text);
	if (!match) return null;
	const text3 = `${match[1]}.${match[2]}${match[3] === undefined ? '' : `.${match[3]}`}`;
	return {text: text3, major: Number(match[1]), minor: Number(match[2])};
}

/** iperf3 3.16 gave every stream its own thread; older ones run all streams on one. */
export function multiThreaded(version: Iperf3Version | null): boolean {
	if (version === null) return false;
	return version.major > 3 || (version.major === 3 && version.minor >= 16);
}

export function versionOf(report: Json): Iperf3Version | null {
	const start = report['start'];
	const text = isObject(start) ? start['version'] : undefined;
	return typeof text === 'string' ? parseIperf3Version(text) : null;
}

export function cpuOf(end: unknown): Iperf3Cpu | null {
	const cpu = isObject(end) ? end['cpu_utilization_percent'] : undefined;
	const hostTotal = numberAt(cpu, 'host_total');
	const remoteTotal = numberAt(cpu, 'remote_total');
	if (hostTotal === null || remoteTotal === null) return null;
	return {
		hostTotal,
		hostUser: numberAt(cpu, 'host_user'),
		hostSystem: numberAt(cpu, 'host_system'),
		remoteTotal,
		remoteUser: numberAt(cpu, 'remote_user'),
		remoteSystem: numberAt(cpu, 'remote_system'),
	};
}

/** µs -> ms. 0 is "not measured": a reverse (-R) test's client reports the remote sender's RTT fields as 0. */
const ms = (microseconds: number | null): number | null =>
	microseconds === null || microseconds <= 0 ? null : microseconds / 1000;

export function streamsOf(end: unknown): Iperf3Stream[] {
	const raw = isObject(end) ? end['streams'] : undefined;
	if (!Array.isArray(raw)) return [];
	const out: Iperf3Stream[] = [];
	for (const stream of raw) {
		if (!isObject(stream)) continue;
		const {sender, receiver} = stream;
		const bps = numberAt(receiver, 'bits_per_second') ?? numberAt(sender, 'bits_per_second');
		if (bps === null) continue;
		out.push({
			gbps: bps / 1e9,
			retransmits: numberAt(sender, 'retransmits'),
			meanRttMs: ms(numberAt(sender, 'mean_rtt')),
			minRttMs: ms(numberAt(sender, 'min_rtt')),
			maxRttMs: ms(numberAt(sender, 'max_rtt')),
		});
	}

	return out;
}

/** `start.test_start.reverse` (1 with `-R`: the server sent). */
export function reverseOf(report: Json): boolean {
	const start = report['start'];
	const testStart = isObject(start) ? start['test_start'] : undefined;
	return numberAt(testStart, 'reverse') === 1;
}

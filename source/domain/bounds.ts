// The one bounds table: every number a request (workload or probe) takes, from the CLI's flags and the
// wizard's forms alike, with the reason for each bound. Pure data; `request/request-number.ts` checks against it.

export interface NumberBound {
	/** The CLI flag, kebab-case without dashes: also the wizard form's label. */
	readonly flag: string;
	readonly integer: boolean;
	/** Smallest allowed value (inclusive). */
	readonly min?: number;
	/** Value must be strictly greater than this (instead of `min`). */
	readonly above?: number;
	/** Largest allowed value (inclusive). Every bound has one: nothing unbounded reaches a provider. */
	readonly max: number;
	/** Shown after the range, e.g. "Gbps". */
	readonly unit?: string;
	/** Why this bound: what refusing the values outside it protects. */
	readonly why: string;
	/** Shown instead of `--flag` for a bound over several flags together (`flag` is then the one its refusal names). */
	readonly label?: string;
}

/** The most seconds a probe's tests may take together: a day (the hosts are held, and a cloud's billed, for all of it). */
export const maxProbeTestSeconds = 86_400;

/**
 * The lab's shaping range, Gbps. Above 10 the veth itself is the limit on this kind of machine (unshaped veth
 * runs 17-31 Gbps, CPU-bound and noisy; a 10 Gbit HTB cap measured 9.55, LAB-NOTES.md), so a cap there is no
 * cap. Below 0.01 the HTB burst (at least 64 KiB, tc-commands.ts) is over 50 ms of traffic and a 1 s interval
 * no longer sees the rate.
 */
export const labCapRange = {min: 0.01, max: 10} as const;

/**
 * The most delay the lab adds, ms. The delay line holds at most 65,536 packets (native/delay-line.c MAX_HELD):
 * at the lab's top cap (10 Gbit) with 64 KiB GSO packets that is 3.4 s of traffic; 1000 ms is longer than any
 * terrestrial or geostationary path.
 */
export const labMaxRttMs = 1000;

export const requestBounds = {
	// Workload
	workloadStreams: {
		flag: 'streams',
		integer: true,
		min: 1,
		max: 4096,
		why: 'the most parallel connections a data path opens; the model saturates every shape long before 4096',
	},
	minGbps: {
		flag: 'min-gbps',
		integer: false,
		above: 0,
		max: 10_000,
		unit: 'Gbps',
		why: 'a target of 0 is no target (leave the flag out); above the largest published figure (3200 Gbps) a target is still answered as unreachable, but 1e308 is not a target',
	},
	minVcpus: {
		flag: 'min-vcpus',
		integer: true,
		min: 1,
		max: 4096,
		why: 'twice the largest shape sold (GCP x4-megamem-1920-metal: 1920 vCPUs, shared/data/gcp); above it a minimum is answered as unmet',
	},
	minMemory: {
		flag: 'min-memory',
		integer: false,
		above: 0,
		max: 65_536,
		unit: 'GiB',
		why: 'twice the largest shape sold (GCP x4-megamem-1920-metal: 32768 GB, shared/data/gcp); above it a minimum is answered as unmet',
	},
	// Workload: how much data and by when (source/request/transfer-units.ts reads the units)
	transfer: {
		flag: 'transfer',
		integer: false,
		above: 0,
		max: 100_000,
		unit: 'TB',
		why: 'how much data moves (decimal TB = 10^12 bytes; 1.5TiB, 500GB read too); at the largest published figure (3200 Gbps) a year moves 12,600 TB, so 100,000 TB is a bound, not a workload',
	},
	within: {
		flag: 'within',
		integer: false,
		above: 0,
		max: 8760,
		unit: 'h',
		why: 'the time the transfer must finish in (90m, 6h, 2d read too); 0 leaves no time; a year (8760 h) is longer than any sized transfer',
	},
	maxPairs: {
		flag: 'max-pairs',
		integer: true,
		min: 1,
		max: 256,
		why: 'pairs of hosts a plan may run the transfer on at once (1: one pair only); past 256 pairs a fleet is an architecture, not a plan',
	},
	// Workload: the path and the hosts (source/sizing/path-physics.ts)
	pathRtt: {
		flag: 'rtt',
		integer: false,
		above: 0,
		max: 1000,
		unit: 'ms',
		why: 'a round trip; 1000 ms is longer than any terrestrial or geostationary path',
	},
	mtu: {
		flag: 'mtu',
		integer: true,
		min: 576,
		max: 9216,
		unit: 'bytes',
		why: 'IPv4 hosts must take 576-byte datagrams (RFC 791); 9216 is above every cloud jumbo frame (AWS 9001, OCI 9000, GCP 8896)',
	},
	tcpRmemMax: {
		flag: 'tcp-rmem-max',
		integer: true,
		min: 4096,
		max: 2_147_483_647,
		unit: 'bytes',
		why: 'the third field of net.ipv4.tcp_rmem: its smallest field is one page (4096); the kernel takes a C int, at most 2147483647 (proc_dointvec_minmax)',
	},
	tcpWmemMax: {
		flag: 'tcp-wmem-max',
		integer: true,
		min: 4096,
		max: 2_147_483_647,
		unit: 'bytes',
		why: 'the third field of net.ipv4.tcp_wmem: its smallest field is one page (4096); the kernel takes a C int, at most 2147483647',
	},
	rmemMax: {
		flag: 'rmem-max',
		integer: true,
		min: 4096,
		max: 2_147_483_647,
		unit: 'bytes',
		why: 'net.core.rmem_max: one page at least (4096); the kernel takes a C int, at most 2147483647 (proc_dointvec_minmax)',
	},
	wmemMax: {
		flag: 'wmem-max',
		integer: true,
		min: 4096,
		max: 2_147_483_647,
		unit: 'bytes',
		why: 'net.core.wmem_max: one page at least (4096); the kernel takes a C int, at most 2147483647 (proc_dointvec_minmax)',
	},
	loss: {
		flag: 'loss',
		integer: false,
		above: 0,
		max: 10,
		unit: '%',
		why: "the loss term (Mathis et al. 1997) holds for sparse loss; at 10% TCP lives in timeouts, not in that law's steady state",
	},
	// Probe
	probeStreams: {
		flag: 'streams',
		integer: true,
		min: 1,
		max: 128,
		why: 'iperf3 accepts at most 128 parallel streams (-P)',
	},
	duration: {
		flag: 'duration',
		integer: true,
		min: 1,
		max: 3600,
		unit: 's',
		why: 'seconds per iperf3 test; an hour per test is a sustained run, which --sustained is for',
	},
	processes: {
		flag: 'processes',
		integer: true,
		min: 1,
		max: 128,
		why: 'iperf3 client processes per test (or auto); more processes than streams (at most 128) would be idle',
	},
	repeat: {flag: 'repeat', integer: true, min: 1, max: 20, why: 'repeats per stream count; the median of 20 is stable'},
	totalTests: {
		flag: 'duration',
		label: 'all tests',
		integer: true,
		min: 1,
		max: maxProbeTestSeconds,
		unit: 's',
		why: 'the tests together: stream counts x --repeat x --duration (twice with --reverse), each placement, and --sustained; the hosts are held, and a cloud bills them, for all of it',
	},
	sustained: {
		flag: 'sustained',
		integer: true,
		min: 60,
		max: 3600,
		unit: 's',
		why: 'the sustained verdict compares 30 s blocks: a run under 60 s has one block and always "held"',
	},
	ocpus: {
		flag: 'ocpus',
		integer: true,
		min: 1,
		max: 126,
		why: 'OCPUs apply to Flex shapes only; the largest Flex range is 1-126 (VM.Standard.E5/E6.Flex, Oracle compute shapes page, shared/data/oci)',
	},
	price: {
		flag: 'price',
		integer: false,
		min: 0,
		max: 1000,
		unit: '$/h',
		why: 'per instance-hour; the dearest on-demand instance listed is $360.99/h (u7in-32tb.224xlarge, us-east-1, karpenter pricing 2026-07-20)',
	},
	// Lab
	labScale: {flag: 'lab-scale', integer: false, above: 0, max: 1, why: 'a lab cell is scaled down, never up'},
	flowCap: {
		flag: 'flow-cap',
		integer: false,
		...labCapRange,
		unit: 'Gbps',
		why: 'what the lab shapes accurately (LAB-NOTES.md)',
	},
	aggregateCap: {
		flag: 'aggregate-cap',
		integer: false,
		...labCapRange,
		unit: 'Gbps',
		why: 'what the lab shapes accurately (LAB-NOTES.md)',
	},
	rtt: {
		flag: 'rtt',
		integer: false,
		above: 0,
		max: labMaxRttMs,
		unit: 'ms',
		why: 'what the delay line can hold; leave it out for no added delay',
	},
	jitter: {
		flag: 'jitter',
		integer: false,
		min: 0,
		max: labMaxRttMs,
		unit: 'ms',
		why: 'at most the RTT it spreads (checked against --rtt too)',
	},
} as const satisfies Record<string, NumberBound>;

export type BoundName = keyof typeof requestBounds;

/** "an integer from 1 to 128", "a number above 0 and at most 10000 Gbps". */
export function describeBound(bound: NumberBound): string {
	const kind = bound.integer ? 'an integer' : 'a number';
	const unit = bound.unit === undefined ? '' : ` ${bound.unit}`;
	if (bound.above !== undefined) return `${kind} above ${bound.above} and at most ${bound.max}${unit}`;
	return `${kind} from ${bound.min ?? 0} to ${bound.max}${unit}`;
}

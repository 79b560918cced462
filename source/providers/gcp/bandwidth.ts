// GCP publishes no per-shape network bandwidth in the API: the figure is derived from Google's documented
// rule (default networking: 2 Gbps per vCPU, at least the series floor, at most the series' default maximum
// egress) and MachineTypes.get's guestCpus. Pure: no I/O.
//
// Sources: cloud.google.com/compute/docs/network-bandwidth (stored copies, read 2026-11-29: the per-vCPU
// rule; N2, N2D, C2, C2D and C4A reach 100 Gbps only with Tier_1; a C3 with 22 vCPUs is limited to 23 Gbps,
// i.e. C3/C4 are documented per shape) and the machine-series pages for the default caps below (E2 16, N1/N2/
// N2D/C2/C2D/T2D/T2A 32, N4/C4A 50 Gbps; the 10 Gbps floor of small shapes), which could not be re-read here
// and are as remembered from those pages: check them before relying on a cap. c4a-standard-16 (the study's
// shape) gives 32 whatever the cap above 32. Tier_1 is enabled only with --tier1 (tier1.ts: eligible shapes
// and their caps from the catalogue); only then is a Tier_1 cap the published figure (the study used none).

import type {PublishedBandwidth} from '../provider.js';

export interface GcpSeriesNetworking {
	readonly series: string;
	/** Default networking rate per vCPU, Gbps. */
	readonly perVcpuGbps: number;
	/** The series' default maximum egress (no Tier_1), Gbps. */
	readonly defaultMaxGbps: number;
	/** Small shapes of the series get at least this, Gbps (null: no documented floor). */
	readonly floorGbps: number | null;
	/** The series' ceiling with Tier_1 networking, for the detail text only (null: no Tier_1). */
	readonly tier1MaxGbps: number | null;
}

const row = (
	series: string,
	defaultMaxGbps: number,
	floorGbps: number | null,
	tier1MaxGbps: number | null,
): GcpSeriesNetworking => ({series, perVcpuGbps: 2, defaultMaxGbps, floorGbps, tier1MaxGbps});

/** Series whose default bandwidth follows the per-vCPU rule. */
export const gcpSeriesNetworking: readonly GcpSeriesNetworking[] = [
	row('c4a', 50, 10, 100),
	row('n4', 50, 10, null),
	row('n2', 32, 10, 100),
	row('n2d', 32, 10, 100),
	row('c2', 32, 10, 100),
	row('c2d', 32, 10, 100),
	row('t2d', 32, 10, null),
	row('t2a', 32, 10, null),
	row('n1', 32, null, null),
	row('e2', 16, null, null),
];

/**
 * Series Google documents per shape instead (e.g. a C3 with 22 vCPUs gets 23 Gbps, one with 44 gets 32):
 * the per-vCPU rule would give a wrong number, so netplace gives none.
 */
export const gcpSeriesWithoutRule: readonly string[] = [
	'c3',
	'c3d',
	'c4',
	'c4d',
	'h3',
	'z3',
	'a2',
	'a3',
	'g2',
	'm3',
	'm4',
	'x4',
];

/** The series of a machine type: `c4a-standard-16` -> `c4a`. */
export function gcpSeriesOf(machineType: string): string {
	return machineType.split('-')[0] ?? machineType;
}

/** Derive the published bandwidth of a machine type with `guestCpus` vCPUs from the documented rule. */
export function deriveGcpBandwidth(machineType: string, guestCpus: number): PublishedBandwidth {
	const series = gcpSeriesOf(machineType);
	const entry = gcpSeriesNetworking.find((candidate) => candidate.series === series);
	if (!entry) {
		const why = gcpSeriesWithoutRule.includes(series)
			? `Google documents ${series.toUpperCase()} bandwidth per shape, not by the per-vCPU rule`
			: `no documented per-vCPU rule for series ${series}`;
		return {gbps: null, kind: 'derived-per-vcpu', detail: `${why}: no published figure derived`};
	}

	const raw = entry.perVcpuGbps * guestCpus;
	const floored = entry.floorGbps === null ? raw : Math.max(raw, entry.floorGbps);
	const gbps = Math.min(floored, entry.defaultMaxGbps);
	const floorText = entry.floorGbps === null ? '' : `, at least ${entry.floorGbps}`;
	const tier1Text =
		entry.tier1MaxGbps === null
			? ''
			: `; Tier_1 networking (not enabled) raises the series ceiling to ${entry.tier1MaxGbps}`;
	return {
		gbps,
		kind: 'derived-per-vcpu',
		detail:
			`derived: ${entry.perVcpuGbps} Gbps per vCPU x ${guestCpus} vCPUs${floorText}, ` +
			`capped at the ${series.toUpperCase()} default maximum egress of ${entry.defaultMaxGbps} Gbps${tier1Text}`,
	};
}

// GCP bandwidth as Google documents it (source `gcp-bandwidth-docs`): per-VM egress of 2 Gbps per vCPU,
// at least the series floor, at most the series' default cap. The per-series table is the providers' own
// (source/providers/gcp/bandwidth.ts: one table for the probe and the catalogue). Shared-core types get
// 1 Gbps ("for shared-core machines the throughput is capped at 1 Gbps", Google's page as quoted in
// opsdash.com/blog/google-cloud-f1-micro.html). Series Google documents per shape (C3, C4, ...) get no
// rule figure here: the generator reports Google's image-test target beside them instead.
// Tier_1: N2, N2D, C2, C2D and C3 with at least 30 vCPUs (configure-vm-with-high-bandwidth-configuration);
// C4 and C4A named among Tier_1 series on the newer bandwidth page; caps only where Google's Tier_1 test
// targets name the machine type (else null). Pure.

import {gcpSeriesNetworking, gcpSeriesOf} from './bandwidth.js';

export interface GcpRuleFigure {
	/** Gbps by the rule, or null where Google documents the series per shape (no rule applies). */
	readonly gbps: number | null;
	/** How the figure was derived, for the generator's report. */
	readonly rule: string;
}

export const sharedCoreGbps = 1;

export function gcpRuleGbps(machineType: string, vcpus: number, sharedCore: boolean): GcpRuleFigure {
	if (sharedCore) {
		return {gbps: sharedCoreGbps, rule: 'shared-core: 1 Gbps'};
	}

	const series = gcpSeriesOf(machineType);
	const entry = gcpSeriesNetworking.find((candidate) => candidate.series === series);
	if (!entry) {
		return {gbps: null, rule: `no per-vCPU rule for ${series} (documented per shape)`};
	}

	const raw = entry.perVcpuGbps * vcpus;
	const floored = entry.floorGbps === null ? raw : Math.max(raw, entry.floorGbps);
	return {
		gbps: Math.min(floored, entry.defaultMaxGbps),
		rule: `${entry.perVcpuGbps}/vCPU x ${vcpus}${entry.floorGbps === null ? '' : `, floor ${entry.floorGbps}`}, cap ${entry.defaultMaxGbps}`,
	};
}

const tier1MinVcpusSeries = new Set(['n2', 'n2d', 'c2', 'c2d', 'c3']);
const tier1NamedSeries = new Set(['c4', 'c4a']);
export const tier1MinVcpus = 30;

/** Tier_1 eligibility per the docs, and the cap where Google's Tier_1 targets give one. */
export function gcpTier1(
	machineType: string,
	vcpus: number,
	targets: ReadonlyMap<string, number>,
): {eligible: boolean; capGbps: number | null; source: string | null} {
	const target = targets.get(machineType);
	if (target !== undefined) {
		return {eligible: true, capGbps: target, source: 'cloud-image-tests-tier1'};
	}

	const series = gcpSeriesOf(machineType);
	const eligible = (tier1MinVcpusSeries.has(series) || tier1NamedSeries.has(series)) && vcpus >= tier1MinVcpus;
	return {eligible, capGbps: null, source: 'gcp-bandwidth-docs'};
}

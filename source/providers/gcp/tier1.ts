// --tier1 on GCP: Tier_1 networking (a higher per-VM egress cap, an extra SKU). Google offers it only on some
// shapes (N2, N2D, C2, C2D, C3 with at least 30 vCPUs, later C3D/C4/C4A/C4D/H3/Z3/M3 sizes: cloud.google.com/
// compute/docs/networking/configure-vm-with-high-bandwidth-configuration) and only with the gVNIC virtual NIC.
// Which shapes, and their Tier_1 cap, are the catalogue's facts (sizing/catalogue: `tier1` per GCP shape, from
// Google's docs and its cloud-image-tests Tier_1 targets). The instance asks for it with
// `networkPerformanceConfig: {totalEgressBandwidthTier: 'TIER_1'}` and `nicType: 'GVNIC'` (Compute v1
// Instance, NetworkPerformanceConfig.TotalEgressBandwidthTier: DEFAULT | TIER_1).

import {UserError} from '../../domain/errors.js';
import {findShape, loadCatalogue} from '../../sizing/catalogue.js';
import type {PublishedBandwidth} from '../provider.js';
import {gcpSeriesOf} from './bandwidth.js';

export interface GcpTier1 {
	/** The Tier_1 per-VM egress cap, Gbps; null when the catalogue knows the shape is eligible but not its cap. */
	readonly capGbps: number | null;
	/** The catalogue's source for it, e.g. "cloud-image-tests-tier1 2024-05-10". */
	readonly source: string | null;
}

/** The shape's Tier_1 facts, or a UserError (exit 2, before anything is created) where it cannot have Tier_1. */
export function gcpTier1(shape: string): GcpTier1 {
	const catalogue = loadCatalogue();
	const record = findShape(catalogue, 'gcp', shape);
	if (!record?.tier1) {
		throw new UserError(
			`--tier1: ${shape} is not in netplace's catalogue, so whether it can have Tier_1 networking is unknown`,
			'Tier_1 is offered on N2, N2D, C2, C2D, C3, C4 and similar shapes with enough vCPUs, e.g. n2-standard-32',
		);
	}

	if (!record.tier1.eligible) {
		const series = gcpSeriesOf(shape);
		const eligible = catalogue.shapes
			.filter((other) => other.cloud === 'gcp' && gcpSeriesOf(other.shape) === series && other.tier1?.eligible)
			.sort((a, b) => (a.vcpus ?? 0) - (b.vcpus ?? 0) || a.shape.localeCompare(b.shape))
			.slice(0, 3)
			.map((other) => other.shape);
		throw new UserError(
			`--tier1: Tier_1 networking is not available on ${shape}`,
			eligible.length > 0
				? `in the ${series.toUpperCase()} series it is, e.g. on ${eligible.join(', ')}`
				: `no ${series.toUpperCase()} shape offers it; e.g. n2-standard-32 or c3-standard-44 do`,
		);
	}

	const source = record.tier1.source;
	return {capGbps: record.tier1.capGbps, source: source === null ? null : `${source.id} ${source.date}`};
}

/** The instance fields that ask for Tier_1 (it needs gVNIC). */
export const tier1NetworkPerformance = {totalEgressBandwidthTier: 'TIER_1'} as const;

/** The published figure with Tier_1: the catalogue's Tier_1 cap, or unknown (null) where it has none. */
export function tier1Bandwidth(tier1: GcpTier1, defaultTier: PublishedBandwidth): PublishedBandwidth {
	const from = tier1.source === null ? '' : ` (${tier1.source})`;
	if (tier1.capGbps === null) {
		return {
			gbps: null,
			kind: defaultTier.kind,
			detail: `Tier_1 networking: the catalogue has no Tier_1 cap for this shape${from}; the default tier's is ${defaultTier.gbps ?? 'unknown'} Gbps`,
		};
	}

	return {
		gbps: tier1.capGbps,
		kind: defaultTier.kind,
		detail: `Tier_1 networking: per-VM egress cap ${tier1.capGbps} Gbps${from}`,
	};
}

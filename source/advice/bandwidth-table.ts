// Measured versus published bandwidth: DESIGN.md's `table --json` rows, built from measurements.

import {backends, inScope} from '../domain/clouds.js';
import {gbps, round} from '../domain/format.js';
import {derivedFields, referenceCell} from '../domain/study-cells.js';
import type {BandwidthRow, CloudScope, Measurement, Placement, PublishedKind} from '../domain/types.js';

const cloudOrder = backends;
const placementOrder: readonly Placement[] = ['default', 'cluster', 'spread', 'partition', 'collocated'];

/** The larger of single flow and aggregate, or null when neither was measured. */
export function bestMeasured(row: {
	readonly singleFlowGbps: number | null;
	readonly aggregateGbps: number | null;
}): number | null {
	const figures = [row.singleFlowGbps, row.aggregateGbps].filter((value): value is number => value !== null);
	return figures.length === 0 ? null : Math.max(...figures);
}

export function toBandwidthRow(measurement: Measurement): BandwidthRow {
	const best = bestMeasured(measurement);
	const published = measurement.publishedGbps;
	const single = measurement.singleFlowGbps;
	const aggregate = measurement.aggregateGbps;
	const cell =
		measurement.source === 'reference'
			? referenceCell(measurement.cloud, measurement.shape, measurement.placement)
			: undefined;
	const derived = cell === undefined ? [] : derivedFields(cell);
	const row: BandwidthRow = {
		cloud: measurement.cloud,
		shape: measurement.shape,
		placement: measurement.placement,
		region: measurement.region,
		singleFlowGbps: single,
		aggregateGbps: aggregate,
		streams: measurement.streams,
		publishedGbps: published,
		publishedKind: measurement.publishedKind,
		percentOfPublished:
			best === null || published === null || published <= 0 ? null : round((best / published) * 100, 1),
		singleToAggregate: single === null || aggregate === null || aggregate <= 0 ? null : round(single / aggregate, 2),
		rttMs: measurement.rttMs,
		jitterMs: measurement.jitterMs,
		pricePerHour: measurement.pricePerHour,
		source: measurement.source,
		samples: measurement.samples,
	};
	const runs =
		measurement.runIds === undefined
			? {}
			: {
					runs: measurement.runs ?? measurement.runIds.length,
					runIds: measurement.runIds,
					dates: measurement.dates ?? [],
				};
	return derived.length > 0 ? {...row, derived, ...runs} : {...row, ...runs};
}

function rank<T>(order: readonly T[], value: T): number {
	const index = order.indexOf(value);
	return index === -1 ? order.length : index;
}

/** Code-unit order: shapes are ASCII, and a locale collator costs start-up time in every command. */
function compareText(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

function compareRows(a: BandwidthRow, b: BandwidthRow): number {
	return (
		rank(cloudOrder, a.cloud) - rank(cloudOrder, b.cloud) ||
		compareText(a.shape, b.shape) ||
		rank(placementOrder, a.placement) - rank(placementOrder, b.placement) ||
		(a.source === b.source ? 0 : a.source === 'reference' ? -1 : 1)
	);
}

/**
 * One row per measurement in scope (all of them when no scope is given; `any` = aws, gcp, oci),
 * ordered cloud (aws, gcp, oci, lab), shape, placement (default, cluster, spread, partition, collocated),
 * reference before probe. Rows that tie keep the order they came in.
 */
export function bandwidthTable(measurements: readonly Measurement[], scope?: CloudScope): BandwidthRow[] {
	return (
		measurements
			// A k8s pod-network probe is the pod network's figure, not the shape's (the advice's note says so).
			.filter((measurement) => inScope(measurement.cloud, scope) && measurement.podNetwork === undefined)
			.map(toBandwidthRow)
			.map((row, index) => ({row, index}))
			.sort((a, b) => compareRows(a.row, b.row) || a.index - b.index)
			.map(({row}) => row)
	);
}

/** Measured against published for a row's bar, clamped to 0..1; null when either side is unknown. */
export function barFraction(
	row: Pick<BandwidthRow, 'singleFlowGbps' | 'aggregateGbps' | 'publishedGbps'>,
): number | null {
	const best = bestMeasured(row);
	if (best === null || row.publishedGbps === null || row.publishedGbps <= 0) {
		return null;
	}

	return Math.min(1, Math.max(0, best / row.publishedGbps));
}

const kindPhrases: Record<PublishedKind, string> = {
	'base-and-peak': 'published base and peak',
	'peak-over-baseline': 'peak over a lower baseline',
	'per-ocpu': 'per-OCPU rate x OCPUs',
	'derived-per-vcpu': 'derived: per-vCPU rate',
	'lab-cap': "the lab profile's cap",
	'measured-only': 'nothing published',
};

/**
 * One phrase saying what kind of number the published figure is. Given the row, the phrase carries its
 * figures from the catalogue ("15 peak over a 7.5 baseline", "derived: 2 per vCPU x 16 vCPU").
 */
export function publishedKindLabel(
	kind: PublishedKind,
	row?: Pick<BandwidthRow, 'cloud' | 'shape' | 'placement' | 'publishedGbps'>,
): string {
	const published = row?.publishedGbps ?? null;
	if (row === undefined || published === null) {
		return kindPhrases[kind];
	}

	return figurePhrase(kind, published, referenceCell(row.cloud, row.shape, row.placement));
}

/** The phrase for a kind with the row's figures: the published number, and the cell's baseline or operands. */
function figurePhrase(kind: PublishedKind, published: number, cell: ReturnType<typeof referenceCell>): string {
	const figure = cell?.published.kind === kind ? cell.published.figure : undefined;
	const operands = figure?.basis === 'derived' ? figure.derivation.operands : undefined;
	switch (kind) {
		case 'base-and-peak': {
			return `${gbps(published)} base and peak`;
		}

		case 'peak-over-baseline': {
			const baseline = cell?.published.baselineGbps;
			return baseline === undefined
				? `${gbps(published)} peak over a lower baseline`
				: `${gbps(published)} peak over a ${gbps(baseline)} baseline`;
		}

		case 'per-ocpu': {
			return operands?.length === 2
				? `${gbps(operands[0])} per OCPU x ${gbps(operands[1])} OCPUs`
				: `${gbps(published)}: per-OCPU rate x OCPUs`;
		}

		case 'derived-per-vcpu': {
			return operands?.length === 2
				? `derived: ${gbps(operands[0])} per vCPU x ${gbps(operands[1])} vCPUs`
				: `${gbps(published)} derived: per-vCPU rate`;
		}

		case 'lab-cap': {
			return `lab cap ${gbps(published)}`;
		}

		case 'measured-only': {
			return kindPhrases[kind];
		}
	}
}

// What a lab pair is shaped to: resolved from a reference cell (scaled) or the user's custom caps. Pure.

import {UserError} from '../../domain/errors.js';
import type {ReferenceCell} from '../../domain/provenance.js';
import {labProfileCells} from '../../domain/study-cells.js';
import type {Placement} from '../../domain/types.js';
import type {LabTarget} from '../provider.js';
import {catalogueProfile} from './catalogue-profile.js';

/**
 * Default `--lab-scale`. The largest reference aggregate is c8gn.4xlarge in a cluster group, 49.74 Gbps:
 * x 0.2 = 9.95 Gbit, which this 2-core machine still shapes accurately (LAB-NOTES: a 10 Gbit cap measured 9.55,
 * unshaped veth runs 17-31 Gbps). AWS c8g default becomes 0.99 Gbit per flow, 2.98 aggregate.
 */
export const defaultLabScale = 0.2;

/** What TCP delivers of a cap on this lab: header overhead, 1448/1514 (LAB-NOTES measured 0.955 throughout). */
export const labGoodputFactor = 0.955;

export interface LabShapingSpec {
	/** The reference cell id, or null for custom caps. */
	readonly profile: string | null;
	readonly scale: number;
	/** Per-flow cap, Gbit/s; null = no per-flow cap (one class at the aggregate). */
	readonly flowCapGbps: number | null;
	/** Aggregate cap, Gbit/s; null = unshaped. */
	readonly aggregateCapGbps: number | null;
	/** Target round-trip time, ms; null = none added. */
	readonly rttMs: number | null;
	readonly jitterMs: number | null;
	/** Packet loss, percent (random drop of data segments, tc-commands.ts lossRuleset); null = none. */
	readonly lossPercent?: number | null;
	/** Where a catalogue profile's caps came from (the model's basis lines); absent for cells and custom caps. */
	readonly basis?: readonly string[];
}

type LabCell = {readonly id: string; readonly cell: ReferenceCell};

/** Every profile id `--lab-profile` accepts (`aws/c8g.4xlarge/default`, …). */
export function labProfileIds(cells: readonly LabCell[] = labProfileCells()): readonly string[] {
	return cells.map((entry) => entry.id);
}

function roundGbps(value: number): number {
	return Math.round(value * 1000) / 1000;
}

function positiveOrNull(value: number | null | undefined, flag: string): number | null {
	if (value === undefined || value === null) return null;
	if (!Number.isFinite(value) || value <= 0) {
		throw new UserError(`${flag} must be a positive number, got ${String(value)}`);
	}

	return value;
}

/**
 * The cell a profile names for one placement: a full id (`aws/c8g.4xlarge/default`) applies to every pair; a
 * cloud/shape (`aws/c8g.4xlarge`) picks each pair's own placement cell.
 */
function cellFor(profile: string, placement: Placement, cells: readonly LabCell[]): LabCell | null {
	const exact = cells.find((entry) => entry.id === profile);
	if (exact) return exact;
	return cells.find((entry) => entry.id === `${profile}/${placement}`) ?? null;
}

/** Any catalogue configuration, scaled: the model's figures become the caps. */
function fromCatalogue(
	profile: string,
	placement: Placement,
	scale: number,
	target: LabTarget,
	cells: readonly LabCell[],
): LabShapingSpec {
	const found = catalogueProfile(profile, placement);
	if (found === null) {
		const known = cells.map((entry) => entry.id).join(', ');
		throw new UserError(
			`unknown lab profile "${profile}" for placement ${placement}`,
			`a study cell (${known}) or any catalogue shape as cloud/shape[/placement], e.g. aws/c6in.8xlarge/cluster`,
		);
	}

	if ('error' in found) throw new UserError(found.error);
	const top = Math.max(found.singleFlowGbps, found.aggregateGbps);
	const rtt = positiveOrNull(target.rttMs, '--rtt');
	return {
		profile: found.id,
		scale,
		flowCapGbps: found.perFlowCap ? roundGbps(found.singleFlowGbps * scale) : null,
		aggregateCapGbps: roundGbps(top * scale),
		rttMs: rtt,
		jitterMs: rtt === null ? null : positiveOrNull(target.jitterMs, '--jitter'),
		lossPercent: positiveOrNull(target.lossPercent, '--loss'),
		basis: [...found.basis, `scaled x ${scale} for this machine`],
	};
}

function fromCell(entry: LabCell, scale: number, target: LabTarget): LabShapingSpec {
	const {cell} = entry;
	const single = cell.singleFlowGbps.value;
	const aggregate = cell.aggregateGbps.value;
	// The aggregate cap must let the larger figure through (GCP's one flow reached 103% of its eight).
	const top = Math.max(single ?? 0, aggregate ?? 0);
	const flowCap = cell.perFlowCeiling && single !== null ? roundGbps(single * scale) : null;
	return {
		profile: entry.id,
		scale,
		flowCapGbps: flowCap,
		aggregateCapGbps: top > 0 ? roundGbps(top * scale) : null,
		// Latency is not scaled: the cell's RTT is the target (most are below this machine's floor, and say so).
		rttMs: positiveOrNull(target.rttMs, '--rtt') ?? cell.rttMs.value,
		jitterMs: positiveOrNull(target.jitterMs, '--jitter') ?? cell.jitterMs.value,
		lossPercent: positiveOrNull(target.lossPercent, '--loss'),
	};
}

/** Resolve a probe's lab options to the shaping of one pair. Throws UserError on bad input. */
export function resolveLabShaping(
	target: LabTarget | undefined,
	placement: Placement = 'default',
	cells: readonly LabCell[] = labProfileCells(),
): LabShapingSpec {
	const lab = target ?? {};
	const scale = lab.scale ?? defaultLabScale;
	if (!Number.isFinite(scale) || scale <= 0 || scale > 1) {
		throw new UserError(`--lab-scale must be above 0 and at most 1, got ${String(scale)}`);
	}

	if (lab.profile !== undefined) {
		if (lab.flowCapGbps != null || lab.aggregateCapGbps != null) {
			throw new UserError('--lab-profile and --flow-cap/--aggregate-cap cannot be combined', 'use one or the other');
		}

		const cell = cellFor(lab.profile, placement, cells);
		return cell ? fromCell(cell, scale, lab) : fromCatalogue(lab.profile, placement, scale, lab, cells);
	}

	const flowCap = positiveOrNull(lab.flowCapGbps, '--flow-cap');
	const aggregateCap = positiveOrNull(lab.aggregateCapGbps, '--aggregate-cap');
	if (flowCap !== null && aggregateCap !== null && flowCap > aggregateCap) {
		throw new UserError(`--flow-cap ${flowCap} is above --aggregate-cap ${aggregateCap}`);
	}

	const jitter = positiveOrNull(lab.jitterMs, '--jitter');
	const rtt = positiveOrNull(lab.rttMs, '--rtt');
	if (jitter !== null && rtt === null) throw new UserError('--jitter needs --rtt (jitter spreads the added delay)');
	return {
		profile: null,
		scale: 1,
		flowCapGbps: flowCap,
		aggregateCapGbps: aggregateCap,
		rttMs: rtt,
		jitterMs: jitter,
		lossPercent: positiveOrNull(lab.lossPercent, '--loss'),
	};
}

/** One line describing a spec, for plans and notes. */
export function describeShaping(spec: LabShapingSpec): string {
	const parts = [
		spec.profile === null ? 'custom' : `${spec.profile} x ${spec.scale}`,
		spec.flowCapGbps === null ? 'no per-flow cap' : `per-flow cap ${spec.flowCapGbps} Gbit`,
		spec.aggregateCapGbps === null ? 'no aggregate cap' : `aggregate cap ${spec.aggregateCapGbps} Gbit`,
	];
	if (spec.rttMs !== null) parts.push(`RTT ${spec.rttMs} ms${spec.jitterMs === null ? '' : ` ± ${spec.jitterMs} ms`}`);
	if (spec.lossPercent != null) parts.push(`loss ${spec.lossPercent}%`);
	return parts.join(', ');
}

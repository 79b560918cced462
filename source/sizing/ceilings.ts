// What a shape can carry at most with the user's streams, before any of its configurations is predicted:
// the bound the search's walks stop on (cheapest-first.ts, lazy-candidates.ts). Each shape has a few kinds
// of configuration (in a cluster group or not, ENA Express or Tier_1 on or off), each with the most one flow
// and the instance are predicted to carry, from the same figures the model gives (model-aws.ts,
// model-gcp-oci.ts). Pure.

import type {EvidenceView} from '../domain/evidence.js';
import {round} from '../domain/format.js';
import type {NetworkPath, ShapeRecord} from '../domain/model-types.js';
import type {Workload} from '../domain/types.js';
import {cloudSizing} from './cloud-models.js';
import {aggregateCeiling, gbpsDecimals} from './model.js';
import {type Carriage, evidenceHasShape} from './model-terms.js';
import {perRecord} from './per-record.js';
import {spanOf, type TransferSpan} from './transfer.js';

/** The flows, path and options a bound is taken over (`cluster`, `enaExpress`, `tier1` undefined: either way). */
export interface CeilingScope {
	readonly streams: number;
	readonly path: NetworkPath;
	readonly region: string | null;
	readonly span: TransferSpan;
	readonly cluster?: boolean;
	readonly enaExpress?: boolean;
	readonly tier1?: boolean;
}

/** The workload's streams, path, region and duration, every option open. */
export function workloadCeilingScope(workload: Workload): CeilingScope {
	const scope = {
		streams: workload.streams,
		path: workload.path,
		region: workload.region,
		span: spanOf(workload),
	};
	// ENA Express pinned on: only its configurations (tried where support is unknown too) bound the shape.
	return workload.enaExpress === true ? {...scope, enaExpress: true} : scope;
}

/**
 * The most any configuration of the shape in `scope` can be predicted to carry with its streams, rounded as
 * predictions are: over the shape's kinds of configuration in scope, the streams times the kind's largest
 * flow within its largest instance figure (carriage). Infinite where the evidence has the shape. Where the
 * per-flow cap or the instance binds, this is the prediction itself: shapes that tie are known to before
 * they are predicted (the walks of cheapest-first.ts and lazy-candidates.ts stop on it).
 */
export function streamsCeiling(record: ShapeRecord, evidence: EvidenceView, scope: CeilingScope): number {
	if (evidenceHasShape(evidence, record.shape)) return Number.POSITIVE_INFINITY;
	let largest = 0;
	for (const kind of carriage(record, scope)) {
		if (scope.cluster !== undefined && kind.cluster !== scope.cluster) continue;
		if (scope.enaExpress !== undefined && kind.enaExpress !== scope.enaExpress) continue;
		if (scope.tier1 !== undefined && kind.tier1 !== scope.tier1) continue;
		largest = Math.max(largest, Math.min(scope.streams * kind.flow, kind.instance));
	}

	return round(largest, gbpsDecimals);
}

interface Carried {
	readonly path: NetworkPath;
	readonly span: TransferSpan;
	readonly region: string | null;
	readonly kinds: readonly Carriage[];
}

/** The shape's kinds of configuration on a path: the last asked, kept per record (the walks ask many times). */
const carried = perRecord<Carried>();

function carriage(record: ShapeRecord, scope: CeilingScope): readonly Carriage[] {
	const kept = carried.get(record);
	if (
		kept !== undefined &&
		kept.path === scope.path &&
		sameSpan(kept.span, scope.span) &&
		kept.region === scope.region
	) {
		return kept.kinds;
	}

	const kinds = cloudSizing(record.cloud).carriage(record, scope);
	carried.set(record, {path: scope.path, span: scope.span, region: scope.region, kinds});
	return kinds;
}

function sameSpan(left: TransferSpan, right: TransferSpan): boolean {
	return left.sustained === right.sustained && left.bytes === right.bytes && left.seconds === right.seconds;
}

/**
 * A bound on streamsCeiling over every option that needs no kinds of configuration worked out: where the
 * cloud's entry gives the largest flow a shape carries (AWS), the streams times it, within aggregateCeiling
 * (equal to streamsCeiling wherever that cap binds); elsewhere (GCP, OCI) streamsCeiling itself (their kinds
 * are cheap).
 */
export function quickCeiling(record: ShapeRecord, evidence: EvidenceView, scope: CeilingScope): number {
	const largestFlow = cloudSizing(record.cloud).largestFlowGbps;
	if (largestFlow === null) return streamsCeiling(record, evidence, scope);
	const loose = aggregateCeiling(record, evidence);
	if (loose === Number.POSITIVE_INFINITY) return loose;
	return round(Math.min(loose, scope.streams * largestFlow(record, scope)), gbpsDecimals);
}

// What each of a target's pairs is shaped to, what the lab publishes for it, and which placements it takes
// (any: a placement in the lab is a label, the pair gets its profile's shaping).

import {messageOf} from '../../domain/errors.js';
import {placements as allPlacements, type Placement} from '../../domain/types.js';
import type {PlacementSupport, ProbeTarget, PublishedBandwidth} from '../provider.js';
import {describeShaping, type LabShapingSpec, resolveLabShaping} from './shaping-spec.js';

export interface PlacementSpec {
	readonly placement: Placement;
	readonly spec: LabShapingSpec;
}

/** One spec per placement asked for (default when none is). */
export function specsFor(target: ProbeTarget): PlacementSpec[] {
	const wanted = target.placements.length > 0 ? target.placements : (['default'] as const);
	return wanted.map((placement) => ({placement, spec: resolveLabShaping(target.lab, placement)}));
}

export function published(spec: LabShapingSpec): PublishedBandwidth {
	return {gbps: spec.aggregateCapGbps, kind: 'lab-cap', detail: describeShaping(spec)};
}

/** The first pair's cap (the lab has no published figure beyond its own shaping). */
export function labPublishedBandwidth(target: ProbeTarget): PublishedBandwidth {
	const [first] = specsFor(target);
	return first ? published(first.spec) : {gbps: null, kind: 'lab-cap'};
}

export function labPlacementSupport(target: ProbeTarget): readonly PlacementSupport[] {
	return allPlacements.map((placement) => {
		try {
			resolveLabShaping(target.lab, placement);
			return {placement, available: true, reason: 'a label in the lab: the pair gets the profile shaping'};
		} catch (error: unknown) {
			return {placement, available: false, reason: messageOf(error)};
		}
	});
}

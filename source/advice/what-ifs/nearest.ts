// The measured cells a step quotes: the recommended shape's own (the user's probe, or the study), else the
// measured shape nearest it (the same cloud, the published figure closest on a log scale). A step on a
// shape nobody measured names the shape its figures lean on and says "modelled". Pure.

import type {EvidenceView} from '../../domain/evidence.js';
import {present, rttFigure, throughputFigure} from '../../domain/evidence.js';
import type {ShapeRecord} from '../../domain/model-types.js';
import type {EvidenceFigure, Measurement, Placement} from '../../domain/types.js';

export interface CellPair {
	readonly shape: string;
	/** The recommended shape itself was measured (at both placements). */
	readonly same: boolean;
	readonly from: Measurement;
	readonly to: Measurement;
}

function peak(record: ShapeRecord): number | null {
	const {peakGbps, baselineGbps} = record.bandwidth;
	return peakGbps ?? baselineGbps ?? record.flex?.maxGbps ?? null;
}

function distance(cell: Measurement, target: number | null): number {
	if (target === null || target <= 0 || cell.publishedGbps === null || cell.publishedGbps <= 0) return 1e9;
	return Math.abs(Math.log(cell.publishedGbps / target));
}

/** The cells at two placements of the measured shape nearest the record (its own first). */
export function nearestPair(
	evidence: EvidenceView,
	record: ShapeRecord,
	from: Placement,
	to: Placement,
): CellPair | null {
	const own = pairOf(evidence, record, record.shape, from, to);
	if (own !== null) return {...own, same: true};
	const target = peak(record);
	const shapes = [...new Set(evidence.cellsOf(record.cloud).map((cell) => cell.shape))];
	const pairs = shapes.flatMap((shape) => {
		const pair = pairOf(evidence, record, shape, from, to);
		return pair === null ? [] : [pair];
	});
	const [nearest] = pairs.sort((a, b) => distance(a.from, target) - distance(b.from, target));
	return nearest === undefined ? null : {...nearest, same: false};
}

function pairOf(
	evidence: EvidenceView,
	record: ShapeRecord,
	shape: string,
	from: Placement,
	to: Placement,
): Omit<CellPair, 'same'> | null {
	const fromCell = evidence.cell(record.cloud, shape, from);
	const toCell = evidence.cell(record.cloud, shape, to);
	return fromCell === undefined || toCell === undefined ? null : {shape, from: fromCell, to: toCell};
}

/** The figures a placement step quotes: throughput at the user's streams (one flow or the aggregate), RTT. */
export function pairEvidence(pair: CellPair | null, streams: number, rtt: boolean): EvidenceFigure[] {
	if (pair === null) return [];
	const which = streams === 1 ? 'single' : 'aggregate';
	return present([
		throughputFigure(pair.from, which),
		throughputFigure(pair.to, which),
		...(rtt ? [rttFigure(pair.from), rttFigure(pair.to)] : []),
	]);
}

/** "measured" on the recommended shape; "modelled from c8g.4xlarge" on another. */
export function leansOn(pair: CellPair | null, footing: string): string {
	const probed = pair !== null && (pair.from.source === 'probe' || pair.to.source === 'probe');
	const yours = probed ? ', your probe' : '';
	if (pair === null || pair.same) return `${footing}${yours}`;
	return `${footing === 'measured' ? 'modelled' : footing} from ${pair.shape}${yours}`;
}

// Which basis a step's figures rest on. Both sides of a what-if are worked out for the same workload, so
// on the same basis: an "up to" shape rests on its baseline unless the transfer is known to end within the
// burst window (sizing/transfer.ts). The study's cells (and a probe's) were measured in short runs, inside
// the window: they are evidence for the ratio they show within it. So when a side rests on a baseline, the
// step's delta stays the plan's own and the step says which basis it is on, with the measured change beside
// it: `c8g.4xlarge on its 7.5 Gbps baseline (length not given); the study's 20 s runs: 2.67×`. Pure.

import {gbps} from '../../domain/format.js';
import {referenceRunSeconds} from '../../domain/study-cells.js';
import type {Measurement, Workload} from '../../domain/types.js';
import type {Outcome} from './context.js';
import {ratio} from './deltas.js';

/** Why the plan rests on a baseline, in a few words. */
function whyBaseline(workload: Workload): string {
	if (workload.sustained) return 'sustained';
	if (workload.transferBytes !== null || workload.withinSeconds !== null) return 'past the burst window';
	return 'length not given';
}

/** A cell's figure at the user's streams: one flow, or the aggregate at the streams it was measured with. */
function atStreams(cell: Measurement, streams: number): number | null {
	if (streams === 1) return cell.singleFlowGbps;
	return cell.streams === streams ? cell.aggregateGbps : null;
}

/** What the cells measured between them at the user's streams: "the study's 20 s runs: 2.67×". */
export function measuredChange(from: Measurement | undefined, to: Measurement | undefined, streams: number): string {
	if (from === undefined || to === undefined) return '';
	const [before, after] = [atStreams(from, streams), atStreams(to, streams)];
	if (before === null || after === null) return '';
	const probed = from.source === 'probe' || to.source === 'probe';
	const who = probed ? 'your probe' : `the study's ${String(referenceRunSeconds)} s runs`;
	return `${who}: ${ratio(before, after) || 'the same'}`;
}

/**
 * The basis clause when a side rests on a baseline (else ''), with the measured change, if any, beside it:
 * "on the 7.5 Gbps baseline" when both sides are one shape, else naming the shape that rests on it (or
 * "both on baselines").
 */
export function basisClause(workload: Workload, sides: readonly Outcome[], measured = ''): string {
	const resting = sides.filter((side) => side.prediction.restsOn === 'baseline');
	const [only] = resting;
	if (only === undefined) return '';
	const shapes = new Set(sides.map((side) => side.configuration.shape));
	const names = [...new Set(resting.map((side) => side.configuration.shape))];
	const baseline = only.record.bandwidth.baselineGbps;
	const figure = baseline === null ? 'baseline' : `${gbps(baseline)} Gbps baseline`;
	const which =
		shapes.size === 1 ? `on the ${figure}` : names.length === 1 ? `${names[0]} on its ${figure}` : 'both on baselines';
	// Why it is the baseline (the card says it too) where the measured change beside it is on the peak.
	return measured === '' ? which : `${which} (${whyBaseline(workload)}); ${measured}`;
}

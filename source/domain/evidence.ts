// The evidence the rules read: one Measurement per cloud, shape and placement, the user's own probe
// replacing the reference figure for that cell, and a measurement `netplace explain --save` imported replacing
// the reference where no probe of the cell exists (a probe stands over it, and the view says which it set aside).
// Lab measurements (cloud 'lab') never replace a real cloud's; a k8s probe on the pod network is no cell's figure
// (the node's are its host-network runs), kept beside them.

import {physicalProblem} from './physical-bounds.js';
import {cellId, footing, referenceCell} from './study-cells.js';
import type {Cloud, EvidenceFigure, Measurement, Placement} from './types.js';

export interface EvidenceView {
	/** The figure the rules use for a cell: the latest probe if there is one, else the reference. */
	cell(cloud: Cloud, shape: string, placement: Placement): Measurement | undefined;
	/** Every chosen cell of a cloud, in the order first seen. */
	cellsOf(cloud: Cloud): readonly Measurement[];
	/** The chosen cells of a cloud that are the user's probes. */
	probesOf(cloud: Cloud): readonly Measurement[];
	readonly cells: readonly Measurement[];
	/** Imported cells not read because the user's own probe of the same cell is (said in the advice's notes). */
	readonly setAside: readonly Measurement[];
	/** k8s probes on the pod network: the pod network's evidence for a shape and CNI, never a cell's figure. */
	readonly podNetwork: readonly Measurement[];
}

/** Which source stands over which: the user's probe, then an imported measurement, then the study. */
const standing: Record<Measurement['source'], number> = {probe: 2, imported: 1, reference: 0};

/** Probe over imported over reference; within one source the latest `measuredAt`, then more samples, then the later one. */
function preferred(current: Measurement, candidate: Measurement): Measurement {
	if (current.source !== candidate.source) {
		return standing[candidate.source] > standing[current.source] ? candidate : current;
	}

	const currentAt = current.measuredAt ?? '';
	const candidateAt = candidate.measuredAt ?? '';
	if (currentAt !== candidateAt) {
		return candidateAt > currentAt ? candidate : current;
	}

	return candidate.samples >= current.samples ? candidate : current;
}

/** The last few views made: the same evidence (the same list, or equal content) gives the same view object. */
interface Recent {
	readonly evidence: readonly Measurement[];
	/** The content, written the first time a different list is compared with it. */
	key?: string;
	readonly view: EvidenceView;
}

const recentViews: Recent[] = [];
const recentLimit = 8;

const contentOf = (entry: Recent) => {
	entry.key ??= JSON.stringify(entry.evidence);
	return entry.key;
};

/** A view asked for again moves to the front: the least recently used one is the one let go. */
function used(entry: Recent): EvidenceView {
	recentViews.splice(recentViews.indexOf(entry), 1);
	recentViews.unshift(entry);
	return entry.view;
}

/**
 * The view over a set of measurements. Equal measurements give the same (immutable) view object, so what
 * the model works out per configuration for one view (sizing/model.ts) serves every later search over the
 * same evidence: the wizard's what-ifs, the advice beside the card, the closest hint. A list seen before is
 * known by identity; content is compared (and written) only when there is an earlier view to compare with.
 */
export function evidenceView(evidence: readonly Measurement[]): EvidenceView {
	const same = recentViews.find((entry) => entry.evidence === evidence);
	if (same !== undefined) return used(same);
	let key: string | undefined;
	if (recentViews.length > 0) {
		key = JSON.stringify(evidence);
		const found = recentViews.find((recent) => contentOf(recent) === key);
		if (found !== undefined) return used(found);
	}

	const entry: Recent = {evidence, view: buildView(evidence), ...(key === undefined ? {} : {key})};
	recentViews.unshift(entry);
	if (recentViews.length > recentLimit) recentViews.pop();
	return entry.view;
}

function buildView(evidence: readonly Measurement[]): EvidenceView {
	const chosen = new Map<string, Measurement>();
	const podNetwork: Measurement[] = [];
	for (const measurement of evidence) {
		if (physicalProblem(measurement) !== null) continue;
		if (measurement.podNetwork !== undefined) {
			podNetwork.push(measurement);
			continue;
		}

		const key = cellId(measurement);
		const current = chosen.get(key);
		chosen.set(key, current === undefined ? measurement : preferred(current, measurement));
	}

	const cells = [...chosen.values()];
	const setAside = evidence.filter(
		(measurement) => measurement.source === 'imported' && chosen.get(cellId(measurement))?.source === 'probe',
	);
	return {
		cells,
		setAside,
		podNetwork,
		cell: (cloud, shape, placement) => chosen.get(cellId({cloud, shape, placement})),
		cellsOf: (cloud) => cells.filter((cell) => cell.cloud === cloud),
		probesOf: (cloud) => cells.filter((cell) => cell.cloud === cloud && cell.source === 'probe'),
	};
}

/** "one sample, us-west-2"; the zone comes from the catalogue for reference cells. */
export function footingOf(measurement: Measurement): string {
	const zone =
		measurement.source === 'reference'
			? (referenceCell(measurement.cloud, measurement.shape, measurement.placement)?.zone ?? null)
			: null;
	return footing({...measurement, zone});
}

/** A throughput figure: one flow, or the aggregate at the measurement's stream count. */
export function throughputFigure(measurement: Measurement, which: 'single' | 'aggregate'): EvidenceFigure {
	return {
		cloud: measurement.cloud,
		shape: measurement.shape,
		placement: measurement.placement,
		streams: which === 'single' ? 1 : measurement.streams,
		gbps: which === 'single' ? measurement.singleFlowGbps : measurement.aggregateGbps,
		source: measurement.source,
		footing: footingOf(measurement),
	};
}

export function rttFigure(measurement: Measurement): EvidenceFigure {
	return {
		cloud: measurement.cloud,
		shape: measurement.shape,
		placement: measurement.placement,
		streams: null,
		gbps: null,
		rttMs: measurement.rttMs,
		source: measurement.source,
		footing: footingOf(measurement),
	};
}

/** Figures that exist, dropping the ones whose cell or value is missing. */
export function present(figures: ReadonlyArray<EvidenceFigure | undefined>): EvidenceFigure[] {
	return figures.filter(
		(figure): figure is EvidenceFigure =>
			figure !== undefined && (figure.gbps !== null || (figure.rttMs ?? null) !== null),
	);
}

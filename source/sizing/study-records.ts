// The study's four shapes as catalogue records, built from the reference catalogue (source/advice) alone:
// what the advice sizes over when no shape catalogue is passed in. Only what the study states is filled in
// (published figure and kind, the c8g baseline, price, placements); the rest is null, never guessed.

import {cloudTerms} from '../domain/clouds.js';
import type {ShapeRecord} from '../domain/model-types.js';
import type {ReferenceCell} from '../domain/provenance.js';
import {ociOcpus, placementAvailability, referenceCells} from '../domain/study-cells.js';
import type {Placement} from '../domain/types.js';

const studySource = {id: 'placement-and-streams-study', date: '2026-08-18'};

/** Placements a cloud offers per the study's check, and those its entry says the check did not cover (GCP spread). */
function placementsOf(cell: ReferenceCell): Placement[] {
	const offered = placementAvailability
		.filter((entry) => entry.cloud === cell.cloud && entry.available)
		.map((entry) => entry.placement);
	return [...offered, ...cloudTerms[cell.cloud].unstudiedPlacements];
}

function recordOf(cell: ReferenceCell): ShapeRecord {
	const published = cell.published;
	const peak = published.figure.value;
	return {
		cloud: cell.cloud,
		shape: cell.shape,
		family: cell.shape.split(/[.-]/)[0] ?? cell.shape,
		vcpus: null,
		memoryGib: null,
		arch: null,
		bandwidth: {
			baselineGbps: published.baselineGbps ?? peak,
			peakGbps: peak,
			kind: published.kind,
			networkCards: null,
			perCardBaselineGbps: null,
			perCardPeakGbps: null,
			source: studySource,
		},
		enaExpress: null,
		tier1: null,
		placements: placementsOf(cell),
		burstable: false,
		prices:
			cell.pricePerHour === null
				? []
				: [{perHour: cell.pricePerHour, region: cell.region, date: studySource.date, source: studySource}],
		regions: null,
		flex: flexOf(cell, peak),
	};
}

/** A shape published per OCPU (OCI Flex) at the study's OCPUs, its figure spread over them; null for every other cell. */
function flexOf(cell: ReferenceCell, peak: number | null): ShapeRecord['flex'] {
	if (cell.published.kind !== 'per-ocpu' || peak === null) return null;
	return {
		minOcpus: ociOcpus,
		maxOcpus: ociOcpus,
		vcpusPerOcpu: 1,
		gbpsPerOcpu: peak / ociOcpus,
		maxGbps: peak,
		pricePerOcpuHour: null,
		pricePerGibHour: null,
		memoryGibPerOcpu: null,
	};
}

let records: readonly ShapeRecord[] | undefined;

/** One record per study shape (first cell of each shape). */
export function studyShapeRecords(): readonly ShapeRecord[] {
	records ??= referenceCells
		.filter((cell, index) => referenceCells.findIndex((other) => other.shape === cell.shape) === index)
		.map(recordOf);
	return records;
}

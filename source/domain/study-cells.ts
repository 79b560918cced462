// The reference catalogue: every cell of the study as data with provenance, and the lookups the
// rules, the table and the lab provider read. Pure data and functions.

import type {CloudNote, PlacementAvailability, ReferenceCell} from './provenance.js';
import {awsCells, awsNotes} from './study-cells-aws.js';
import {gcpCells, gcpOciNotes, ociCells} from './study-cells-gcp-oci.js';
import type {Cloud, FigureSource, Measurement, Placement} from './types.js';

export type {
	CloudNote,
	Derivation,
	Figure,
	PlacementAvailability,
	PublishedFigure,
	ReferenceCell,
} from './provenance.js';
export {type SustainedReference, sustainedReference} from './study-cells-aws.js';
export {ociOcpus, ociRttSamplesMs} from './study-cells-gcp-oci.js';

/** Streams behind every aggregate in the study. */
export const referenceStreams = 8;

/** Length of the study's standard runs, seconds ("Our standard runs are 20 seconds"): inside any burst window. */
export const referenceRunSeconds = 20;

/**
 * vCPUs of every shape the study measured (article: "With all three clouds measured at default placement and
 * 16 vCPU"; c8g/c8gn.4xlarge, c4a-standard-16, VM.Standard.A1.Flex x 16 OCPU at 1 vCPU each): no study figure
 * had more streams than vCPUs.
 */
export const referenceVcpus = 16;

/** The study's shapes, one name each, for the rules that compare them. */
export const studyShapes = {
	awsGeneral: 'c8g.4xlarge',
	awsNetwork: 'c8gn.4xlarge',
	gcp: 'c4a-standard-16',
	oci: 'VM.Standard.A1.Flex',
} as const;

/** Date the study checked placement availability on all three clouds. */
export const placementCheckedOn = '2026-08-18';

export const referenceCells: readonly ReferenceCell[] = [...awsCells, ...gcpCells, ...ociCells];

export const cloudNotes: readonly CloudNote[] = [...awsNotes, ...gcpOciNotes];

/** "Can you even ask for placement? Checked on all three" (verified 2026-08-18). */
export const placementAvailability: readonly PlacementAvailability[] = [
	...(['default', 'cluster', 'spread'] as const).map(
		(placement): PlacementAvailability => ({
			cloud: 'aws',
			placement,
			available: true,
			details: ['available, and its effect measured'],
			verifiedOn: placementCheckedOn,
		}),
	),
	{cloud: 'gcp', placement: 'default', available: true, details: ['available'], verifiedOn: placementCheckedOn},
	{
		cloud: 'gcp',
		placement: 'collocated',
		available: true,
		requires: 'onHostMaintenance=TERMINATE',
		details: [
			'a COLLOCATED placement policy creates without trouble',
			'needs onHostMaintenance=TERMINATE: instances are stopped for host maintenance, not live-migrated',
			'--max-distance is absent from gcloud 580.0.0; the beta REST API accepts maxDistance (HTTP 200)',
		],
		verifiedOn: placementCheckedOn,
	},
	{cloud: 'oci', placement: 'default', available: true, details: ['available'], verifiedOn: placementCheckedOn},
	{
		cloud: 'oci',
		placement: 'cluster',
		available: false,
		refusal: '404 NotAuthorizedOrNotFound',
		details: [
			'oci cpg cluster-placement-group exists but returned 404 NotAuthorizedOrNotFound',
			'a limited-availability feature Oracle has to enable for a tenancy: confirm with Oracle first',
		],
		verifiedOn: placementCheckedOn,
	},
];

export function placementAvailabilityOf(cloud: Cloud, placement: Placement): PlacementAvailability | undefined {
	// A loop, not find(): the search asks for every placement of every shape it enumerates.
	for (const entry of placementAvailability) {
		if (entry.cloud === cloud && entry.placement === placement) return entry;
	}

	return undefined;
}

/** `aws/c8g.4xlarge/default`: the id a lab profile reproduces. */
export function cellId(cell: {readonly cloud: Cloud; readonly shape: string; readonly placement: Placement}): string {
	return `${cell.cloud}/${cell.shape}/${cell.placement}`;
}

export function referenceCell(cloud: Cloud, shape: string, placement: Placement): ReferenceCell | undefined {
	return referenceCells.find((cell) => cell.cloud === cloud && cell.shape === shape && cell.placement === placement);
}

export function referenceCellById(id: string): ReferenceCell | undefined {
	return referenceCells.find((cell) => cellId(cell) === id);
}

/** Which of a cell's figures are derived by arithmetic, by Measurement field name. */
export function derivedFields(cell: ReferenceCell): readonly string[] {
	const fields: Array<[string, ReferenceCell['singleFlowGbps']]> = [
		['singleFlowGbps', cell.singleFlowGbps],
		['aggregateGbps', cell.aggregateGbps],
		['rttMs', cell.rttMs],
		['jitterMs', cell.jitterMs],
		['publishedGbps', cell.published.figure],
	];
	return fields.filter(([, figure]) => figure.basis === 'derived').map(([name]) => name);
}

export function cellToMeasurement(cell: ReferenceCell): Measurement {
	return {
		cloud: cell.cloud,
		shape: cell.shape,
		placement: cell.placement,
		region: cell.region,
		singleFlowGbps: cell.singleFlowGbps.value,
		aggregateGbps: cell.aggregateGbps.value,
		streams: cell.streams,
		rttMs: cell.rttMs.value,
		jitterMs: cell.jitterMs.value,
		publishedGbps: cell.published.figure.value,
		publishedKind: cell.published.kind,
		pricePerHour: cell.pricePerHour,
		source: 'reference',
		samples: cell.samples,
	};
}

const referenceMeasurementList: readonly Measurement[] = referenceCells.map(cellToMeasurement);

/** One Measurement per study cell (`source: 'reference'`, one sample, eight streams). */
export function referenceMeasurements(): readonly Measurement[] {
	return referenceMeasurementList;
}

/** Every reference cell the lab can reproduce, by id (`aws/c8g.4xlarge/default`). */
export function labProfileCells(): ReadonlyArray<{readonly id: string; readonly cell: ReferenceCell}> {
	return referenceCells.map((cell) => ({id: cellId(cell), cell}));
}

interface Footed {
	readonly region: string | null;
	readonly zone?: string | null;
	readonly samples: number;
	readonly source?: FigureSource;
	readonly cloud?: Cloud;
	/** An imported cell's id (netplace explain --save), said in its footing. */
	readonly runId?: string;
}

/** Where a figure stands: "one sample, us-west-2", "3 samples, your probe, lab", "one sample, imported im-…, us-east-1". */
export function footing(cell: Footed): string {
	const samples = cell.samples === 1 ? 'one sample' : `${String(cell.samples)} samples`;
	const zone = cell.zone ?? null;
	let where = cell.region ?? (cell.cloud === 'lab' ? 'lab' : 'region unknown');
	if (zone !== null && cell.region !== null) {
		where = zone.startsWith(cell.region) ? zone : `${cell.region} ${zone}`;
	}

	if (cell.source === 'probe') return `${samples}, your probe, ${where}`;
	if (cell.source === 'imported') return `${samples}, imported${cell.runId ? ` ${cell.runId}` : ''}, ${where}`;
	return `${samples}, ${where}`;
}

// The advisor's public surface: pure functions over plain data.

export {advise, adviseSized, type SizedAdvice} from './advise.js';
export {
	bandwidthTable,
	barFraction,
	bestMeasured,
	cloudsInScope,
	inScope,
	publishedKindLabel,
	toBandwidthRow,
} from './bandwidth-table.js';
export type {
	CloudNote,
	Derivation,
	Figure,
	PlacementAvailability,
	PublishedFigure,
	ReferenceCell,
	SustainedReference,
} from './catalogue.js';
export {
	cellId,
	cellToMeasurement,
	cloudNotes,
	derivedFields,
	footing,
	labProfileCells,
	ociRttSamplesMs,
	placementAvailability,
	placementAvailabilityOf,
	placementCheckedOn,
	referenceCell,
	referenceCellById,
	referenceCells,
	referenceMeasurements,
	referenceStreams,
	studyShapes,
	sustainedReference,
} from './catalogue.js';
export {type EvidenceView, evidenceView, footingOf} from './evidence.js';
export {adviceNotes, repeatedSamples} from './notes.js';
export * from './types.js';
export {noCeilingShare} from './what-ifs/parallelise.js';
export {parseCloudScope, parseMinGbps, parseStreams, parseWorkload, type WorkloadInput} from './workload.js';

// The advisor's public surface: pure functions over plain data.

export {type EvidenceView, evidenceView, footingOf} from '../domain/evidence.js';
export type {
	CloudNote,
	Derivation,
	Figure,
	PlacementAvailability,
	PublishedFigure,
	ReferenceCell,
	SustainedReference,
} from '../domain/study-cells.js';
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
} from '../domain/study-cells.js';
export * from '../domain/types.js';
export {advise, adviseSized, type SizedAdvice} from './advise.js';
export {
	bandwidthTable,
	barFraction,
	bestMeasured,
	publishedKindLabel,
	toBandwidthRow,
} from './bandwidth-table.js';
export {adviceNotes, repeatedSamples} from './notes.js';
export {noCeilingShare} from './what-ifs/parallelise.js';

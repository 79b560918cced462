// The advisor's public surface: pure functions over plain data.

export {advise} from './advise.js';
export {
	bandwidthTable,
	barFraction,
	bestMeasured,
	cloudsInScope,
	inScope,
	publishedKindLabel,
	toBandwidthRow,
} from './bandwidth-table.js';
export {
	cellId,
	cellToMeasurement,
	cloudNotes,
	derivedFields,
	footing,
	labProfileCells,
	placementAvailability,
	placementAvailabilityOf,
	referenceCell,
	referenceCellById,
	referenceCells,
	referenceMeasurements,
	referenceStreams,
	sustainedReference,
} from './catalogue.js';
export type {
	CloudNote,
	Derivation,
	Figure,
	PlacementAvailability,
	PublishedFigure,
	ReferenceCell,
	SustainedReference,
} from './catalogue.js';
export {parseCloudScope, parseMinGbps, parseStreams, parseWorkload, type WorkloadInput} from './workload.js';
export * from './types.js';

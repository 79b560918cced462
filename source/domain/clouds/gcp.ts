// GCP as shared code names it: label, placement words, its levers and their step ids, its options.

import type {CloudTerms} from './cloud-terms.js';

export const gcpTerms = {
	label: 'GCP',
	article: 'a',
	placementLabels: {},
	placementPhrases: {spread: 'under a spread placement policy'},
	// Its spread placement policy.
	isolatingPlacement: 'spread',
	alsoIsolating: [],
	isolating: [
		{
			id: 'gcp-spread',
			placement: 'spread',
			label: 'spread placement policy',
			how: 'each VM on distinct hardware; unmeasured by the study',
		},
	],
	pathIsolation: null,
	close: [{id: 'collocate', placement: 'collocated', label: 'collocate (COLLOCATED policy)'}],
	// COLLOCATED needs onHostMaintenance=TERMINATE (the study's placement check, domain/study-cells.ts).
	liveMigrationPlacement: 'collocated',
	// Its spread policy exists; the study did not measure it.
	unstudiedPlacements: ['spread'],
	options: ['tier1'],
	// Compact placement for a series no bundled source names (E2, N4A, T2D ...): the catalogue's sources say
	// which series take it (DATA-SOURCES.md pkb-gce-placement, gcp-compact-placement-docs).
	placementUnknown: (shape) =>
		`whether ${shape} takes a compact (COLLOCATED) placement policy: unknown (no bundled source names its ` +
		'series), not no; check: create one instance with it in your zone: gcloud compute instances create ' +
		`NAME --machine-type=${shape} --resource-policies=POLICY --maintenance-policy=TERMINATE`,
} as const satisfies CloudTerms;

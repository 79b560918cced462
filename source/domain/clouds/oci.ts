// OCI as shared code names it: label, placement words, its levers and their step ids, its options.

import type {CloudTerms} from './cloud-terms.js';

const availabilityDomains = 'oci-availability-domains';

export const ociTerms = {
	label: 'OCI',
	article: 'an',
	placementLabels: {spread: 'spread over fault domains'},
	placementPhrases: {},
	// Fault domains, at default placement (OCI cluster placement is not assumed: the study's tenancy got 404).
	isolatingPlacement: 'default',
	alsoIsolating: [],
	isolating: [
		{
			id: 'oci-fault-domains',
			placement: 'default',
			label: 'separate fault domains',
			how: 'hardware isolation inside one availability domain, asked for at launch; unmeasured by the study',
		},
	],
	// Off the same-zone path the availability domains (or Regions) the path runs between are the isolation.
	pathIsolation: {
		'availability-domains': {
			id: availabilityDomains,
			placement: 'default',
			label: 'separate availability domains',
			how: 'your path runs between availability domains, so the ADs are it (fault domains are the lever inside one AD)',
		},
		regions: {
			id: availabilityDomains,
			placement: 'default',
			label: 'separate Regions',
			how: 'your path runs between Regions, so the Regions are it (fault domains are the lever inside one AD)',
		},
	},
	close: [
		{
			id: 'oci-cluster-placement',
			placement: 'cluster',
			label: 'OCI cluster placement group',
			whenRefused: 'Oracle enables it per tenancy: ask first',
		},
	],
	liveMigrationPlacement: null,
	unstudiedPlacements: [],
	options: [],
} as const satisfies CloudTerms;

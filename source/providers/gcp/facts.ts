// GCP's facts (no SDK): what the request layer, commands and the probe form need before the provider loads.

import {cloudFacts} from '../cloud/cloud-facts.js';

export const gcpFacts = cloudFacts({
	id: 'gcp',
	summary: 'real instances, billed: needs application default credentials, --project, --zone, --ssh-cidr',
	placements: ['default', 'collocated'],
	placementChoices: ['default', 'collocated', 'default,collocated'],
	locationFields: ['zone', 'project'],
	extraFields: ['network', 'subnetwork', 'tier1'],
	defaultShape: 'c4a-standard-16',
	ipv6Ssh: false,
	hints: {
		zone: 'e.g. us-central1-a',
		project: 'empty: the ADC project',
		network: 'empty: the "default" network',
		tier1: 'Tier_1 networking: the higher egress cap',
	},
});

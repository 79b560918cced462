// OCI's facts (no SDK): what the request layer, commands and the probe form need before the provider loads.

import {cloudFacts} from '../cloud/cloud-facts.js';

export const ociFacts = cloudFacts({
	id: 'oci',
	summary: 'real instances, billed: needs ~/.oci/config, --region, --compartment, --ssh-cidr',
	placements: ['default', 'cluster'],
	placementChoices: ['default', 'cluster', 'default,cluster'],
	locationFields: ['region', 'compartment'],
	extraFields: ['ocpus'],
	defaultShape: 'VM.Standard.A1.Flex',
	defaultOcpus: 16,
	ipv6Ssh: false,
	hints: {region: 'empty: the config file', compartment: 'empty: the tenancy', ocpus: 'Flex shapes: OCPUs'},
});

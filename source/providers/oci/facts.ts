// OCI's facts (no SDK): what the request layer, commands and the probe form need before the provider loads.

import {cloudFacts} from '../cloud/cloud-facts.js';
import {ociProbeFields} from './probe-fields.js';

export const ociFacts = cloudFacts({
	id: 'oci',
	summary: 'real instances, billed: needs ~/.oci/config, --region, --compartment, --ssh-cidr',
	placements: ['default', 'cluster'],
	placementChoices: ['default', 'cluster', 'default,cluster'],
	locationFields: ['region'],
	ownFields: ociProbeFields,
	defaultShape: 'VM.Standard.A1.Flex',
	defaultOcpus: 16,
	ipv6Ssh: false,
	credentials: {
		chain: 'OCI_CONFIG_FILE / ~/.oci/config profile (OCI_CLI_PROFILE or DEFAULT)',
		setup: 'run `oci setup config`, or set OCI_CONFIG_FILE',
	},
	// VM.Standard.A1.Flex, BM.Standard.E5.192, VM.Standard3.Flex, VM.GPU.A10.1
	shapeName: {pattern: /^(VM|BM)(\.[A-Za-z0-9]+){2,3}$/, example: 'VM.Standard.A1.Flex'},
	// OKE: an instance OCID, or `oci://…`
	nodeProviderIds: ['oci://', 'ocid1.instance.'],
	hints: {region: 'empty: the config file', ocpus: 'Flex shapes: OCPUs'},
});

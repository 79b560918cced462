// GCP's facts (no SDK): what the request layer, commands and the probe form need before the provider loads.

import {UserError} from '../../domain/errors.js';
import {type CloudProviderFacts, cloudFacts} from '../cloud/cloud-facts.js';
import type {ProbeTarget, TargetProblem} from '../provider.js';
import {gcpProbeFields} from './probe-fields.js';
import {gcpTier1} from './tier1.js';

const common = cloudFacts({
	id: 'gcp',
	summary: 'real instances, billed: needs application default credentials, --project, --zone, --ssh-cidr',
	placements: ['default', 'collocated', 'spread'],
	placementChoices: ['default', 'collocated', 'spread', 'default,collocated', 'default,collocated,spread'],
	locationFields: ['zone'],
	ownFields: gcpProbeFields,
	defaultShape: 'c4a-standard-16',
	ipv6Ssh: false,
	credentials: {
		chain: 'GOOGLE_APPLICATION_CREDENTIALS, gcloud application-default credentials',
		setup: 'run `gcloud auth application-default login`, or set GOOGLE_APPLICATION_CREDENTIALS to a key file',
	},
	// series-type-vcpus: c4a-standard-16, n2-highcpu-8, e2-micro, c4a-highmem-72-lssd
	shapeName: {pattern: /^[a-z][a-z0-9]*(-[a-z0-9]+){1,3}$/, example: 'c4a-standard-16'},
	// GKE: `gce://project/zone/name`
	nodeProviderIds: ['gce://'],
	hints: {
		zone: 'e.g. us-central1-a',
		tier1: 'Tier_1 networking: the higher egress cap',
	},
});

/** --tier1 on a shape that cannot have it: refused with the request's other problems, before anything exists. */
function tier1Problems(target: ProbeTarget): TargetProblem[] {
	if (!target.tier1) return [];
	try {
		gcpTier1(target.shape || common.defaults.shape || '');
		return [];
	} catch (error: unknown) {
		if (!(error instanceof UserError)) throw error;
		return [{field: 'tier1', message: error.message, ...(error.hint ? {hint: error.hint} : {})}];
	}
}

export const gcpFacts: CloudProviderFacts = {
	...common,
	problems: (target) => [...common.problems(target), ...tier1Problems(target)],
};

// Every provider's facts by id, without loading any provider (no SDK, no namespaces): the request layer,
// the commands and the probe screen ask these instead of testing which provider they hold, and a cloud's own
// code reads its credential chain and shape names here. One line per provider, naming its folder's facts.ts.

import type {RealCloud} from '../domain/clouds.js';
import {awsFacts} from './aws/facts.js';
import type {CloudProviderFacts} from './cloud/cloud-facts.js';
import {gcpFacts} from './gcp/facts.js';
import {k8sFacts} from './k8s/facts.js';
import {labFacts} from './lab/facts.js';
import {ociFacts} from './oci/facts.js';
import type {ProviderFacts, ProviderId} from './provider.js';
import {sshFacts} from './ssh/facts.js';

const clouds: Readonly<Record<RealCloud, CloudProviderFacts>> = {
	aws: awsFacts,
	gcp: gcpFacts,
	oci: ociFacts,
};

const facts: Readonly<Record<ProviderId, ProviderFacts>> = {
	lab: labFacts,
	...clouds,
	ssh: sshFacts,
	k8s: k8sFacts,
};

export function providerFacts(id: ProviderId): ProviderFacts {
	return facts[id];
}

/** A cloud's facts, with its credential chain and shape names. */
export function cloudProviderFacts(cloud: RealCloud): CloudProviderFacts {
	return clouds[cloud];
}

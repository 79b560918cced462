// Every provider's facts by id, without loading any provider (no SDK, no namespaces): the request layer,
// the commands and the probe screen ask these instead of testing which provider they hold.

import {awsFacts} from './aws/facts.js';
import {gcpFacts} from './gcp/facts.js';
import {labFacts} from './lab/facts.js';
import {ociFacts} from './oci/facts.js';
import type {ProviderFacts, ProviderId} from './provider.js';
import {sshFacts} from './ssh/facts.js';

const facts: Readonly<Record<ProviderId, ProviderFacts>> = {
	lab: labFacts,
	aws: awsFacts,
	gcp: gcpFacts,
	oci: ociFacts,
	ssh: sshFacts,
};

export function providerFacts(id: ProviderId): ProviderFacts {
	return facts[id];
}

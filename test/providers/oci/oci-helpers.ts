// Shared setup for the OCI provider tests: a provider over the fake clients and fake SSH, fast timings.

import {createOciProvider} from '../../../source/providers/oci/index.js';
import type {ProbeTarget, Provider} from '../../../source/providers/provider.js';
import {type FakeSshLog, fakeSsh} from '../gcp/fake-ssh.js';
import {FakeOci} from './fake-oci.js';

export const tenancy = 'ocid1.tenancy.oc1..aaaaaaaafaketenancy0001';

export const ociTarget: ProbeTarget = {
	shape: 'VM.Standard.A1.Flex',
	placements: ['default', 'cluster'],
	ocpus: 16,
	sshCidr: '198.51.100.7/32',
};

export function ociUnderTest(): {provider: Provider; fake: FakeOci; ssh: FakeSshLog} {
	const fake = new FakeOci();
	const {factory, log} = fakeSsh();
	const provider = createOciProvider({
		clients: fake.clients(),
		tenancy,
		region: 'us-ashburn-1',
		ssh: factory,
		cloud: {sshRetries: 0, sshDelayMs: 1, readyPolls: 1, readyDelayMs: 1, consolePolls: 2, consoleDelayMs: 1},
		timing: {pollIntervalMs: 0, pollLimit: 5},
		// Retries without pauses (retry.ts); the attempts are the default's.
		retry: {baseMs: 0},
	});
	return {provider, fake, ssh: log};
}

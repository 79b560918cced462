// Shared setup for the GCP provider tests: a provider over the fake clients and fake SSH, fast timings.

import type {ProbeSettings} from '../../../source/probe/types.js';
import {createGcpProvider} from '../../../source/providers/gcp/index.js';
import type {ProbeTarget, Provider} from '../../../source/providers/provider.js';
import {FakeGcp} from './fake-gcp.js';
import {type FakeSshLog, fakeSsh} from './fake-ssh.js';

export const gcpTarget: ProbeTarget = {
	shape: 'c4a-standard-16',
	placements: ['default', 'collocated'],
	project: 'netplace-test-123',
	zone: 'us-central1-a',
	sshCidr: '198.51.100.7/32',
};

export const quickSettings: ProbeSettings = {
	streams: [1, 8],
	durationSeconds: 2,
	repeat: 1,
	sustainedSeconds: null,
	pingCount: 5,
};

export function gcpUnderTest(): {provider: Provider; fake: FakeGcp; ssh: FakeSshLog} {
	const fake = new FakeGcp();
	const {factory, log} = fakeSsh();
	const provider = createGcpProvider({
		clients: fake.clients(),
		ssh: factory,
		cloud: {sshRetries: 0, sshDelayMs: 1, readyPolls: 1, readyDelayMs: 1, consolePolls: 2, consoleDelayMs: 1},
		// Retries without pauses (retry.ts); the attempts are the default's.
		retry: {baseMs: 0},
	});
	return {provider, fake, ssh: log};
}

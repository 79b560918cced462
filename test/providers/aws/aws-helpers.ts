// Shared setup for the AWS provider tests: a provider over the fake EC2 and the fake SSH, fast timings.

import type {ProbeSettings} from '../../../source/probe/types.js';
import {createAwsProvider} from '../../../source/providers/aws/index.js';
import type {ProbeTarget, Provider} from '../../../source/providers/provider.js';
import {type FakeSshLog, fakeSsh} from '../gcp/fake-ssh.js';
import {FakeEc2} from './fake-ec2.js';

export const awsTarget: ProbeTarget = {
	shape: 'c8gn.4xlarge',
	placements: ['default', 'cluster'],
	region: 'us-west-2',
	sshCidr: '198.51.100.7/32',
};

export const quickSettings: ProbeSettings = {
	streams: [1, 8],
	durationSeconds: 2,
	repeat: 1,
	sustainedSeconds: null,
	pingCount: 5,
};

export function awsUnderTest(fake = new FakeEc2()): {provider: Provider; fake: FakeEc2; ssh: FakeSshLog} {
	const {factory, log} = fakeSsh();
	const provider = createAwsProvider({
		clients: {ec2: fake.client, quotas: fake.quotasClient},
		ssh: factory,
		cloud: {sshRetries: 0, sshDelayMs: 1, readyPolls: 1, readyDelayMs: 1, consolePolls: 2, consoleDelayMs: 1},
		timing: {waiters: {minDelaySeconds: 0.005, maxDelaySeconds: 0.01, maxWaitSeconds: 2}, dependencyRetryMs: 1},
		// Retries without pauses (retry.ts); the attempts are the default's.
		retry: {baseMs: 0},
	});
	return {provider, fake, ssh: log};
}

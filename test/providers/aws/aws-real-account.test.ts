// What a real account does that a clean fake does not, injected at the client boundary with the codes and
// messages EC2 documents (see fake-ec2.ts header): eventual consistency after creates, stale `pending`
// reads, ENIs that outlive their instances, InsufficientInstanceCapacity, Local Zones, no default VPC, the
// vCPU quota, and the region from the AWS profile. After each: nothing leaked, the user told in one line.

import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it, vi} from 'vitest';
import {exitCodeOf, formatError} from '../../../source/domain/errors.js';
import type {ProbeTarget, ProvisionEvent} from '../../../source/providers/provider.js';
import {awsTarget, awsUnderTest} from './aws-helpers.js';

const single: ProbeTarget = {...awsTarget, placements: ['default']};

async function errorOf(work: Promise<unknown>): Promise<unknown> {
	return work.then(
		() => undefined,
		(error: unknown) => error,
	);
}

describe('AWS on a real account', () => {
	it('InvalidGroup.NotFound / InvalidKeyPair.NotFound right after the creates are retried with backoff', async () => {
		const {provider, fake} = awsUnderTest();
		fake.lag.push(
			{command: 'AuthorizeSecurityGroupIngress', code: 'InvalidGroup.NotFound', times: 2},
			{command: 'RunInstances', code: 'InvalidKeyPair.NotFound', times: 1},
			{command: 'RunInstances', code: 'InvalidGroup.NotFound', times: 1},
		);
		const pairs = await provider.provision(awsTarget, 'np-lag');
		expect(pairs).toHaveLength(2);
		expect(fake.callsOf('AuthorizeSecurityGroupIngress')).toHaveLength(3);
		// Two placements, two lagging answers, every retry with the same ClientToken (idempotent).
		expect(fake.callsOf('RunInstances')).toHaveLength(4);
		expect(new Set(fake.callsOf('RunInstances').map((input) => input.ClientToken)).size).toBe(2);
		expect(fake.lag.every((entry) => entry.times === 0)).toBe(true);
		expect(await provider.teardown('np-lag')).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
	});

	it('TerminateInstances answering InvalidInstanceID.NotFound is retried, never read as gone', async () => {
		const {provider, fake} = awsUnderTest();
		await provider.provision(single, 'np-term-lag');
		fake.armed = false;
		fake.lag.push({command: 'TerminateInstances', code: 'InvalidInstanceID.NotFound', times: 2});
		expect(await provider.teardown('np-term-lag')).toEqual({complete: true, left: []});
		expect(fake.live()).toEqual([]);
		expect(fake.callsOf('TerminateInstances').length).toBeGreaterThanOrEqual(3);
		expect(fake.resourceCount).toBe(0);
	});

	it('a stale `pending` read fails the waiter: what is not terminated is terminated again and waited for again', async () => {
		const {provider, fake} = awsUnderTest();
		await provider.provision(single, 'np-stale');
		fake.armed = false;
		fake.stalePending = 1;
		const terminatesBefore = fake.callsOf('TerminateInstances').length;
		expect(await provider.teardown('np-stale')).toEqual({complete: true, left: []});
		expect(fake.callsOf('TerminateInstances').length - terminatesBefore).toBe(2);
		expect(fake.resourceCount).toBe(0);
	});

	it('a failed terminate is not cached: the placement and security groups still go', async () => {
		const {provider, fake} = awsUnderTest();
		await provider.provision(awsTarget, 'np-no-cache');
		fake.armed = false;
		fake.lag.push({command: 'TerminateInstances', code: 'InternalError', times: 1});
		expect(await provider.teardown('np-no-cache')).toEqual({complete: true, left: []});
		expect(fake.placementGroups.size).toBe(0);
		expect(fake.securityGroups.size).toBe(0);
		expect(fake.resourceCount).toBe(0);
	});

	it('ENIs that detach slowly: the security group is deleted once DescribeNetworkInterfaces lists none', async () => {
		const {provider, fake} = awsUnderTest();
		fake.eniLinger = 4;
		await provider.provision(single, 'np-eni');
		fake.armed = false;
		expect(await provider.teardown('np-eni')).toEqual({complete: true, left: []});
		expect(fake.callsOf('DescribeNetworkInterfaces').length).toBeGreaterThanOrEqual(5);
		expect(fake.callsOf('DescribeNetworkInterfaces')[0]?.Filters).toEqual([
			{Name: 'group-id', Values: [expect.stringMatching(/^sg-/)]},
		]);
		// It waited: one DeleteSecurityGroup, no DependencyViolation round trips.
		expect(fake.callsOf('DeleteSecurityGroup')).toHaveLength(1);
		expect(fake.resourceCount).toBe(0);
	});

	it('a Local Zone that sorts first is never chosen: standard AZs only (zone-type availability-zone)', async () => {
		const {provider, fake} = awsUnderTest();
		await provider.provision(single, 'np-local-zone');
		const [zones] = fake.callsOf('DescribeAvailabilityZones');
		expect(zones?.Filters).toContainEqual({Name: 'zone-type', Values: ['availability-zone']});
		const [run] = fake.callsOf<{Placement: {AvailabilityZone: string}}>('RunInstances');
		expect(run?.Placement.AvailabilityZone).toBe('us-west-2a');
		await provider.teardown('np-local-zone');
		expect(fake.resourceCount).toBe(0);
	});

	it('InsufficientInstanceCapacity in the first AZ: the next one is tried, and the user is told', async () => {
		const {provider, fake} = awsUnderTest();
		fake.noCapacityIn.add('us-west-2a');
		const events: ProvisionEvent[] = [];
		const [pair] = await provider.provision(single, 'np-capacity', {onEvent: (event) => events.push(event)});
		const runs = fake.callsOf<{Placement: {AvailabilityZone: string}; NetworkInterfaces: Array<{SubnetId: string}>}>(
			'RunInstances',
		);
		expect(runs.map((input) => input.Placement.AvailabilityZone)).toEqual(['us-west-2a', 'us-west-2b']);
		expect(runs[1]?.NetworkInterfaces[0]?.SubnetId).toBe('subnet-2b');
		expect(pair?.notes).toContain('InsufficientInstanceCapacity in us-west-2a: trying us-west-2b');
		expect(events).toContainEqual({
			type: 'note',
			text: 'default: InsufficientInstanceCapacity in us-west-2a: trying us-west-2b',
		});
		expect(await provider.teardown('np-capacity')).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
	});

	it('InsufficientInstanceCapacity with --zone pinned: one line, nothing left', async () => {
		const {provider, fake} = awsUnderTest();
		fake.noCapacityIn.add('us-west-2a');
		const error = await errorOf(provider.provision({...single, zone: 'us-west-2a'}, 'np-pinned'));
		expect(formatError(error)).toMatch(
			/^netplace: aws has no capacity for this shape in us-west-2a \(InsufficientInstanceCapacity\)/,
		);
		expect(formatError(error).split('\n')).toHaveLength(1);
		expect(await provider.teardown('np-pinned')).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
	});

	it('the vCPU quota is read first: too small, the run stops before anything is created and says what is short', async () => {
		const {provider, fake} = awsUnderTest();
		fake.quotaVcpus = 32;
		const error = await errorOf(provider.provision(awsTarget, 'np-quota'));
		expect(exitCodeOf(error)).toBe(1);
		expect(formatError(error)).toMatch(
			/aws vCPU quota too small: Running On-Demand Standard instances \(L-1216C47A\) is 32 vCPUs, this run needs 64/,
		);
		expect(fake.callsOf('GetServiceQuota')).toEqual([{ServiceCode: 'ec2', QuotaCode: 'L-1216C47A'}]);
		expect(fake.callsOf('ImportKeyPair')).toEqual([]);
		expect(await provider.teardown('np-quota')).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
	});

	it('the quota cannot be read (AccessDeniedException): the run goes on and its notes say it was not checked', async () => {
		const {provider, fake} = awsUnderTest();
		fake.quotaError = 'AccessDeniedException';
		const [pair] = await provider.provision(single, 'np-quota-denied');
		expect(pair?.notes).toContain('vCPU quota not checked (Service Quotas L-1216C47A: AccessDeniedException)');
		expect(pair?.notes).toContainEqual(expect.stringMatching(/^image: ubuntu\/images\/.*noble-24\.04.* \(ami-new\)$/));
		await provider.teardown('np-quota-denied');
		expect(fake.resourceCount).toBe(0);
	});

	it('no default VPC: one line naming --vpc / --subnet, nothing created', async () => {
		const {provider, fake} = awsUnderTest();
		fake.hasDefaultVpc = false;
		const error = await errorOf(provider.provision(single, 'np-no-vpc'));
		expect(exitCodeOf(error)).toBe(2);
		expect(formatError(error)).toMatch(/this region has no default VPC \(pass --vpc VPC-ID \(and --subnet SUBNET-ID\)/);
		expect(fake.callsOf('ImportKeyPair')).toEqual([]);
		expect(await provider.teardown('np-no-vpc')).toEqual({complete: true, left: []});
	});

	it('--subnet: its VPC and zone are used; an unknown one is the user error EC2 says it is', async () => {
		const {provider, fake} = awsUnderTest();
		fake.hasDefaultVpc = false;
		const [pair] = await provider.provision({...single, subnet: 'subnet-own-2b'}, 'np-subnet');
		expect(fake.callsOf('CreateSecurityGroup')[0]).toMatchObject({VpcId: 'vpc-own'});
		const [run] = fake.callsOf<{Placement: {AvailabilityZone: string}; NetworkInterfaces: Array<{SubnetId: string}>}>(
			'RunInstances',
		);
		expect(run?.Placement.AvailabilityZone).toBe('us-west-2b');
		expect(run?.NetworkInterfaces[0]?.SubnetId).toBe('subnet-own-2b');
		expect(pair?.notes).toContain('network: --subnet subnet-own-2b (vpc-own, us-west-2b)');
		await provider.teardown('np-subnet');
		expect(fake.resourceCount).toBe(0);

		const bad = await errorOf(provider.provision({...single, subnet: 'subnet-nope'}, 'np-subnet-bad'));
		expect(exitCodeOf(bad)).toBe(2);
		expect(formatError(bad)).toMatch(/--subnet subnet-nope does not exist in this region/);
		expect(await provider.teardown('np-subnet-bad')).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
	});

	it("the region comes from the AWS profile's `region` in ~/.aws/config when --region is not given", async () => {
		const folder = await mkdtemp(join(tmpdir(), 'netplace-aws-config-'));
		const config = join(folder, 'config');
		await writeFile(
			config,
			'[default]\nregion = us-east-2\n\n[profile sso-user]\nsso_session = corp\nregion = eu-west-1\n',
		);
		vi.stubEnv('AWS_REGION', '');
		vi.stubEnv('AWS_DEFAULT_REGION', '');
		vi.stubEnv('AWS_CONFIG_FILE', config);
		try {
			const {provider} = awsUnderTest();
			vi.stubEnv('AWS_PROFILE', 'sso-user');
			expect((await provider.plan({...single, region: undefined} as ProbeTarget, 600)).region).toBe('eu-west-1');
			vi.stubEnv('AWS_PROFILE', '');
			expect((await provider.plan({...single, region: undefined} as ProbeTarget, 600)).region).toBe('us-east-2');
		} finally {
			vi.unstubAllEnvs();
			await rm(folder, {recursive: true, force: true});
		}
	});

	it('the plan says network, login, TTL, quota check, capacity and image', async () => {
		const {provider, fake} = awsUnderTest();
		const plan = await provider.plan(awsTarget, 900);
		expect(plan.setup?.map((item) => item.label)).toEqual(['network', 'login', 'ttl', 'quota', 'capacity', 'image']);
		expect(plan.setup?.find((item) => item.label === 'ttl')?.text).toMatch(/shutdown -h \+30 /);
		expect(plan.setup?.find((item) => item.label === 'quota')?.text).toMatch(/L-1216C47A/);
		expect(fake.calls).toEqual([]);
	});
});

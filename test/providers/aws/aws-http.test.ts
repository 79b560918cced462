// The AWS provider with the real @aws-sdk/client-ec2 and client-service-quotas over HTTP mocks (http-ec2.ts):
// credentials from a shared credentials file (the SDK's default chain), SigV4 signing, the Query serialiser,
// the XML parser and its error parsing, its waiters and NextToken paging all run for real; throttling and
// 5xx are retried by netplace's one retry layer (retrying-client.ts), the SDK's strategy set to one attempt. Each scenario goes provision -> teardown and ends with the fake holding zero resources.

import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {createAwsProvider} from '../../../source/providers/aws/index.js';
import type {Provider} from '../../../source/providers/provider.js';
import {clearMocks, refusedRequests, stopServing} from '../cloud/http-mock.js';
import {markRunDead} from '../cloud/run-records.js';
import {fakeSsh} from '../gcp/fake-ssh.js';
import {awsTarget} from './aws-helpers.js';
import {HttpEc2} from './http-ec2.js';

let folder = '';
const accessKeyId = 'AKIAIOSFODNN7EXAMPLE';

beforeEach(() => {
	// Fake but well-formed static keys in a shared credentials file, as `aws configure` writes it.
	folder = mkdtempSync(join(tmpdir(), 'netplace-aws-http-'));
	writeFileSync(
		join(folder, 'credentials'),
		`[default]\naws_access_key_id = ${accessKeyId}\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n`,
		{mode: 0o600},
	);
	writeFileSync(join(folder, 'config'), '[default]\nregion = us-west-2\n', {mode: 0o600});
	vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', join(folder, 'credentials'));
	vi.stubEnv('AWS_CONFIG_FILE', join(folder, 'config'));
	for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_PROFILE']) {
		vi.stubEnv(name, undefined);
	}
});

afterEach(() => {
	clearMocks();
	vi.unstubAllEnvs();
	rmSync(folder, {recursive: true, force: true});
	expect(refusedRequests(), 'requests no mock answered').toEqual([]);
});

afterAll(() => {
	stopServing();
});

function provider(ec2 = new HttpEc2()): {provider: Provider; ec2: HttpEc2} {
	const {factory} = fakeSsh();
	return {
		ec2,
		provider: createAwsProvider({
			ssh: factory,
			cloud: {sshRetries: 0, sshDelayMs: 1, readyPolls: 1, readyDelayMs: 1, consolePolls: 2, consoleDelayMs: 1},
			// The SDK waiters' own delays, shortened (minDelay/maxDelay are the waiter config's); backoff 1 ms.
			timing: {waiters: {minDelaySeconds: 0.001, maxDelaySeconds: 0.002, maxWaitSeconds: 5}, dependencyRetryMs: 1},
			// netplace's retries (retrying-client.ts; the SDK's own are one attempt), pauses of at most 1 ms.
			retry: {baseMs: 1},
		}),
	};
}

async function runAndTearDown(under: Provider, runId: string): Promise<string> {
	const outcome = await under.provision(awsTarget, runId).then(
		(pairs) => `provisioned ${pairs.length}`,
		(error: unknown) => (error instanceof Error ? error.message : String(error)),
	);
	expect(await under.teardown(runId)).toEqual({complete: true, left: []});
	return outcome;
}

describe('AWS over HTTP: the real EC2 client against the documented wire format', () => {
	it('happy path: SigV4-signed Query requests, XML parsed, waiters polled, zero left', async () => {
		const {provider: under, ec2} = provider();
		expect(await runAndTearDown(under, 'np-http-happy')).toBe('provisioned 2');
		expect(ec2.resourceCount).toBe(0);
		// Signed with the file's key for us-west-2/ec2 (AWS SigV4: Credential=KEY/DATE/REGION/SERVICE/aws4_request).
		for (const call of ec2.calls.filter((one) => one.action !== 'GetServiceQuota')) {
			expect(call.authorization).toMatch(
				new RegExp(
					`^AWS4-HMAC-SHA256 Credential=${accessKeyId}/\\d{8}/us-west-2/ec2/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$`,
				),
			);
			expect(call.amzDate).toMatch(/^\d{8}T\d{6}Z$/);
		}

		// The serialiser's flattened lists reached EC2 as the API names them.
		const run = ec2.callsOf('RunInstances')[0]!.params;
		expect(run.get('Version')).toBe('2016-11-15');
		expect(run.get('NetworkInterface.1.SecurityGroupId.1')).toMatch(/^sg-/);
		expect(run.get('TagSpecification.1.ResourceType')).toBe('instance');
		// The waiters polled DescribeInstances / DescribeInstanceStatus until running and ok.
		expect(ec2.callsOf('DescribeInstanceStatus').length).toBeGreaterThanOrEqual(2);
		expect(ec2.callsOf('TerminateInstances').length).toBeGreaterThanOrEqual(1);
	});

	it('throttling: RequestLimitExceeded (503) on RunInstances twice is retried, zero left', async () => {
		const {provider: under, ec2} = provider();
		ec2.inject('RunInstances', 'RequestLimitExceeded', 2);
		expect(await runAndTearDown(under, 'np-http-throttle')).toBe('provisioned 2');
		// 2 placements; the first attempts got throttled and were sent again, with the same ClientToken.
		expect(ec2.callsOf('RunInstances')).toHaveLength(4);
		const tokens = ec2.callsOf('RunInstances').map((call) => call.params.get('ClientToken'));
		expect(tokens.every((token) => typeof token === 'string' && token.length > 0)).toBe(true);
		expect(new Set(tokens).size).toBe(2);
		expect(ec2.resourceCount).toBe(0);
	});

	it('capacity: InsufficientInstanceCapacity (500) in us-west-2a moves the launch to us-west-2b, zero left', async () => {
		const {provider: under, ec2} = provider();
		ec2.noCapacityIn.add('us-west-2a');
		expect(await runAndTearDown(under, 'np-http-capacity')).toBe('provisioned 2');
		const zones = ec2.callsOf('RunInstances').map((call) => call.params.get('Placement.AvailabilityZone'));
		expect(zones.filter((zone) => zone === 'us-west-2b')).toHaveLength(2);
		// A capacity answer, not a transient one: one try per pair in us-west-2a, then the next zone at once.
		expect(zones.filter((zone) => zone === 'us-west-2a')).toHaveLength(2);
		expect(ec2.resourceCount).toBe(0);
	});

	it('capacity everywhere: one clear line, zero left', async () => {
		const {provider: under, ec2} = provider();
		ec2.noCapacityIn.add('us-west-2a');
		ec2.noCapacityIn.add('us-west-2b');
		const outcome = await runAndTearDown(under, 'np-http-nocapacity');
		expect(outcome).toMatch(/InsufficientInstanceCapacity/);
		expect(outcome.split('\n')).toHaveLength(1);
		expect(ec2.resourceCount).toBe(0);
	});

	it('eventual consistency: a new group and new instances not found on the next read are retried, zero left', async () => {
		const {provider: under, ec2} = provider();
		ec2.inject('AuthorizeSecurityGroupIngress', 'InvalidGroup.NotFound', 2);
		const waited = ec2.inject('DescribeInstances', 'InvalidInstanceID.NotFound', 2);
		ec2.inject('TerminateInstances', 'InvalidInstanceID.NotFound', 1);
		expect(await runAndTearDown(under, 'np-http-consistency')).toBe('provisioned 2');
		expect(ec2.callsOf('AuthorizeSecurityGroupIngress')).toHaveLength(3);
		// The SDK's InstanceRunning waiter reads InvalidInstanceID.NotFound as "retry" (its acceptor).
		expect(waited.times).toBe(0);
		expect(ec2.resourceCount).toBe(0);
	});

	it('dependency violation: the security group waits for the ENIs of terminated instances, zero left', async () => {
		const {provider: under, ec2} = provider();
		ec2.eniLinger = 3;
		const violation = ec2.inject('DeleteSecurityGroup', 'DependencyViolation', 2);
		expect(await runAndTearDown(under, 'np-http-dependency')).toBe('provisioned 2');
		expect(violation.times).toBe(0);
		expect(ec2.callsOf('DescribeNetworkInterfaces').length).toBeGreaterThanOrEqual(2);
		expect(ec2.resourceCount).toBe(0);
	});

	it('5xx mid-teardown: InternalError and Unavailable on deletes are retried, zero left', async () => {
		const {provider: under, ec2} = provider();
		await under.provision(awsTarget, 'np-http-5xx');
		ec2.inject('TerminateInstances', 'Unavailable', 2);
		ec2.inject('DeletePlacementGroup', 'InternalError', 1);
		ec2.inject('DeleteKeyPair', 'InternalError', 2);
		expect(await under.teardown('np-http-5xx')).toEqual({complete: true, left: []});
		expect(ec2.faults.every((fault) => fault.times === 0)).toBe(true);
		expect(ec2.resourceCount).toBe(0);
	});

	it('5xx that lasts past the retries: teardown names what is left, a cleanup pages the orphans and deletes them', async () => {
		const {provider: under, ec2} = provider();
		await under.provision(awsTarget, 'np-http-down');
		ec2.inject('TerminateInstances', 'InternalError', 1000);
		const report = await under.teardown('np-http-down');
		expect(report.complete).toBe(false);
		// Honest: what it names is what the cloud still holds (4 instances, 1 placement group, 1 security group).
		expect(report.left.map((left) => left.kind).sort()).toEqual([
			'instance',
			'instance',
			'instance',
			'instance',
			'placement-group',
			'security-group',
		]);
		expect(ec2.resourceCount).toBe(6);

		ec2.faults.splice(0);
		const later = provider(ec2).provider;
		markRunDead('np-http-down'); // its process is gone: cleanup may delete what it left
		const orphans = await later.findOrphans({region: 'us-west-2'});
		// Four instances, one reservation per page: DescribeInstances followed NextToken to the end.
		expect(orphans.filter((orphan) => orphan.kind === 'instance')).toHaveLength(4);
		expect(ec2.callsOf('DescribeInstances').filter((call) => call.params.has('NextToken'))).toHaveLength(3);
		expect(await later.deleteOrphans(orphans)).toEqual({complete: true, left: []});
		expect(ec2.resourceCount).toBe(0);
	});
	it('a create with no idempotency token whose answer is lost: the retry meets Duplicate for our own name and adopts it, zero left', async () => {
		for (const [action, kind, runId] of [
			['ImportKeyPair', 'keyPairs', 'np-http-lost-key'],
			['CreateSecurityGroup', 'securityGroups', 'np-http-lost-sg'],
			['CreatePlacementGroup', 'placementGroups', 'np-http-lost-pg'],
		] as const) {
			clearMocks();
			const {provider: under, ec2} = provider();
			// The create is done, its answer lost (503 Unavailable): the retry layer sends it again.
			ec2.loseAnswerOf.add(action);
			const pairs = await under.provision(awsTarget, runId);
			expect(pairs, action).toHaveLength(2);
			expect(ec2.loseAnswerOf.has(action), action).toBe(false);
			expect(ec2.callsOf(action), action).toHaveLength(2);
			// One resource, not two: the first attempt's, adopted (tagged on create, read back by name).
			expect(ec2[kind].size, action).toBe(1);
			const [tags] = [...ec2[kind].values()].map((entry) => ('tags' in entry ? entry.tags : entry));
			expect(tags, action).toContainEqual({Key: 'netplace-run', Value: runId});
			expect(await under.teardown(runId)).toEqual({complete: true, left: []});
			expect(ec2.resourceCount, action).toBe(0);
		}
	});

	it("a Duplicate for a name that is not this run's is not adopted: one clear line, the other's key untouched", async () => {
		const {provider: under, ec2} = provider();
		ec2.keyPairs.set('key-0foreign', {name: 'netplace-np-http-foreign', tags: []});
		const outcome = await runAndTearDown(under, 'np-http-foreign');
		expect(outcome).toMatch(/InvalidKeyPair\.Duplicate: The keypair 'netplace-np-http-foreign' already exists\./);
		expect(outcome.split('\n')).toHaveLength(1);
		expect([...ec2.keyPairs.keys()]).toEqual(['key-0foreign']);
		expect(ec2.resourceCount).toBe(1);
	});
	it('a permanent client error at each create and each wait call, in turn: one line, teardown leaves zero', async () => {
		for (const action of [
			'ImportKeyPair',
			'CreateSecurityGroup',
			'AuthorizeSecurityGroupIngress',
			'CreatePlacementGroup',
			'RunInstances',
		]) {
			clearMocks();
			const {provider: under, ec2} = provider();
			const fault = ec2.inject(action, 'InvalidParameterValue');
			const outcome = await runAndTearDown(under, `np-http-sweep-${action.toLowerCase()}`);
			expect(fault.times, action).toBe(0);
			expect(outcome, action).toMatch(/InvalidParameterValue/);
			expect(outcome.split('\n'), action).toHaveLength(1);
			expect(ec2.resourceCount, action).toBe(0);
		}

		// The waiters (InstanceRunning: DescribeInstances, InstanceStatusOk: DescribeInstanceStatus) read an error
		// they have no acceptor for as "poll again" (the SDK's waiters): the run goes through, and leaves zero.
		for (const action of ['DescribeInstances', 'DescribeInstanceStatus']) {
			clearMocks();
			const {provider: under, ec2} = provider();
			const fault = ec2.inject(action, 'InvalidParameterValue');
			expect(await runAndTearDown(under, `np-http-sweep-${action.toLowerCase()}`), action).toBe('provisioned 2');
			expect(fault.times, action).toBe(0);
			expect(ec2.resourceCount, action).toBe(0);
		}
	});
});

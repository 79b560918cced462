// Fault injection: every EC2 call provisioning makes fails in turn (permanently; throttled: retried
// through), a RunInstances answer is lost (its ClientToken returns what it launched), every delete answers
// 503 once, and the run is aborted (the SIGINT path) at every call; after each, teardown leaves the fake
// cloud holding ZERO resources of the run.

import {describe, expect, it} from 'vitest';
import {InterruptedError} from '../../../source/domain/errors.js';
import {createAwsProvider} from '../../../source/providers/aws/index.js';
import type {SshFactory} from '../../../source/providers/cloud/backend.js';
import {fakeSsh} from '../gcp/fake-ssh.js';
import {awsTarget, awsUnderTest} from './aws-helpers.js';
import {FakeEc2} from './fake-ec2.js';

const target = {...awsTarget, placements: ['default', 'cluster', 'spread'] as const};

async function injectionPoints(): Promise<string[]> {
	const {provider, fake} = awsUnderTest();
	await provider.provision(target, 'np-count');
	fake.armed = false;
	await provider.teardown('np-count');
	return [...fake.faultable];
}

const points = await injectionPoints();
const summary: string[] = [];

describe(`AWS fault injection over ${points.length} injection points (${points.length} failures + ${points.length} aborts)`, () => {
	it('has create and wait calls among its points', () => {
		for (const command of [
			'ImportKeyPair',
			'CreateSecurityGroup',
			'AuthorizeSecurityGroupIngress',
			'CreatePlacementGroup',
			'RunInstances',
			'DescribeInstances',
			'DescribeInstanceStatus',
		]) {
			expect(points).toContain(command);
		}
	});

	it(`every one of the ${points.length} calls failing in turn leaves zero resources after teardown`, async () => {
		let failedRuns = 0;
		for (const [index, command] of points.entries()) {
			const {provider, fake} = awsUnderTest();
			fake.failAt = index;
			const outcome = await provider.provision(target, `np-fail-${index}`).then(
				() => 'provisioned',
				(error: unknown) => (error instanceof Error ? error.message : String(error)),
			);
			fake.armed = false;
			const report = await provider.teardown(`np-fail-${index}`);
			expect(report, `failure at #${index} ${command}`).toEqual({complete: true, left: []});
			expect(fake.resourceCount, `failure at #${index} ${command}: ${outcome}`).toBe(0);
			if (outcome !== 'provisioned') {
				failedRuns++;
				expect(outcome.split('\n')).toHaveLength(1);
			}
		}

		// Waiters poll again after a failed look, so a failed Describe* inside a waiter is not fatal; a console
		// that cannot be read means first use with the fingerprint shown.
		summary.push(
			`${points.length} failure injections: ${failedRuns} failed the run, ${points.length - failedRuns} were retried through`,
		);
		expect(failedRuns).toBeGreaterThanOrEqual(
			points.filter((command) => !command.startsWith('DescribeInstance') && command !== 'GetConsoleOutput').length,
		);
	});

	it(`every one of the ${points.length} calls throttled (RequestLimitExceeded) in turn is retried through`, async () => {
		for (const [index, command] of points.entries()) {
			const {provider, fake} = awsUnderTest();
			fake.transientAt = index;
			const runId = `np-throttle-${index}`;
			expect(await provider.provision(target, runId), `#${index} ${command}`).toHaveLength(3);
			const count = (list: readonly string[]) => list.filter((label) => label === command).length;
			expect(count(fake.faultable), `#${index} ${command}`).toBe(count(points) + 1);
			fake.armed = false;
			expect(await provider.teardown(runId)).toEqual({complete: true, left: []});
			expect(fake.resourceCount).toBe(0);
		}

		summary.push(`${points.length} throttling injections: all ${points.length} retried through, 0 left`);
	});

	it('a RunInstances whose answer is lost is repeated with its ClientToken: nothing launched twice', async () => {
		const launches = points.filter((command) => command === 'RunInstances').length;
		for (let nth = 0; nth < launches; nth++) {
			const {provider, fake} = awsUnderTest();
			let seen = 0;
			fake.onFaultable = (_at, command) => {
				if (command === 'RunInstances' && seen++ === nth) fake.loseRunInstancesAnswer = true;
			};
			const runId = `np-lost-${nth}`;
			await provider.provision(target, runId);
			const [lost] = fake.lostClientTokens;
			expect(typeof lost).toBe('string');
			const tokens = fake.callsOf<{ClientToken?: string}>('RunInstances').map((input) => input.ClientToken);
			expect(tokens.filter((token) => token === lost)).toHaveLength(2);
			// Three pairs, six instances: none launched twice.
			expect(fake.live()).toHaveLength(6);
			fake.armed = false;
			expect(await provider.teardown(runId)).toEqual({complete: true, left: []});
			expect(fake.resourceCount).toBe(0);
		}
	});

	it('a 503 at each delete in turn is retried through: teardown complete, zero left', async () => {
		const counting = awsUnderTest();
		await counting.provider.provision(target, 'np-delete-count');
		counting.fake.armed = false;
		counting.fake.armedDeletes = true;
		await counting.provider.teardown('np-delete-count');
		const deletes = counting.fake.deletePoints.length;
		expect(deletes).toBeGreaterThanOrEqual(5);
		for (let index = 0; index < deletes; index++) {
			const {provider, fake} = awsUnderTest();
			const runId = `np-delete-${index}`;
			await provider.provision(target, runId);
			fake.armed = false;
			fake.armedDeletes = true;
			fake.transientDeleteAt = index;
			expect(await provider.teardown(runId), fake.deletePoints[index]).toEqual({complete: true, left: []});
			expect(fake.deletePoints).toHaveLength(deletes + 1);
			expect(fake.resourceCount).toBe(0);
		}

		summary.push(`${deletes} delete injections (503): all retried through, 0 left`);
	});

	it(`an abort at every one of the ${points.length} calls leaves a complete ledger and zero resources`, async () => {
		for (const [index, command] of points.entries()) {
			const {provider, fake} = awsUnderTest();
			const controller = new AbortController();
			fake.onFaultable = (at) => {
				if (at === index) controller.abort();
			};

			const error = await provider.provision(target, `np-abort-${index}`, {signal: controller.signal}).then(
				() => undefined,
				(caught: unknown) => caught,
			);
			expect(error, `abort at #${index} ${command}`).toBeInstanceOf(InterruptedError);
			fake.armed = false;
			const report = await provider.teardown(`np-abort-${index}`);
			expect(report, `abort at #${index} ${command}`).toEqual({complete: true, left: []});
			expect(fake.resourceCount, `abort at #${index} ${command}`).toBe(0);
		}

		summary.push(`${points.length} abort injections: all interrupted, all torn down to zero`);
	});

	// [command, code, times]: a code EC2 documents, answered that many times in a row.
	const consistency: ReadonlyArray<[string, string, number?]> = [
		['AuthorizeSecurityGroupIngress', 'InvalidGroup.NotFound'],
		['RunInstances', 'InvalidGroup.NotFound'],
		['RunInstances', 'InvalidKeyPair.NotFound'],
		['RunInstances', 'InvalidPlacementGroup.Unknown'],
		['TerminateInstances', 'InvalidInstanceID.NotFound'],
		['DeleteSecurityGroup', 'DependencyViolation'],
		['RunInstances', 'InsufficientInstanceCapacity'],
		['GetServiceQuota', 'AccessDeniedException', 1],
	];
	it(`the ${consistency.length} real-account codes, each answered up to 3 times: the run recovers and leaves zero`, async () => {
		for (const [command, code, times = 3] of consistency) {
			const {provider, fake} = awsUnderTest();
			fake.armed = false;
			fake.lag.push({command, code, times});
			const runId = `np-lag-${command}-${code}`.toLowerCase().replaceAll('.', '-').slice(0, 40);
			await provider.provision(target, runId);
			expect(await provider.teardown(runId), `${command} ${code}`).toEqual({complete: true, left: []});
			expect(fake.resourceCount, `${command} ${code}`).toBe(0);
			expect(fake.lag[0]?.times, `${command} ${code} was injected`).toBe(0);
		}

		summary.push(`${consistency.length} real-account codes x3: all recovered, all torn down to zero`);
	});

	it('instances that never come up: the waiter gives up, teardown leaves zero', async () => {
		const {provider, fake} = awsUnderTest();
		fake.stuckPending = true;
		await expect(provider.provision(awsTarget, 'np-stuck')).rejects.toThrow(/waiting for .* running/);
		fake.stuckPending = false;
		expect(await provider.teardown('np-stuck')).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
	});

	it('SSH failing on one host stops the rest; teardown closes sessions and leaves zero', async () => {
		const fake = new FakeEc2();
		const {factory, log} = fakeSsh();
		let opened = 0;
		const failing: SshFactory = (options) => {
			const session = factory(options);
			const mine = ++opened;
			return {
				...session,
				async connect(connectOptions) {
					if (mine === 3) throw new Error('SSH to 203.0.113.9:22 failed after 1 attempt(s): connect ECONNREFUSED');
					return session.connect(connectOptions);
				},
			};
		};

		const provider = createAwsProvider({
			clients: {ec2: fake.client, quotas: fake.quotasClient},
			ssh: failing,
			cloud: {readyPolls: 1},
			timing: {waiters: {minDelaySeconds: 0.005, maxDelaySeconds: 0.01, maxWaitSeconds: 2}, dependencyRetryMs: 1},
		});
		await expect(provider.provision(target, 'np-ssh')).rejects.toThrow(/ECONNREFUSED/);
		expect(await provider.teardown('np-ssh')).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
		expect(log.closed.length).toBe(opened);
		console.info(`AWS fault injection summary:\n  ${summary.join('\n  ')}`);
	});
});

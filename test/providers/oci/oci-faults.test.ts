// Fault injection: every create/wait call fails in turn (permanently: the run fails; transiently: it is
// retried through), every create's answer is lost in turn (the retry token returns what it made), every
// delete answers 503 once, and the run is aborted at every stage; after each, teardown leaves the fake
// tenancy holding nothing the run created.

import {describe, expect, it} from 'vitest';
import {InterruptedError} from '../../../source/domain/errors.js';
import {runProbe} from '../../../source/probe/run-probe.js';
import {ociTarget, ociUnderTest} from './oci-helpers.js';

const quickSettings = {streams: [1, 8], durationSeconds: 2, repeat: 1, sustainedSeconds: null, pingCount: 5};

async function injectionPoints(): Promise<string[]> {
	const {provider, fake} = ociUnderTest();
	await provider.provision(ociTarget, 'np-oci-count');
	fake.armed = false;
	await provider.teardown('np-oci-count');
	expect(fake.resourceCount).toBe(0);
	return [...fake.faultable];
}

describe('OCI fault injection', () => {
	it('a failure at each create/wait call leaves zero resources after teardown', async () => {
		const points = await injectionPoints();
		// VCN, gateway, security list, route table, subnet, group (create + wait each): 12;
		// 4 instances (launch, wait, VNIC attachment, VNIC): 16.
		expect(points).toHaveLength(28);
		for (const [index] of points.entries()) {
			const {provider, fake} = ociUnderTest();
			fake.failAt = index;
			const runId = `np-oci-fail-${index}`;
			await expect(provider.provision(ociTarget, runId)).rejects.toThrow(/injected failure/);
			fake.armed = false;
			expect(await provider.teardown(runId)).toEqual({complete: true, left: []});
			expect(fake.resourceCount).toBe(0);
		}
	});

	it('a throttled (429) create/wait call, each in turn, is retried through; teardown leaves zero', async () => {
		const points = await injectionPoints();
		for (const [index, label] of points.entries()) {
			const {provider, fake} = ociUnderTest();
			fake.transientAt = index;
			const runId = `np-oci-429-${index}`;
			const pairs = await provider.provision(ociTarget, runId);
			expect(pairs, label).toHaveLength(2);
			// The throttled call was made again: one more call than the run without faults.
			expect(fake.faultable, label).toHaveLength(points.length + 1);
			const count = (list: readonly string[]) => list.filter((api) => api === label).length;
			expect(count(fake.faultable), label).toBe(count(points) + 1);
			fake.armed = false;
			expect(await provider.teardown(runId)).toEqual({complete: true, left: []});
			expect(fake.resourceCount).toBe(0);
		}
	});

	it('a create whose answer is lost, each in turn, is repeated with its retry token: nothing made twice', async () => {
		const creates = [
			'vn.createVcn',
			'vn.createInternetGateway',
			'vn.createSecurityList',
			'vn.createRouteTable',
			'vn.createSubnet',
			'cpg.createClusterPlacementGroup',
			'compute.launchInstance',
			'compute.captureConsoleHistory',
		];
		for (const [index, api] of creates.entries()) {
			const {provider, fake} = ociUnderTest();
			fake.loseResponseOf.add(api);
			const runId = `np-oci-lost-${index}`;
			await provider.provision(ociTarget, runId);
			expect(fake.loseResponseOf.has(api), api).toBe(false);
			const sent = fake.calls.filter((call) => call.api === api);
			expect(sent.every((call) => typeof call.request.opcRetryToken === 'string')).toBe(true);
			// The repeat carried the lost attempt's token.
			const [lost] = fake.lostTokens;
			expect(
				sent.filter((call) => call.request.opcRetryToken === lost),
				api,
			).toHaveLength(2);
			fake.armed = false;
			expect(await provider.teardown(runId)).toEqual({complete: true, left: []});
			expect(fake.resourceCount, api).toBe(0);
		}
	});

	it('a 503 at each delete in turn is retried through: teardown complete, zero left', async () => {
		const probe = ociUnderTest();
		await probe.provider.provision(ociTarget, 'np-oci-delete-count');
		probe.fake.armed = false;
		probe.fake.armedDeletes = true;
		await probe.provider.teardown('np-oci-delete-count');
		const deletes = probe.fake.deletePoints.length;
		// 4 instances, group, subnet, route table, security list, gateway, VCN (the console snapshots went
		// right after their reads).
		expect(deletes).toBe(10);
		for (let index = 0; index < deletes; index++) {
			const {provider, fake} = ociUnderTest();
			const runId = `np-oci-delete-${index}`;
			await provider.provision(ociTarget, runId);
			fake.armed = false;
			fake.armedDeletes = true;
			fake.transientDeleteAt = index;
			expect(await provider.teardown(runId)).toEqual({complete: true, left: []});
			expect(fake.deletePoints).toHaveLength(deletes + 1);
			expect(fake.resourceCount).toBe(0);
		}
	});

	it('a console snapshot its read could not delete is in the ledger, and teardown deletes it', async () => {
		const {provider, fake} = ociUnderTest();
		fake.refuse.add('compute.deleteConsoleHistory');
		await provider.provision(ociTarget, 'np-oci-console');
		const snapshots = () => [...fake.resources.values()].filter((resource) => resource.kind === 'console-history');
		// One per host, each read once for its host key.
		expect(snapshots()).toHaveLength(4);
		fake.refuse.clear();
		expect(await provider.teardown('np-oci-console')).toEqual({complete: true, left: []});
		expect(snapshots()).toHaveLength(0);
		expect(fake.resourceCount).toBe(0);
	});

	it('"Out of host capacity." at each launch in turn: the pair moves AD, and teardown leaves zero', async () => {
		const launches = (await injectionPoints()).filter((label) => label === 'compute.launchInstance').length;
		expect(launches).toBe(4);
		for (let nth = 0; nth < launches; nth++) {
			const {provider, fake} = ociUnderTest();
			let seen = 0;
			fake.onFaultable = (_index, label) => {
				if (label === 'compute.launchInstance' && seen++ === nth) fake.noCapacityIn.add('Uocm:US-ASHBURN-AD-1');
			};
			const runId = `np-oci-host-${nth}`;
			await provider.provision({...ociTarget, placements: ['default']}, runId).catch(() => undefined);
			fake.noCapacityIn.clear();
			fake.armed = false;
			expect(await provider.teardown(runId)).toEqual({complete: true, left: []});
			expect(fake.resourceCount).toBe(0);
		}
	});

	it('an abort at each cloud call and at each SSH connection leaves zero resources after teardown', async () => {
		const points = await injectionPoints();
		for (const index of points.keys()) {
			const {provider, fake} = ociUnderTest();
			const controller = new AbortController();
			fake.onFaultable = (at) => {
				if (at === index) controller.abort();
			};

			const runId = `np-oci-abort-${index}`;
			await expect(provider.provision(ociTarget, runId, {signal: controller.signal})).rejects.toBeInstanceOf(
				InterruptedError,
			);
			fake.armed = false;
			expect(await provider.teardown(runId)).toEqual({complete: true, left: []});
			expect(fake.resourceCount).toBe(0);
		}

		for (let connection = 0; connection < 4; connection++) {
			const {provider, fake, ssh} = ociUnderTest();
			const controller = new AbortController();
			let seen = 0;
			ssh.onConnect = () => {
				if (seen++ === connection) controller.abort();
			};

			const runId = `np-oci-abort-ssh-${connection}`;
			await expect(provider.provision(ociTarget, runId, {signal: controller.signal})).rejects.toBeInstanceOf(
				InterruptedError,
			);
			expect(await provider.teardown(runId)).toEqual({complete: true, left: []});
			expect(fake.resourceCount).toBe(0);
		}
	});

	it('an abort at each step of a whole probe still tears everything down', async () => {
		let step = 0;
		let more = true;
		while (more) {
			const {provider, fake, ssh} = ociUnderTest();
			const controller = new AbortController();
			let events = 0;
			const target = step;
			const run = await runProbe(provider, ociTarget, quickSettings, {
				runId: `np-oci-probe-abort-${step}`,
				signal: controller.signal,
				onEvent: (event) => {
					if (event.type === 'step-started' && events++ === target) controller.abort();
				},
			}).catch((error: unknown) => {
				expect(error).toBeInstanceOf(InterruptedError);
				return undefined;
			});
			expect(fake.resourceCount).toBe(0);
			expect(ssh.running).toBe(0);
			if (run) expect(run.teardown.complete).toBe(true);
			more = events > target && step < 20;
			step++;
		}

		// Ten step starts (provision, 2 x [server, 1 stream, 8 streams, ping], teardown), then one run without abort.
		expect(step).toBe(11);
	});
});

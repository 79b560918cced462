// Fault injection: every create/wait call fails in turn (permanently: the run fails; throttled: it is
// retried through), every insert's answer is lost in turn (its requestId returns the first operation),
// every delete answers 503 once, and the run is aborted at every stage; after each, teardown leaves the
// fake cloud holding nothing the run created.

import {describe, expect, it} from 'vitest';
import {InterruptedError} from '../../../source/domain/errors.js';
import {runProbe} from '../../../source/probe/run-probe.js';
import type {FakeGcp} from './fake-gcp.js';
import {gcpTarget, gcpUnderTest, quickSettings} from './gcp-helpers.js';

type Setup = (fake: FakeGcp) => void;
const projects: ReadonlyArray<[string, Setup]> = [
	['ssh-keys metadata', () => undefined],
	[
		'OS Login (project enable-oslogin=TRUE)',
		(fake) => {
			fake.osLoginProject = true;
		},
	],
	[
		'OS Login enforced by policy',
		(fake) => {
			fake.osLoginEnforced = true;
		},
	],
];

async function injectionPoints(setup: Setup = () => undefined): Promise<string[]> {
	const {provider, fake} = gcpUnderTest();
	setup(fake);
	await provider.provision(gcpTarget, 'np-gcp-count');
	fake.armed = false;
	await provider.teardown('np-gcp-count');
	expect(fake.resourceCount).toBe(0);
	return [...fake.faultable];
}

describe('GCP fault injection', () => {
	for (const [what, setup] of projects) {
		it(`${what}: a failure at each call leaves zero resources (and no OS Login key) after teardown`, async () => {
			const points = await injectionPoints(setup);
			// Preflight reads (project, region, network, image) and, with OS Login, the key import; then
			// 3 firewall rules (insert+wait), 1 policy (insert+wait), 4 instances (insert+wait+get).
			expect(points).toHaveLength(what.startsWith('ssh-keys') ? 24 : 25);
			for (const [index, label] of points.entries()) {
				const {provider, fake} = gcpUnderTest();
				setup(fake);
				fake.failAt = index;
				const runId = `np-gcp-fail-${index}`;
				await expect(provider.provision(gcpTarget, runId), `${index} ${label}`).rejects.toThrow(/injected failure/);
				fake.armed = false;
				expect(await provider.teardown(runId)).toEqual({complete: true, left: []});
				expect(fake.resourceCount, `${index} ${label}`).toBe(0);
			}

			console.info(`GCP fault injection (${what}): ${points.length} points, 0 resources left after each`);
		});
	}

	it('a failure at each create/wait call leaves zero resources after teardown', async () => {
		const points = await injectionPoints();
		expect(points).toHaveLength(24);
		const outcomes: string[] = [];
		for (const [index, label] of points.entries()) {
			const {provider, fake} = gcpUnderTest();
			fake.failAt = index;
			const runId = `np-gcp-fail-${index}`;
			await expect(provider.provision(gcpTarget, runId)).rejects.toThrow(/injected failure/);
			fake.armed = false;
			const report = await provider.teardown(runId);
			outcomes.push(`${index} ${label}: left ${fake.resourceCount}`);
			expect(report).toEqual({complete: true, left: []});
			expect(fake.resourceCount).toBe(0);
		}

		expect(outcomes).toHaveLength(24);
	});

	it('a throttled (429) create/wait call, each in turn, is retried through; teardown leaves zero', async () => {
		const points = await injectionPoints();
		for (const [index, label] of points.entries()) {
			const {provider, fake} = gcpUnderTest();
			fake.transientAt = index;
			const runId = `np-gcp-429-${index}`;
			expect(await provider.provision(gcpTarget, runId), label).toHaveLength(2);
			const count = (list: readonly string[]) => list.filter((api) => api === label).length;
			expect(count(fake.faultable), label).toBe(count(points) + 1);
			fake.armed = false;
			expect(await provider.teardown(runId)).toEqual({complete: true, left: []});
			expect(fake.resourceCount).toBe(0);
		}
	});

	it('an insert whose answer is lost, each kind in turn, is repeated with its requestId: nothing left', async () => {
		for (const api of ['firewalls.insert', 'resourcePolicies.insert', 'instances.insert']) {
			const {provider, fake} = gcpUnderTest();
			fake.loseResponseOf.add(api);
			const runId = `np-gcp-lost-${api.split('.')[0]!.toLowerCase()}`;
			expect(await provider.provision(gcpTarget, runId), api).toHaveLength(2);
			const sent = fake.calls.filter((call) => call.api === api);
			expect(sent.every((call) => typeof call.request.requestId === 'string')).toBe(true);
			const [lost] = fake.lostRequestIds;
			expect(
				sent.filter((call) => call.request.requestId === lost),
				api,
			).toHaveLength(2);
			fake.armed = false;
			expect(await provider.teardown(runId)).toEqual({complete: true, left: []});
			expect(fake.resourceCount, api).toBe(0);
		}
	});

	it('a 503 at each delete in turn is retried through: teardown complete, zero left', async () => {
		const probe = gcpUnderTest();
		await probe.provider.provision(gcpTarget, 'np-gcp-delete-count');
		probe.fake.armed = false;
		probe.fake.armedDeletes = true;
		await probe.provider.teardown('np-gcp-delete-count');
		const deletes = probe.fake.deletePoints.length;
		// 4 instances, the COLLOCATED policy, 3 firewall rules.
		expect(deletes).toBe(8);
		for (let index = 0; index < deletes; index++) {
			const {provider, fake} = gcpUnderTest();
			const runId = `np-gcp-delete-${index}`;
			await provider.provision(gcpTarget, runId);
			fake.armed = false;
			fake.armedDeletes = true;
			fake.transientDeleteAt = index;
			expect(await provider.teardown(runId)).toEqual({complete: true, left: []});
			expect(fake.deletePoints).toHaveLength(deletes + 1);
			expect(fake.resourceCount).toBe(0);
		}
	});

	it('an abort at each cloud call and at each SSH connection leaves zero resources after teardown', async () => {
		const points = await injectionPoints();
		let tried = 0;
		for (const index of points.keys()) {
			const {provider, fake} = gcpUnderTest();
			const controller = new AbortController();
			fake.onFaultable = (at) => {
				if (at === index) controller.abort();
			};

			const runId = `np-gcp-abort-${index}`;
			await expect(provider.provision(gcpTarget, runId, {signal: controller.signal})).rejects.toBeInstanceOf(
				InterruptedError,
			);
			fake.armed = false;
			expect(await provider.teardown(runId)).toEqual({complete: true, left: []});
			expect(fake.resourceCount).toBe(0);
			tried++;
		}

		for (let connection = 0; connection < 4; connection++) {
			const {provider, fake, ssh} = gcpUnderTest();
			const controller = new AbortController();
			let seen = 0;
			ssh.onConnect = () => {
				if (seen++ === connection) controller.abort();
			};

			const runId = `np-gcp-abort-ssh-${connection}`;
			await expect(provider.provision(gcpTarget, runId, {signal: controller.signal})).rejects.toBeInstanceOf(
				InterruptedError,
			);
			expect(await provider.teardown(runId)).toEqual({complete: true, left: []});
			expect(fake.resourceCount).toBe(0);
			tried++;
		}

		expect(tried).toBe(28);
	});

	it('an abort at each step of a whole probe still tears everything down', async () => {
		let step = 0;
		let more = true;
		while (more) {
			const {provider, fake, ssh} = gcpUnderTest();
			const controller = new AbortController();
			let events = 0;
			const target = step;
			const run = await runProbe(provider, gcpTarget, quickSettings, {
				runId: `np-gcp-probe-abort-${step}`,
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

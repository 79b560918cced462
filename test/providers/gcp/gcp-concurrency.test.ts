// Placements provision side by side: with latency on every fake call, two placements take about as long as
// the slower one alone (sequential creation would take the sum).

import {describe, expect, it} from 'vitest';
import type {Placement} from '../../../source/domain/types.js';
import {gcpTarget, gcpUnderTest} from './gcp-helpers.js';

async function timedProvision(placements: readonly Placement[], runId: string): Promise<number> {
	const {provider, fake} = gcpUnderTest();
	fake.latencyMs = 60;
	const started = performance.now();
	await provider.provision({...gcpTarget, placements}, runId);
	const elapsed = performance.now() - started;
	fake.latencyMs = 0;
	await provider.teardown(runId);
	expect(fake.resourceCount).toBe(0);
	return elapsed;
}

describe('GCP concurrency', () => {
	it('default + collocated provision in <= 1.5x the time of one placement', async () => {
		const collocatedAlone = await timedProvision(['collocated'], 'np-gcp-conc-1');
		const defaultAlone = await timedProvision(['default'], 'np-gcp-conc-2');
		const both = await timedProvision(['default', 'collocated'], 'np-gcp-conc-3');
		const slowerAlone = Math.max(collocatedAlone, defaultAlone);
		// Sequential would be about collocatedAlone + defaultAlone.
		expect(both).toBeLessThanOrEqual(1.5 * slowerAlone);
		expect(both).toBeLessThan(collocatedAlone + defaultAlone);
	});

	it('teardown deletes the instances side by side (one after another would take 16 calls, not 10)', async () => {
		const {provider, fake} = gcpUnderTest();
		await provider.provision(gcpTarget, 'np-gcp-conc-td');
		fake.latencyMs = 60;
		const started = performance.now();
		expect(await provider.teardown('np-gcp-conc-td')).toEqual({complete: true, left: []});
		const elapsed = performance.now() - started;
		expect(fake.resourceCount).toBe(0);
		// 4 instances (delete + wait) at once, then the policy and the three firewall rules: 10 calls deep.
		expect(elapsed).toBeLessThan(13 * 60);
	});
});

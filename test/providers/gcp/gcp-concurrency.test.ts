// Placements provision side by side, and teardown deletes the instances side by side: read from the calls the
// fake API holds at once (each waits out a latency), not from a clock, so a busy machine cannot change it.

import {describe, expect, it} from 'vitest';
import type {Placement} from '../../../source/domain/types.js';
import {gcpTarget, gcpUnderTest} from './gcp-helpers.js';

/** The most API calls in flight at once while the placements provision. */
async function provisionWidth(placements: readonly Placement[], runId: string): Promise<number> {
	const {provider, fake} = gcpUnderTest();
	fake.latencyMs = 20;
	await provider.provision({...gcpTarget, placements}, runId);
	const width = fake.maxInFlight;
	fake.latencyMs = 0;
	await provider.teardown(runId);
	expect(fake.resourceCount).toBe(0);
	return width;
}

describe('GCP concurrency', () => {
	it('default + collocated provision at once: more calls in flight than either placement alone', async () => {
		const collocatedAlone = await provisionWidth(['collocated'], 'np-gcp-conc-1');
		const defaultAlone = await provisionWidth(['default'], 'np-gcp-conc-2');
		const both = await provisionWidth(['default', 'collocated'], 'np-gcp-conc-3');
		// One after the other, two placements would never hold more calls at once than the wider one alone.
		console.info(
			`GCP provision, most calls at once: collocated ${collocatedAlone}, default ${defaultAlone}, both ${both}`,
		);
		expect(both).toBeGreaterThan(Math.max(collocatedAlone, defaultAlone));
	});

	it('teardown deletes the four instances at once', async () => {
		const {provider, fake} = gcpUnderTest();
		await provider.provision(gcpTarget, 'np-gcp-conc-td');
		fake.latencyMs = 20;
		fake.maxInFlight = 0;
		expect(await provider.teardown('np-gcp-conc-td')).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
		expect(fake.maxInFlight).toBeGreaterThanOrEqual(4);
	});
});

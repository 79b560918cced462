// Placements provision side by side: read from the calls the fake API holds at once (each waits out a
// latency), not from a clock, so a busy machine cannot change it.

import {describe, expect, it} from 'vitest';
import type {Placement} from '../../../source/domain/types.js';
import {ociTarget, ociUnderTest} from './oci-helpers.js';

/** The most API calls in flight at once while the placements provision. */
async function provisionWidth(placements: readonly Placement[], runId: string): Promise<number> {
	const {provider, fake} = ociUnderTest();
	fake.latencyMs = 20;
	await provider.provision({...ociTarget, placements}, runId);
	const width = fake.maxInFlight;
	fake.latencyMs = 0;
	await provider.teardown(runId);
	expect(fake.resourceCount).toBe(0);
	return width;
}

describe('OCI concurrency', () => {
	it('default + cluster provision at once: more calls in flight than either placement alone', async () => {
		const defaultAlone = await provisionWidth(['default'], 'np-oci-conc-1');
		const clusterAlone = await provisionWidth(['cluster'], 'np-oci-conc-2');
		const both = await provisionWidth(['default', 'cluster'], 'np-oci-conc-3');
		console.info(`OCI provision, most calls at once: default ${defaultAlone}, cluster ${clusterAlone}, both ${both}`);
		// One after the other, two placements would never hold more calls at once than the wider one alone.
		expect(both).toBeGreaterThan(Math.max(defaultAlone, clusterAlone));
	});
});

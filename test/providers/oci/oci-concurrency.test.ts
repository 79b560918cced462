// Placements provision side by side: with latency on every fake call, two placements take about as long as
// one (sequential creation would take nearly twice as long).

import {describe, expect, it} from 'vitest';
import type {Placement} from '../../../source/domain/types.js';
import {ociTarget, ociUnderTest} from './oci-helpers.js';

async function timedProvision(placements: readonly Placement[], runId: string): Promise<number> {
	const {provider, fake} = ociUnderTest();
	fake.latencyMs = 40;
	const started = performance.now();
	await provider.provision({...ociTarget, placements}, runId);
	const elapsed = performance.now() - started;
	fake.latencyMs = 0;
	await provider.teardown(runId);
	expect(fake.resourceCount).toBe(0);
	return elapsed;
}

describe('OCI concurrency', () => {
	it('default + cluster provision in <= 1.5x the time of one placement', async () => {
		const defaultAlone = await timedProvision(['default'], 'np-oci-conc-1');
		const clusterAlone = await timedProvision(['cluster'], 'np-oci-conc-2');
		const both = await timedProvision(['default', 'cluster'], 'np-oci-conc-3');
		expect(both).toBeLessThanOrEqual(1.5 * Math.max(defaultAlone, clusterAlone));
		expect(both).toBeLessThan(defaultAlone + clusterAlone);
	});
});

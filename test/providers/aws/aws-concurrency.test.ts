// Placements provision at once: read from the EC2 calls the fake holds at once (each waits out a latency),
// not from a clock, so a busy machine cannot change it.

import {expect, it} from 'vitest';
import type {ProbeTarget} from '../../../source/providers/provider.js';
import {awsTarget, awsUnderTest} from './aws-helpers.js';

async function provisionWidth(placements: ProbeTarget['placements']): Promise<{width: number; calls: number}> {
	const {provider, fake} = awsUnderTest();
	fake.latencyMs = 20;
	await provider.provision({...awsTarget, placements}, `np-width-${placements.length}`);
	const width = fake.maxInFlight;
	const calls = fake.calls.length;
	fake.latencyMs = 0;
	expect(await provider.teardown(`np-width-${placements.length}`)).toEqual({complete: true, left: []});
	expect(fake.resourceCount).toBe(0);
	return {width, calls};
}

it('three placements provision at once: more EC2 calls in flight than one placement alone', async () => {
	const one = await provisionWidth(['cluster']);
	const three = await provisionWidth(['default', 'cluster', 'spread']);
	console.info(
		`AWS provision: one placement ${one.calls} calls, at most ${one.width} at once; ` +
			`three ${three.calls} calls, at most ${three.width} at once`,
	);
	expect(three.calls).toBeGreaterThan(one.calls + 6);
	// One after the other, three placements would never hold more calls at once than one does.
	expect(three.width).toBeGreaterThan(one.width);
});

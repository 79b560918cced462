// Placements provision at once: with 200 ms of latency on every EC2 call, three placements take no more
// than 1.5x the time of one (measured in the same test).

import {expect, it} from 'vitest';
import type {ProbeTarget} from '../../../source/providers/provider.js';
import {awsTarget, awsUnderTest} from './aws-helpers.js';

async function timeProvision(placements: ProbeTarget['placements']): Promise<{ms: number; calls: number}> {
	const {provider, fake} = awsUnderTest();
	fake.latencyMs = 200;
	const started = performance.now();
	await provider.provision({...awsTarget, placements}, `np-time-${placements.length}`);
	const ms = performance.now() - started;
	const calls = fake.calls.length;
	fake.latencyMs = 0;
	expect(await provider.teardown(`np-time-${placements.length}`)).toEqual({complete: true, left: []});
	expect(fake.resourceCount).toBe(0);
	return {ms, calls};
}

it('three placements provision in <= 1.5x the time of one (200 ms per EC2 call)', async () => {
	const one = await timeProvision(['cluster']);
	const three = await timeProvision(['default', 'cluster', 'spread']);
	console.info(
		`AWS provision with 200 ms/call: one placement ${Math.round(one.ms)} ms (${one.calls} calls), ` +
			`three ${Math.round(three.ms)} ms (${three.calls} calls), ratio ${(three.ms / one.ms).toFixed(2)}`,
	);
	expect(three.calls).toBeGreaterThan(one.calls + 6);
	expect(three.ms).toBeLessThanOrEqual(one.ms * 1.5);
});

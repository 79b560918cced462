import {describe, expect, it} from 'vitest';
import {defaultWorkload} from '../../source/domain/types.js';
import {initialWhatIf, isChanged, sizeArgv, stepThrough, whatIfReducer} from '../../source/session/what-if.js';

const aws = {...defaultWorkload, cloud: 'aws' as const, streams: 4, minGbps: 30};
const awsPlacements = ['default', 'cluster', 'spread', 'partition'] as const;
const start = () => initialWhatIf(aws);

describe('what-if reducer', () => {
	it('steps the stream count through 1, 2, 4, 8… and back, from a typed count too', () => {
		let state = start();
		state = whatIfReducer(state, {type: 'streams', delta: 1});
		expect(state.workload.streams).toBe(8);
		state = whatIfReducer(whatIfReducer(state, {type: 'streams', delta: -1}), {type: 'streams', delta: -1});
		expect(state.workload.streams).toBe(2);
		const typed = initialWhatIf({...aws, streams: 3});
		expect(whatIfReducer(typed, {type: 'streams', delta: 1}).workload.streams).toBe(4);
		expect(whatIfReducer(typed, {type: 'streams', delta: -1}).workload.streams).toBe(2);
		const one = initialWhatIf({...aws, streams: 1});
		expect(whatIfReducer(one, {type: 'streams', delta: -1})).toBe(one);
		const many = initialWhatIf({...aws, streams: 128});
		expect(whatIfReducer(many, {type: 'streams', delta: 1}).workload.streams).toBe(256);
	});

	it('steps the target, down to no target and up from it', () => {
		let state = start();
		state = whatIfReducer(state, {type: 'target', delta: 1});
		expect(state.workload.minGbps).toBe(40);
		const low = initialWhatIf({...aws, minGbps: 1});
		const none = whatIfReducer(low, {type: 'target', delta: -1});
		expect(none.workload.minGbps).toBeNull();
		expect(whatIfReducer(none, {type: 'target', delta: -1})).toBe(none);
		expect(whatIfReducer(none, {type: 'target', delta: 1}).workload.minGbps).toBe(1);
		expect(stepThrough([1, 2, 5], 3, -1)).toBe(2);
	});

	it('cycles the placement pin through the placements and back to "search chooses"', () => {
		let state = start();
		const seen: (string | null)[] = [];
		for (let press = 0; press < 5; press++) {
			state = whatIfReducer(state, {type: 'cycle-placement', placements: awsPlacements});
			seen.push(state.workload.placement);
		}

		expect(seen).toEqual(['default', 'cluster', 'spread', 'partition', null]);
	});

	it('cycles ENA Express on AWS only and Tier_1 on GCP only', () => {
		const state = start();
		const on = whatIfReducer(state, {type: 'cycle-ena-express'});
		expect(on.workload.enaExpress).toBe(true);
		expect(whatIfReducer(on, {type: 'cycle-ena-express'}).workload.enaExpress).toBe(false);
		expect(whatIfReducer(state, {type: 'cycle-tier1'})).toBe(state);
		const gcp = initialWhatIf({...aws, cloud: 'gcp'});
		expect(whatIfReducer(gcp, {type: 'cycle-tier1'}).workload.tier1).toBe(true);
		expect(whatIfReducer(gcp, {type: 'cycle-ena-express'})).toBe(gcp);
	});

	it('reset returns to the answers; isChanged says whether a key moved them', () => {
		const moved = whatIfReducer(start(), {type: 'streams', delta: 1});
		expect(isChanged(moved)).toBe(true);
		const back = whatIfReducer(moved, {type: 'reset'});
		expect(isChanged(back)).toBe(false);
		expect(back.workload).toEqual(start().workload);
	});

	it('names the size flags that describe the changed workload', () => {
		let state = whatIfReducer(start(), {type: 'streams', delta: 1});
		state = whatIfReducer(whatIfReducer(state, {type: 'cycle-placement', placements: awsPlacements}), {
			type: 'cycle-placement',
			placements: awsPlacements,
		});
		state = whatIfReducer(whatIfReducer(state, {type: 'cycle-ena-express'}), {type: 'cycle-ena-express'});
		expect(sizeArgv(state.workload)).toEqual([
			'--cloud',
			'aws',
			'--streams',
			'8',
			'--min-gbps',
			'30',
			'--placement',
			'cluster',
			'--no-ena-express',
		]);
	});

	it('names the path figures the user gave (RTT, MTU, buffers, loss), so `size` answers the same', () => {
		const far = {...start().workload, path: 'cross-region' as const, rttMs: 0.068, mtu: 1500, lossPercent: 0.01};
		expect(sizeArgv(far).join(' ')).toContain('--path cross-region --rtt 0.068 --mtu 1500 --loss 0.01');
		expect(sizeArgv(far)).not.toContain('--rmem-max');
	});
});

import {describe, expect, it} from 'vitest';
import {placementSupportFromInstanceType, publishedFromInstanceType} from '../../../source/providers/aws/index.js';
import {c8gInfo, c8gnInfo} from './fake-ec2.js';

describe('published bandwidth from DescribeInstanceTypes', () => {
	it('a burstable shape is peak over baseline; a fixed one is base-and-peak', () => {
		expect(publishedFromInstanceType(c8gInfo)).toMatchObject({gbps: 15, kind: 'peak-over-baseline', baselineGbps: 7.5});
		const fixed = publishedFromInstanceType(c8gnInfo);
		expect(fixed).toMatchObject({gbps: 50, kind: 'base-and-peak', baselineGbps: 50});
		expect(fixed.detail).toContain('ENA Express supported');
	});

	it('multi-card shapes: card 0 (the probe path), per card and total beside it; NetworkPerformance text fallback', () => {
		// DescribeInstanceTypes for c6in.32xlarge: NetworkPerformance "200 Gigabit", two NetworkCards of 100 Gbps.
		const c6in = publishedFromInstanceType({
			InstanceType: 'c6in.32xlarge',
			NetworkInfo: {
				NetworkPerformance: '200 Gigabit',
				MaximumNetworkCards: 2,
				NetworkCards: [
					{NetworkCardIndex: 1, MaximumNetworkInterfaces: 7, BaselineBandwidthInGbps: 100, PeakBandwidthInGbps: 100},
					{NetworkCardIndex: 0, MaximumNetworkInterfaces: 7, BaselineBandwidthInGbps: 100, PeakBandwidthInGbps: 100},
				],
			},
		});
		expect(c6in).toMatchObject({gbps: 100, kind: 'base-and-peak', perCardGbps: [100, 100], totalGbps: 200});
		expect(c6in.detail).toMatch(/2 network cards \(100 \+ 100 = 200 Gbps in total.*card 0/);
		expect(publishedFromInstanceType(c8gnInfo)).not.toHaveProperty('totalGbps');
		expect(publishedFromInstanceType({NetworkInfo: {NetworkPerformance: 'Up to 12.5 Gigabit'}})).toMatchObject({
			gbps: 12.5,
			kind: 'peak-over-baseline',
			baselineGbps: null,
		});
		expect(publishedFromInstanceType({NetworkInfo: {NetworkPerformance: '25 Gigabit'}})).toMatchObject({
			gbps: 25,
			kind: 'base-and-peak',
		});
		expect(publishedFromInstanceType({})).toMatchObject({gbps: null});
	});

	it('placement support follows SupportedStrategies', () => {
		const support = placementSupportFromInstanceType({
			InstanceType: 't2.micro',
			PlacementGroupInfo: {SupportedStrategies: ['partition', 'spread']},
		});
		expect(support.find((item) => item.placement === 'cluster')).toMatchObject({
			available: false,
			reason: expect.stringMatching(/t2.micro does not support cluster/),
		});
		expect(support.find((item) => item.placement === 'spread')?.available).toBe(true);
		expect(support.find((item) => item.placement === 'default')?.available).toBe(true);
	});
});

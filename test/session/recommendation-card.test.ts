import {describe, expect, it} from 'vitest';
import {defaultWorkload} from '../../source/domain/types.js';
import {cardLines} from '../../source/present/card-lines.js';
import {lineText} from '../../source/present/lines.js';
import {recommendationCard} from '../../source/present/recommendation-card.js';
import {meetsThirty, ranked, unreachableThirty} from './size-fixtures.js';

const aws30 = {...defaultWorkload, cloud: 'any' as const, streams: 4, minGbps: 30};

describe('recommendation card', () => {
	it('shows the configuration to use, its figures against the target, limit, prices and footing', () => {
		const card = recommendationCard(meetsThirty, aws30);
		expect(card.status).toBe('meets');
		expect(card.headline).toBe('Meets 30 Gbps with at most 4 streams: use this');
		expect(card.setup).toEqual([
			'shape: aws c8gn.4xlarge',
			'placement: cluster placement group',
			'options: none',
			'streams to open: 4',
			'pairs of hosts: 1',
			'hosts: the window does not hold this plan back: nothing to set',
		]);
		expect(card.figures).toEqual([
			{label: 'single flow', value: '9.53 Gbps', footing: 'measured'},
			{label: 'aggregate, 4 streams', value: '38.12 Gbps ≥ 30 target ✓', footing: 'modelled'},
			{label: 'binding limit', value: 'per-flow cap', footing: null},
			{label: 'price', value: '$0.9480/h (us-east-1)', footing: null},
			{label: '$ per Gbps-hour', value: '$0.0249', footing: null},
			{label: 'plan price', value: '$1.8960/h (2 hosts)', footing: null},
		]);
	});

	it('lists the other clouds first among the alternatives, and what does not meet the target with why', () => {
		const card = recommendationCard(meetsThirty, aws30);
		expect(card.alternatives.map((row) => row.title)).toEqual(['gcp c4a-standard-32', 'aws c8gn.8xlarge']);
		expect(card.notMeeting).toHaveLength(1);
		expect(card.notMeeting[0]).toMatchObject({
			title: 'aws c8g.4xlarge',
			aggregate: '14.89 Gbps',
			limit: 'instance baseline',
			why: 'the instance figure (14.89 Gbps sustained) is below the target',
		});
	});

	it('says an unreachable target at the top, with what comes closest and what would be needed', () => {
		const card = recommendationCard(unreachableThirty, {...aws30, streams: 1});
		expect(card.status).toBe('unreachable');
		expect(card.headline).toBe('Nothing reaches 30 Gbps with at most 1 stream; closest: 25 Gbps on aws c8gn.4xlarge');
		expect(card.needs).toEqual([
			'No configuration reaches 30 Gbps with one stream.',
			'open 4 streams: c8gn.4xlarge in a cluster group then predicts 38.12 Gbps',
		]);
		expect(card.setup).toContain('options: ENA Express');
		expect(card.figures[1]?.value).toBe('25 Gbps < 30 target ✗');
		expect(card.alternatives).toEqual([]);
		const lines = cardLines(card, 100).map(lineText);
		expect(lines[1]).toContain('Nothing reaches 30 Gbps');
		expect(lines).toContain('Next closest');
	});

	it('shows the model beside a measured figure after a probe', () => {
		const measured = {
			...meetsThirty,
			configurations: [
				ranked({
					predicted: {aggregateGbps: 36.2, footing: {singleFlow: 'measured', aggregate: 'measured'}},
				}),
			],
		};
		const card = recommendationCard(measured, aws30, meetsThirty);
		expect(card.figures[1]).toEqual({
			label: 'aggregate, 4 streams',
			value: '36.2 Gbps ≥ 30 target ✓',
			footing: 'measured',
			predicted: '38.12 Gbps',
		});
		expect(card.figures[0]?.predicted).toBeUndefined();
	});

	it('no target: ranks by Gbps per dollar and calls the others alternatives; no configuration: says so', () => {
		const card = recommendationCard(meetsThirty, {...aws30, minGbps: null});
		expect(card.status).toBe('no-target');
		expect(card.figures[1]?.value).toBe('38.12 Gbps');
		expect(cardLines(card, 100).map(lineText)).toContain('Alternatives');
		const empty = recommendationCard({meetsTarget: false, configurations: [], closest: null}, aws30);
		expect(empty.headline).toBe('No configuration fits these constraints');
		expect(cardLines(empty, 60)).toHaveLength(2);
	});

	it('keeps every line within 60 columns', () => {
		for (const [result, workload] of [
			[meetsThirty, aws30],
			[unreachableThirty, {...aws30, streams: 1}],
		] as const) {
			const lines = cardLines(recommendationCard(result, workload), 60).map(lineText);
			for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(60);
			expect(lines.some((line) => /(measured|documented)$/.test(line))).toBe(true);
		}
	});
});

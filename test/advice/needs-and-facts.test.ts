// Issue 38's cases over the bundled catalogue: needs honoured (latency keeps the close placement on the
// card when it costs no bandwidth), OCI isolation by path, no step without its fact, an empty answer
// naming its rule, and near misses within the study's 1.2% spread meeting the target.

import {describe, expect, it} from 'vitest';
import {advise, adviseSized} from '../../source/advice/advise.js';
import {referenceMeasurements} from '../../source/domain/study-cells.js';
import type {Advice} from '../../source/domain/types.js';
import {answerLines} from '../../source/present/answer-lines.js';
import {lineText} from '../../source/present/lines.js';
import {recommendationCard} from '../../source/present/recommendation-card.js';
import {parseWorkload, type WorkloadInput} from '../../source/request/workload.js';
import {loadCatalogue} from '../../source/sizing/catalogue.js';
import {measurementSpread, reaches} from '../../source/sizing/resolution.js';
import {stepOf} from './helpers.js';

const shapes = loadCatalogue().shapes;

function adviceOver(input: WorkloadInput): Advice {
	return advise(parseWorkload(input), referenceMeasurements(), shapes);
}

describe('needs are honoured', () => {
	it('AWS latency-sensitive keeps the cluster group for 24.82 against 24.83 Gbps, its trade said', () => {
		const advice = adviceOver({cloud: 'aws', streams: 8, minGbps: 20, latencySensitive: true, sustained: true});
		expect(advice.configurations[0]).toMatchObject({shape: 'c8gn.2xlarge', placement: 'cluster'});
		const step = stepOf(advice, 'cluster-placement');
		expect(step.verdict).toBe('do');
		expect(step.why).toContain('for your latency, at no cost in bandwidth; single zone, no fault isolation');
		// Without the need, the simpler configuration wins the tie (the study's spread).
		const bulk = adviceOver({cloud: 'aws', streams: 8, minGbps: 20, sustained: true});
		expect(bulk.configurations[0]?.placement).toBe('default');
	});

	it('fault isolation outweighs latency: never a close placement on the card', () => {
		const advice = adviceOver({cloud: 'aws', streams: 8, latencySensitive: true, faultIsolation: true});
		expect(advice.configurations[0]?.placement).toBe('spread');
		expect(stepOf(advice, 'cluster-placement').verdict).toBe('avoid');
	});
});

describe('OCI isolation by path', () => {
	it('between availability domains the ADs are the isolation, in text and JSON alike', () => {
		const workload = parseWorkload({cloud: 'oci', streams: 2, minGbps: 8, faultIsolation: true, path: 'cross-zone'});
		const {advice, result} = adviseSized(workload, referenceMeasurements(), shapes);
		const pick = advice.configurations[0];
		expect(pick?.isolatedBy).toBe('availability-domains');
		expect(pick?.why).toContain('in separate availability domains');
		const step = stepOf(advice, 'oci-availability-domains');
		expect(step.verdict).toBe('do');
		// The figure the plan rests on, said on the step: 8 Gbps (8 OCPUs x 1 Gbps, documented), as the card's.
		expect(step.title).toBe('separate availability domains: 2 streams 8 Gbps, as at default placement');
		expect(step.why).toContain('fault domains are the lever inside one AD');
		expect(advice.steps.map((s) => s.id)).not.toContain('oci-fault-domains');
		const card = result === null ? null : recommendationCard(result, workload);
		const text = answerLines(advice, card, 80, {withWorkload: false}).map(lineText).join('\n');
		expect(text).toContain('placement: separate availability domains');
		expect(text).not.toContain('separate fault domains');
	});

	it('inside one availability domain, fault domains: JSON names them as the text does', () => {
		const advice = adviceOver({cloud: 'oci', streams: 8, minGbps: 10, faultIsolation: true});
		expect(advice.configurations[0]).toMatchObject({placement: 'default', isolatedBy: 'fault-domains'});
		expect(stepOf(advice, 'oci-fault-domains').title).toContain('separate fault domains');
	});
});

describe('no step without its fact', () => {
	it('no ENA Express step where the search could not take it (cross-AZ in sa-east-1)', () => {
		const advice = adviceOver({cloud: 'aws', streams: 1, path: 'cross-zone', minGbps: 8, region: 'sa-east-1'});
		expect(advice.steps.map((step) => step.id)).not.toContain('ena-express');
		// The same workload in us-east-1 may cross zones with it: the step is there.
		const east = adviceOver({cloud: 'aws', streams: 1, path: 'cross-zone', minGbps: 8, region: 'us-east-1'});
		expect(east.steps.map((step) => step.id)).toContain('ena-express');
	});

	it('a figure that needs an option names it where it is quoted', () => {
		const advice = adviceOver({cloud: 'any', streams: 1});
		const note = advice.notes.find((entry) => entry.id === 'cloud-comparison')?.text ?? '';
		expect(note).toMatch(/AWS [\d.]+ Gbps on \S+ \w+ with ENA Express \(/);
	});

	it('an empty answer names the rule that emptied it', () => {
		const advice = adviceOver({cloud: 'aws', enaExpress: true, path: 'cross-region', rttMs: 70});
		expect(advice.configurations).toEqual([]);
		const note = advice.notes.find((entry) => entry.id === 'emptied-by-rule')?.text ?? '';
		expect(note).toContain('Nothing fits --ena-express: ENA Express works within a Region only');
		const zoned = adviceOver({cloud: 'aws', placement: 'cluster', path: 'cross-zone'});
		expect(zoned.notes.find((entry) => entry.id === 'emptied-by-rule')?.text).toContain(
			'Nothing fits --placement cluster: a cluster placement puts both hosts in one zone, so there is none on a cross-zone path.',
		);
	});
});

describe('near misses meet within the study spread', () => {
	it('39.68 Gbps meets 40; 39.5 does not', () => {
		expect(measurementSpread).toBeCloseTo(0.0121, 3);
		expect(reaches(39.68, 40)).toBe(true);
		expect(reaches(39.5, 40)).toBe(false);
	});

	it('8 streams, 40 Gbps, fault isolation, sustained, no ENA Express: c7gn.4xlarge spread at $1.00/h meets', () => {
		const advice = adviceOver({
			cloud: 'aws',
			streams: 8,
			minGbps: 40,
			faultIsolation: true,
			sustained: true,
			enaExpress: false,
			// Spread pinned: a partition group (unmeasured, read as default) puts c8gn.4xlarge first otherwise.
			placement: 'spread',
		});
		const pick = advice.configurations[0];
		expect(pick).toMatchObject({shape: 'c7gn.4xlarge', placement: 'spread', meetsTarget: true});
		expect(pick?.predicted.aggregateGbps).toBe(39.68);
		expect(pick?.why).toContain("meets 40 Gbps within the study's 1.2% spread (0.32 under)");
	});
});

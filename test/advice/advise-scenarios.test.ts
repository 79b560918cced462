// The study's six "short version" conclusions, as whole scenarios: each comes out of the what-ifs on the
// recommended configuration (the study's four shapes, priced where the study ran: us-west-2), not out of
// text written in. The card's configuration and the DO steps are one configuration.

import {describe, expect, it} from 'vitest';
import {advise} from '../../source/advice/advise.js';
import {referenceMeasurements} from '../../source/domain/study-cells.js';
import type {Advice} from '../../source/domain/types.js';
import {parseWorkload} from '../../source/request/workload.js';
import {loadCatalogue} from '../../source/sizing/catalogue.js';
import {adviceFor, noteIds, stepOf, verdicts} from './helpers.js';

const west = {cloud: 'aws', region: 'us-west-2'} as const;

function card(advice: Advice) {
	const pick = advice.configurations[0];
	return pick === undefined ? '' : `${pick.shape} ${pick.placement}`;
}

describe('the short version, as scenarios', () => {
	it('1. count your streams before you buy a bigger NIC', () => {
		const advice = adviceFor({...west, streams: 1});
		expect(advice.steps[0]).toMatchObject({id: 'parallelise', verdict: 'consider'});
		expect(stepOf(advice, 'parallelise').title).toBe('parallel streams: 1 → 2 streams, 9.53 → 14.89 Gbps (1.56×)');
		const nic = stepOf(advice, 'network-optimised-shape');
		expect(nic.verdict).toBe('avoid');
		expect(nic.title).toBe('bigger shape c8gn.4xlarge: one flow stays 9.53 Gbps, $0.6381 → $0.9480/h (+49%)');
		expect(nic.why).toContain('per-flow cap binds with 1 stream');
		expect(stepOf(advice, 'parallelise').rank).toBeLessThan(nic.rank);
	});

	it('2. use a cluster placement group for single-flow work; it is how c8gn reaches 50', () => {
		const single = adviceFor({...west, streams: 1});
		expect(card(single)).toBe('c8g.4xlarge cluster');
		expect(stepOf(single, 'cluster-placement')).toMatchObject({
			verdict: 'do',
			title: 'cluster placement group: one flow 4.96 → 9.53 Gbps (1.92×), RTT 0.170 → 0.072 ms',
		});
		expect(stepOf(single, 'cluster-placement').why).toBe('single zone, no fault isolation, free; measured');
		const fast = adviceFor({...west, streams: 8, minGbps: 45});
		expect(card(fast)).toBe('c8gn.4xlarge cluster');
		expect(stepOf(fast, 'cluster-placement').title).toBe(
			'cluster placement group: 8 streams 39.72 → 49.74 Gbps (1.25×), one flow 4.96 → 9.53 Gbps (1.92×), RTT 0.134 → 0.079 ms',
		);
		const row = fast.bandwidth.find((r) => r.shape === 'c8gn.4xlarge' && r.placement === 'default');
		expect(Math.round(row?.percentOfPublished ?? 0)).toBe(79);
	});

	it('3. collocate for latency (on GCP at the cost of live migration); with several streams on c8g it buys latency, not bandwidth', () => {
		// On the study's shape one flow collocated is modelled 4% lower: a cost in bandwidth, so CONSIDER.
		const gcp = adviceFor({cloud: 'gcp', latencySensitive: true});
		expect(card(gcp)).toBe('c4a-standard-16 default');
		expect(stepOf(gcp, 'collocate')).toMatchObject({verdict: 'consider'});
		expect(stepOf(gcp, 'collocate').title).toContain('one flow 21.69 → 20.87 Gbps (−4%)');
		// Over the catalogue it costs none (6.58 → 6.52 Gbps, inside the spread): the card collocates and says so.
		const catalogued = advise(
			parseWorkload({cloud: 'gcp', latencySensitive: true}),
			referenceMeasurements(),
			loadCatalogue().shapes,
		);
		expect(catalogued.configurations[0]?.placement).toBe('collocated');
		expect(stepOf(catalogued, 'collocate')).toMatchObject({verdict: 'do'});
		expect(stepOf(catalogued, 'collocate').why).toContain(
			'for your latency, at no cost in bandwidth; single zone; costs live migration',
		);
		const kept = advise(
			parseWorkload({cloud: 'gcp', latencySensitive: true, keepLiveMigration: true}),
			referenceMeasurements(),
			loadCatalogue().shapes,
		);
		expect(kept.configurations[0]?.placement).toBe('default');
		expect(stepOf(gcp, 'collocate').title).toContain('RTT 0.116 → 0.054 ms');
		expect(stepOf(gcp, 'collocate').why).toContain('costs live migration (onHostMaintenance=TERMINATE)');
		expect(stepOf(adviceFor({cloud: 'gcp'}), 'collocate')).toMatchObject({verdict: 'avoid'});
		expect(stepOf(adviceFor({cloud: 'gcp'}), 'collocate').why).toContain('live migration for nothing measurable');
		expect(verdicts(adviceFor({cloud: 'gcp', latencySensitive: true, keepLiveMigration: true})).collocate).toBe(
			'avoid',
		);
		const aws = adviceFor({...west, streams: 8, latencySensitive: true, shapes: ['c8g.4xlarge']});
		expect(card(aws)).toBe('c8g.4xlarge cluster');
		expect(stepOf(aws, 'cluster-placement')).toMatchObject({
			verdict: 'do',
			title:
				'cluster placement group: 8 streams stay 14.89 Gbps, one flow 4.96 → 9.53 Gbps (1.92×), RTT 0.170 → 0.072 ms',
		});
		const bulk = adviceFor({...west, streams: 8, shapes: ['c8g.4xlarge']});
		expect(stepOf(bulk, 'cluster-placement').verdict).toBe('not-needed');
		expect(stepOf(bulk, 'cluster-placement').why).toContain('latency, not bandwidth, with 8 streams');
	});

	it('4. use spread when correlated failure is the risk: ~4% on c8gn, nothing on c8g', () => {
		const advice = adviceFor({...west, faultIsolation: true, streams: 8});
		expect(card(advice)).toBe('c8gn.4xlarge spread');
		expect(verdicts(advice)).toMatchObject({'spread-placement': 'do', 'cluster-placement': 'avoid'});
		expect(stepOf(advice, 'spread-placement').title).toBe('spread placement group: 8 streams 39.72 → 38.12 Gbps (−4%)');
		expect(stepOf(advice, 'cluster-placement').why).toContain('against the fault isolation you need');
		const general = adviceFor({...west, faultIsolation: true, streams: 8, minGbps: 10});
		expect(card(general)).toBe('c8g.4xlarge spread');
		expect(stepOf(general, 'spread-placement').title).toBe('spread placement group: 8 streams stay 14.89 Gbps');
		expect(stepOf(advice, 'spread-placement').rank).toBeLessThan(stepOf(advice, 'cluster-placement').rank);
	});

	it('5. only pay for the network-optimised shape with a parallel data path: 2.67×, 3.3× in a cluster group', () => {
		expect(stepOf(adviceFor({...west, streams: 1, minGbps: 30}), 'network-optimised-shape').verdict).toBe('avoid');
		const atDefault = adviceFor({...west, streams: 8, minGbps: 30, placement: 'default'});
		expect(card(atDefault)).toBe('c8gn.4xlarge default');
		expect(stepOf(atDefault, 'network-optimised-shape')).toMatchObject({
			verdict: 'do',
			title: 'c8gn.4xlarge over c8g.4xlarge: 8 streams 14.89 → 39.72 Gbps (2.67×), $0.6381 → $0.9480/h (+49%)',
		});
		expect(stepOf(atDefault, 'network-optimised-shape').why).toContain('short of your 30');
		const inCluster = adviceFor({...west, streams: 8, minGbps: 30});
		expect(stepOf(inCluster, 'network-optimised-shape').title).toContain('14.89 → 49.74 Gbps (3.34×)');
		// Sustained, the plan rests on c8g's 7.5 Gbps baseline (the model's burst rule), and the note says why.
		const sustained = adviceFor({...west, streams: 8, minGbps: 30, placement: 'default', sustained: true});
		expect(stepOf(sustained, 'network-optimised-shape').title).toContain('8 streams 7.45 → 39.72 Gbps');
		const note = sustained.notes.find((n) => n.id === 'c8g-burst-held')?.text ?? '';
		expect(note).toContain('300 s');
		expect(note).toContain('7.5 Gbps baseline');
		expect(note).toContain('4.965');
		expect(noteIds(adviceFor({cloud: 'aws', sustained: false}))).not.toContain('c8g-burst-held');
		expect(noteIds(adviceFor({cloud: 'gcp', sustained: true}))).not.toContain('c8g-burst-held');
		// No length given: the card rests on c8gn.large's baseline and bursts above it, so the note says why.
		const unsaid = advise(parseWorkload({cloud: 'aws', streams: 1}), referenceMeasurements(), loadCatalogue().shapes);
		expect(unsaid.configurations[0]?.predicted).toMatchObject({restsOn: 'baseline', burstGbps: expect.any(Number)});
		expect(noteIds(unsaid)).toContain('c8g-burst-held');
	});

	it('6. AWS is the odd one out on single flows; GCP left a third of a derived ceiling', () => {
		expect(stepOf(adviceFor({cloud: 'gcp'}), 'parallelise')).toMatchObject({
			verdict: 'not-needed',
			title: 'parallel streams: one flow carries 21.69 Gbps, 103% of what many carry on c4a-standard-16',
		});
		expect(stepOf(adviceFor({cloud: 'oci'}), 'parallelise').title).toContain('95% of what many carry');
		expect(stepOf(adviceFor({...west, streams: 1}), 'parallelise').verdict).toBe('consider');
		const advice = adviceFor({cloud: 'any', streams: 1});
		const share = (shape: string) =>
			advice.bandwidth.find((r) => r.shape === shape && r.placement === 'default')?.singleToAggregate;
		expect([share('c8g.4xlarge'), share('c8gn.4xlarge')]).toEqual([0.33, 0.12]);
		const gcp = advice.bandwidth.find((r) => r.cloud === 'gcp' && r.placement === 'default');
		expect(Math.round(gcp?.percentOfPublished ?? 0)).toBe(68);
		expect(gcp?.publishedKind).toBe('derived-per-vcpu');
		expect(noteIds(advice)).toEqual(['cloud-comparison', 'one-sample-per-cell', 'stock-configuration']);
		const comparison = advice.notes.find((note) => note.id === 'cloud-comparison')?.text ?? '';
		expect(comparison).toMatch(/^One flow goes furthest, per cloud: GCP 21\.69 Gbps/);
	});
});

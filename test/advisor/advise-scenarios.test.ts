// The study's six "short version" conclusions, as whole scenarios.

import {describe, expect, it} from 'vitest';
import {adviceFor, noteIds, stepOf, verdicts} from './helpers.js';

describe('the short version, as scenarios', () => {
	it('1. count your streams before you buy a bigger NIC', () => {
		const advice = adviceFor({cloud: 'aws', streams: 1});
		// Issue 7: one connection is a constraint, so parallelising is said with what it would buy, after the
		// steps that work with one stream (the old answer put "[DO] Open 8 parallel streams" first).
		expect(verdicts(advice)).toMatchObject({parallelise: 'consider', 'network-optimised-shape': 'avoid'});
		expect(stepOf(advice, 'parallelise').rank).toBe(advice.steps.length);
		expect(stepOf(advice, 'network-optimised-shape').why).toContain('9.53 Gbps on c8g.4xlarge and c8gn.4xlarge');
	});

	it('2. use a cluster placement group for single-flow work; it is how c8gn reaches 50', () => {
		const single = adviceFor({cloud: 'aws', streams: 1});
		expect(stepOf(single, 'cluster-placement')).toMatchObject({verdict: 'do'});
		expect(stepOf(single, 'cluster-placement').why).toContain('4.96 -> 9.53 Gbps');
		const latency = adviceFor({cloud: 'aws', streams: 8, latencySensitive: true});
		expect(stepOf(latency, 'cluster-placement').why).toContain('0.170 -> 0.072 ms');
		const fast = adviceFor({cloud: 'aws', streams: 8, minGbps: 45});
		expect(stepOf(fast, 'cluster-placement').why).toContain('49.74 Gbps (measured) (99.5% of 50 published)');
		expect(stepOf(fast, 'cluster-placement').why).toContain('outside a cluster group: 39.72 Gbps');
		const row = fast.bandwidth.find((r) => r.shape === 'c8gn.4xlarge' && r.placement === 'default');
		expect(Math.round(row?.percentOfPublished ?? 0)).toBe(79);
	});

	it('3. collocate for latency; on GCP it costs live migration and buys no throughput', () => {
		expect(verdicts(adviceFor({cloud: 'gcp', latencySensitive: true}))).toEqual({
			parallelise: 'not-needed',
			collocate: 'do',
		});
		expect(verdicts(adviceFor({cloud: 'gcp'}))).toEqual({parallelise: 'not-needed', collocate: 'avoid'});
		expect(verdicts(adviceFor({cloud: 'gcp', latencySensitive: true, keepLiveMigration: true})).collocate).toBe(
			'consider',
		);
		// On AWS the same latency wish is met by a cluster group, which also lifts single flows.
		expect(verdicts(adviceFor({cloud: 'aws', latencySensitive: true}))['cluster-placement']).toBe('do');
	});

	it('4. use spread when correlated failure is the risk', () => {
		const advice = adviceFor({cloud: 'aws', faultIsolation: true, streams: 8});
		expect(verdicts(advice)).toMatchObject({'spread-placement': 'do', 'cluster-placement': 'avoid'});
		expect(stepOf(advice, 'spread-placement').why).toContain('38.12 against 39.72');
		expect(stepOf(advice, 'spread-placement').rank).toBeLessThan(stepOf(advice, 'cluster-placement').rank);
	});

	it('5. only pay for the network-optimised shape if the data path is parallel; c8g held its 15 Gbps', () => {
		expect(verdicts(adviceFor({cloud: 'aws', streams: 1, minGbps: 30}))['network-optimised-shape']).toBe('avoid');
		const parallel = adviceFor({cloud: 'aws', streams: 8, minGbps: 30, sustained: true});
		expect(stepOf(parallel, 'network-optimised-shape').verdict).toBe('do');
		expect(stepOf(parallel, 'network-optimised-shape').why).toContain('2.67x');
		expect(noteIds(parallel)).toContain('c8g-burst-held');
		const note = parallel.notes.find((n) => n.id === 'c8g-burst-held')?.text ?? '';
		expect(note).toContain('300 s');
		expect(note).toContain('7.5 Gbps baseline');
		expect(note).toContain('4.965');
		expect(noteIds(adviceFor({cloud: 'aws', sustained: false}))).not.toContain('c8g-burst-held');
		expect(noteIds(adviceFor({cloud: 'gcp', sustained: true}))).not.toContain('c8g-burst-held');
	});

	it('6. AWS is the odd one out on single flows; GCP left a third of a derived ceiling', () => {
		const advice = adviceFor({cloud: 'any', streams: 1});
		const parallelise = stepOf(advice, 'parallelise');
		expect(parallelise.verdict).toBe('consider');
		expect(parallelise.why).toContain('not needed on GCP and OCI');
		const share = (shape: string) =>
			advice.bandwidth.find((r) => r.shape === shape && r.placement === 'default')?.singleToAggregate;
		expect([share('c8g.4xlarge'), share('c8gn.4xlarge')]).toEqual([0.33, 0.12]);
		const gcp = advice.bandwidth.find((r) => r.cloud === 'gcp' && r.placement === 'default');
		expect(Math.round(gcp?.percentOfPublished ?? 0)).toBe(68);
		expect(gcp?.publishedKind).toBe('derived-per-vcpu');
		expect(advice.bandwidth.map((r) => r.cloud)).not.toContain('lab');
		expect(noteIds(advice)).toEqual(['cloud-comparison', 'one-sample-per-cell', 'stock-configuration']);
		// Issue 7: with --cloud any and one stream, say where one flow goes furthest.
		const comparison = advice.notes.find((note) => note.id === 'cloud-comparison')?.text ?? '';
		expect(comparison).toMatch(/^One flow goes furthest, per cloud: GCP 21\.69 Gbps/);
		expect(comparison).toMatch(/GCP \d(\.\d)?x and OCI \d(\.\d)?x as far as AWS/);
	});
});

import {describe, expect, it} from 'vitest';
import {stepOrder} from '../../source/advisor/types.js';
import {adviceFor, stepOf, verdicts, withReference} from './helpers.js';

describe('advise: parallelise', () => {
	// Issue 7: the stream count is what the path can open, so more streams are a "consider", said with what they buy.
	it('AWS, fewer streams than collect the aggregate: consider, quoting 4.96 against 14.89 and 39.72', () => {
		const step = stepOf(adviceFor({cloud: 'aws', streams: 2}), 'parallelise');
		expect(step.verdict).toBe('consider');
		expect(step.why).toContain('4.96 Gbps against 14.89 on c8g.4xlarge');
		expect(step.why).toContain('4.96 Gbps against 39.72 on c8gn.4xlarge');
		expect(step.why).toContain('8 streams collect 39.72 Gbps on c8gn.4xlarge');
		expect(step.evidence).toContainEqual({
			cloud: 'aws',
			shape: 'c8g.4xlarge',
			placement: 'default',
			streams: 1,
			gbps: 4.96,
			source: 'reference',
			footing: 'one sample, us-west-2',
		});
		expect(step.evidence).toContainEqual(expect.objectContaining({shape: 'c8gn.4xlarge', streams: 8, gbps: 39.72}));
	});

	it('AWS, 8 or more streams: satisfied', () => {
		expect(stepOf(adviceFor({cloud: 'aws', streams: 8}), 'parallelise').verdict).toBe('satisfied');
		expect(stepOf(adviceFor({cloud: 'aws', streams: 64}), 'parallelise').verdict).toBe('satisfied');
		expect(stepOf(adviceFor({cloud: 'aws', streams: 7}), 'parallelise').verdict).toBe('consider');
	});

	it('GCP or OCI only: not-needed, quoting 103% and 95%', () => {
		const gcp = stepOf(adviceFor({cloud: 'gcp'}), 'parallelise');
		expect(gcp.verdict).toBe('not-needed');
		expect(gcp.why).toContain('103%');
		const oci = stepOf(adviceFor({cloud: 'oci', streams: 8}), 'parallelise');
		expect(oci.verdict).toBe('not-needed');
		expect(oci.why).toContain('95%');
	});

	it('any cloud: consider for AWS, saying it is not needed on GCP and OCI', () => {
		const step = stepOf(adviceFor({cloud: 'any'}), 'parallelise');
		expect(step.verdict).toBe('consider');
		expect(step.why).toContain('on AWS');
		expect(step.why).toContain('not needed on GCP and OCI');
		expect(new Set(step.evidence.map((figure) => figure.cloud))).toEqual(new Set(['aws', 'gcp', 'oci']));
	});

	it('reads its figures from the evidence, not from strings', () => {
		const step = stepOf(
			adviceFor({cloud: 'aws'}, withReference('aws/c8g.4xlarge/default', {singleFlowGbps: 3.21})),
			'parallelise',
		);
		expect(step.why).toContain('3.21 Gbps against 14.89');
	});
});

describe('advise: spread-placement', () => {
	it('fault isolation on AWS: do, about 4% on c8gn and nothing measurable on c8g', () => {
		const step = stepOf(adviceFor({cloud: 'aws', faultIsolation: true}), 'spread-placement');
		expect(step.verdict).toBe('do');
		expect(step.why).toContain('about 4% of aggregate on c8gn.4xlarge (38.12 against 39.72 Gbps)');
		expect(step.why).toContain('nothing measurable on c8g.4xlarge (14.89 against 14.89 Gbps)');
		expect(step.why).toContain('no single-flow gain (4.96 Gbps');
	});

	it('left out without fault isolation, and outside AWS', () => {
		expect(verdicts(adviceFor({cloud: 'aws'}))).not.toHaveProperty('spread-placement');
		expect(verdicts(adviceFor({cloud: 'gcp', faultIsolation: true}))).not.toHaveProperty('spread-placement');
	});
});

describe('advise: cluster-placement', () => {
	it('fault isolation: avoid, saying what it would have bought', () => {
		const step = stepOf(adviceFor({cloud: 'aws', faultIsolation: true, streams: 1}), 'cluster-placement');
		expect(step.verdict).toBe('avoid');
		expect(step.why).toContain('single-AZ');
		expect(step.why).toContain('4.96 -> 9.53 Gbps');
		expect(step.why).toContain('0.170 -> 0.072 ms');
	});

	it('fewer than 8 streams: do, 4.96 -> 9.53 Gbps on both shapes', () => {
		const step = stepOf(adviceFor({cloud: 'aws', streams: 1}), 'cluster-placement');
		expect(step.verdict).toBe('do');
		expect(step.why).toContain('4.96 -> 9.53 Gbps (1.92x) on c8g.4xlarge and c8gn.4xlarge');
		expect(step.evidence.filter((figure) => figure.gbps === 9.53)).toHaveLength(2);
	});

	it('8 streams, latency-sensitive: do, RTT 0.170 -> 0.072 ms', () => {
		const step = stepOf(adviceFor({cloud: 'aws', streams: 8, latencySensitive: true}), 'cluster-placement');
		expect(step.verdict).toBe('do');
		expect(step.why).toContain('0.170 -> 0.072 ms on c8g.4xlarge');
		expect(step.evidence).toContainEqual(
			expect.objectContaining({placement: 'cluster', rttMs: 0.072, gbps: null, streams: null}),
		);
	});

	it('8 streams, min-gbps above 39.72: do, 49.74 is 99.5% of 50', () => {
		const step = stepOf(adviceFor({cloud: 'aws', streams: 8, minGbps: 45}), 'cluster-placement');
		expect(step.verdict).toBe('do');
		expect(step.why).toContain('49.74 Gbps (measured) (99.5% of 50 published)');
		expect(step.why).not.toContain('short of');
		expect(stepOf(adviceFor({cloud: 'aws', streams: 8, minGbps: 60}), 'cluster-placement').why).toContain(
			'short of your 60 Gbps',
		);
	});

	it('8 streams on c8g.4xlarge: consider, latency not bandwidth', () => {
		for (const minGbps of [null, 10, 14.89]) {
			const step = stepOf(adviceFor({cloud: 'aws', streams: 8, minGbps, shapes: 'c8g.4xlarge'}), 'cluster-placement');
			expect(step.verdict).toBe('consider');
			expect(step.title).toContain('latency, not bandwidth');
			expect(step.why).toContain('14.89 Gbps at default and 14.89 in a cluster group');
		}
	});

	it('left out outside AWS', () => {
		expect(verdicts(adviceFor({cloud: 'oci'}))).not.toHaveProperty('cluster-placement');
	});
});

describe('advise: collocate', () => {
	it('latency-sensitive: do, RTT 0.116 -> 0.054 ms, needs onHostMaintenance=TERMINATE', () => {
		const step = stepOf(adviceFor({cloud: 'gcp', latencySensitive: true}), 'collocate');
		expect(step.verdict).toBe('do');
		expect(step.why).toContain('0.116 -> 0.054 ms');
		expect(step.why).toContain('onHostMaintenance=TERMINATE');
	});

	it('latency-sensitive but keeping live migration: consider, naming the trade-off', () => {
		const step = stepOf(adviceFor({cloud: 'gcp', latencySensitive: true, keepLiveMigration: true}), 'collocate');
		expect(step.verdict).toBe('consider');
		expect(step.why).toContain('live migration');
	});

	it('not latency-sensitive: avoid, 20.87 against 21.06 Gbps', () => {
		const step = stepOf(adviceFor({cloud: 'gcp', keepLiveMigration: true}), 'collocate');
		expect(step.verdict).toBe('avoid');
		expect(step.why).toContain('20.87 against 21.06 Gbps');
		expect(step.why).toContain('live migration');
	});

	it('left out outside GCP', () => {
		expect(verdicts(adviceFor({cloud: 'aws', latencySensitive: true}))).not.toHaveProperty('collocate');
	});
});

describe('advise: oci-cluster-placement', () => {
	it('OCI: not needed for throughput; for latency consider, with the 404 caveat', () => {
		expect(stepOf(adviceFor({cloud: 'oci'}), 'oci-cluster-placement').verdict).toBe('not-needed');
		const step = stepOf(adviceFor({cloud: 'oci', latencySensitive: true}), 'oci-cluster-placement');
		expect(step.verdict).toBe('consider');
		expect(step.why).toContain('404 NotAuthorizedOrNotFound');
		expect(step.why).toContain('confirm with Oracle');
		expect(verdicts(adviceFor({cloud: 'gcp'}))).not.toHaveProperty('oci-cluster-placement');
	});
});

describe('advise: network-optimised-shape', () => {
	it('one stream: avoid, the same 4.96 Gbps for 49% more', () => {
		const step = stepOf(adviceFor({cloud: 'aws', streams: 1}), 'network-optimised-shape');
		expect(step.verdict).toBe('avoid');
		expect(step.why).toContain('the same 9.53 Gbps');
		expect(step.why).toContain('49% more money');
	});

	it('8 streams and more than 14.89 needed: do, 2.67x at default and 3.3x in a cluster group', () => {
		const step = stepOf(adviceFor({cloud: 'aws', streams: 8, minGbps: 20}), 'network-optimised-shape');
		expect(step.verdict).toBe('do');
		expect(step.why).toContain('2.67x');
		expect(step.why).toMatch(/3\.3\dx in a cluster group/);
		expect(step.title).toContain('14.89');
	});

	it('8 streams and 14.89 is enough: avoid; no minimum stated: consider', () => {
		const enough = stepOf(adviceFor({cloud: 'aws', streams: 8, minGbps: 10}), 'network-optimised-shape');
		expect(enough.verdict).toBe('avoid');
		expect(enough.why).toContain('14.89 Gbps');
		const unstated = stepOf(adviceFor({cloud: 'aws', streams: 8}), 'network-optimised-shape');
		expect(unstated.verdict).toBe('consider');
		expect(unstated.title).toContain('more than 14.89 Gbps');
	});

	it('left out outside AWS', () => {
		expect(verdicts(adviceFor({cloud: 'gcp', streams: 8, minGbps: 20}))).not.toHaveProperty('network-optimised-shape');
	});
});

describe('advise: order and ranks', () => {
	it('ranks 1..n in the fixed order, leaving out steps that do not apply', () => {
		const advice = adviceFor({cloud: 'any', faultIsolation: true, latencySensitive: true, streams: 8});
		expect(advice.steps.map((step) => step.rank)).toEqual(advice.steps.map((_, index) => index + 1));
		// The study's four shapes have no Tier_1 record: that step is left out.
		expect(advice.steps.map((step) => step.id)).toEqual(stepOrder.filter((id) => id !== 'tier1'));
		const gcp = adviceFor({cloud: 'gcp'});
		expect(gcp.steps.map((step) => [step.rank, step.id])).toEqual([
			[1, 'parallelise'],
			[2, 'collocate'],
		]);
	});

	it('every step has a title, a one-line why and a verdict', () => {
		const advice = adviceFor({cloud: 'any', streams: 8, minGbps: 20, sustained: true});
		for (const step of advice.steps) {
			expect(step.title.length).toBeGreaterThan(10);
			expect(step.why.length).toBeGreaterThan(10);
			expect(step.why).not.toContain('\n');
			expect(step.why).not.toContain('n/a');
			expect(['do', 'consider', 'avoid', 'not-needed', 'satisfied']).toContain(step.verdict);
		}
	});
});

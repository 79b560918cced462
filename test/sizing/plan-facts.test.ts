// Issue 36 §4, facts three-valued in the search, on the bundled catalogue: a Region's offering (yes, no or
// unknown, with its source or how to check), ENA Express whose support is unknown, and an AWS spread group's
// seven instances per zone on a multi-pair plan.

import {describe, expect, it} from 'vitest';
import {advise} from '../../source/advice/advise.js';
import {parseWorkload, type WorkloadInput} from '../../source/request/workload.js';
import {loadCatalogue} from '../../source/sizing/catalogue.js';
import {offeringIn} from '../../source/sizing/offering.js';
import {size} from '../../source/sizing/search.js';

const {shapes} = loadCatalogue();
const sized = (input: WorkloadInput) => size(parseWorkload(input), shapes);
const shape = (name: string) => {
	const found = shapes.find((record) => record.shape === name);
	if (!found) throw new Error(`${name} missing`);
	return found;
};

describe("a shape's offering in a Region", () => {
	it('GCP: yes or no from the machine-type-by-region list, with its source and date', () => {
		// h3-standard-88 is listed in europe-west4, northamerica-northeast1 and us-central1 only.
		expect(offeringIn(shape('h3-standard-88'), 'us-central1')).toMatchObject({
			offered: true,
			source: {id: 'cyclenerd-regions', date: '2026-08-17'},
		});
		expect(offeringIn(shape('h3-standard-88'), 'asia-east1').offered).toBe(false);
	});

	it('a shape the Region (or the far end) does not offer is never recommended there', () => {
		const here = sized({cloud: 'gcp', region: 'asia-east1', streams: 8, shapes: ['h3-standard-88', 'c4a-standard-16']});
		expect(here.configurations.map((entry) => entry.shape)).not.toContain('h3-standard-88');
		const far = sized({
			cloud: 'gcp',
			region: 'us-central1',
			toRegion: 'asia-east1',
			path: 'cross-region',
			streams: 8,
			shapes: ['h3-standard-88', 'c4a-standard-16'],
		});
		expect(far.configurations.length).toBeGreaterThan(0);
		expect(far.configurations.map((entry) => entry.shape)).not.toContain('h3-standard-88');
		for (const entry of far.configurations) {
			expect(entry.offering?.map((offering) => [offering.region, offering.offered])).toEqual([
				['us-central1', true],
				['asia-east1', true],
			]);
		}
		// Only the far end excludes it: the empty answer names --to-region.
		const only = sized({
			cloud: 'gcp',
			region: 'us-central1',
			toRegion: 'asia-east1',
			path: 'cross-region',
			shapes: ['h3-standard-88'],
		});
		expect(only.configurations).toEqual([]);
		expect(only.emptiedBy?.map((relaxation) => relaxation.flags.join(' '))).toContain('--to-region asia-east1');
	});

	it('AWS: yes where a price list prices it (us-east-1), else unknown with how to check, never no', () => {
		expect(offeringIn(shape('c8gn.4xlarge'), 'us-east-1')).toMatchObject({
			offered: true,
			source: {id: 'karpenter-pricing'},
		});
		const unknown = offeringIn(shape('hpc7g.16xlarge'), 'eu-west-2');
		expect(unknown).toMatchObject({offered: null, source: null});
		expect(unknown.check).toBe(
			'aws ec2 describe-instance-type-offerings --region eu-west-2 --filters Name=instance-type,Values=hpc7g.16xlarge',
		);
		const result = sized({cloud: 'aws', region: 'eu-west-2', streams: 8, minGbps: 40});
		const [pick] = result.configurations;
		expect(pick?.offering).toEqual([expect.objectContaining({region: 'eu-west-2', offered: null})]);
		expect(pick?.predicted.basis.join(' ')).toContain('whether eu-west-2 offers');
		expect(pick?.predicted.basis.join(' ')).toContain('describe-instance-type-offerings');
	});

	it('OCI: a price stated for every Region says nothing of where a shape runs: unknown', () => {
		expect(offeringIn(shape('VM.Standard.E5.Flex'), 'us-ashburn-1')).toMatchObject({offered: null});
	});
});

describe('ENA Express whose support is unknown', () => {
	it('is searched, footed unknown, and not read as no', () => {
		const result = sized({cloud: 'aws', streams: 1, minGbps: 20, shapes: ['c8ine.4xlarge']});
		const [pick] = result.configurations;
		expect(pick).toMatchObject({meetsTarget: true, options: {enaExpress: true}});
		expect(pick?.predicted.footing).toEqual({singleFlow: 'unknown', aggregate: 'unknown'});
		expect(pick?.predicted.basis.join(' ')).toContain('EnaSrdSupported');
	});

	it('AWS 8 streams at 100 Gbps is reachable (ENA Express on c7gn.16xlarge and c8gn.8xlarge, documented)', () => {
		const result = sized({cloud: 'aws', streams: 8, minGbps: 100});
		expect(result.meetsTarget).toBe(true);
		expect(result.configurations[0]?.options.enaExpress).toBe(true);
	});
});

describe('placement group support', () => {
	it('a cluster group no source settles (the type has no generation in any source) is searched, said, ranked after', () => {
		expect(shape('hpc7a.12xlarge').placementsUnknown).toEqual(['cluster']);
		expect(shape('c8gn.4xlarge').placementsUnknown).toEqual([]);
		const result = sized({cloud: 'aws', streams: 8, shapes: ['hpc7a.12xlarge']});
		const cluster = result.configurations.find((entry) => entry.placement === 'cluster');
		expect(cluster?.predicted.basis.join(' ')).toContain('PlacementGroupInfo.SupportedStrategies');
		const plain = result.configurations.find((entry) => entry.placement === 'default');
		expect(plain?.predicted.basis.join(' ')).not.toContain('launches in a');
	});

	it('GCP compact placement on a series no source names (E2): searched, said with its check, ranked after', () => {
		expect(shape('e2-standard-16').placementsUnknown).toEqual(['collocated']);
		expect(shape('n2-standard-16').placementsUnknown).toEqual([]);
		const result = sized({cloud: 'gcp', streams: 1, shapes: ['e2-standard-16']});
		const collocated = result.configurations.find((entry) => entry.placement === 'collocated');
		expect(collocated?.predicted.basis.join(' ')).toContain(
			'whether e2-standard-16 takes a compact (COLLOCATED) placement policy: unknown',
		);
		expect(collocated?.predicted.basis.join(' ')).toContain('--resource-policies=POLICY');
		const plain = result.configurations.find((entry) => entry.placement === 'default');
		expect(plain?.rank).toBeLessThan(collocated?.rank ?? 0);
		const n2 = sized({cloud: 'gcp', streams: 1, shapes: ['n2-standard-16'], placement: 'collocated'});
		expect(n2.configurations[0]?.predicted.basis.join(' ')).not.toContain('COLLOCATED) placement policy: unknown');
		// The decision order says it too where it offers collocating.
		const advice = advise(
			parseWorkload({cloud: 'gcp', latencySensitive: true, shapes: ['e2-standard-16']}),
			[],
			shapes,
		);
		expect(advice.steps.find((step) => step.id === 'collocate')?.why).toContain(
			'whether e2-standard-16 takes it is unknown (no bundled source settles it), not no',
		);
	});

	it('--placement partition is never an always-empty answer', () => {
		for (const cloud of ['aws', 'any'] as const) {
			const result = sized({cloud, streams: 8, minGbps: 20, placement: 'partition'});
			expect(result.configurations.length).toBeGreaterThan(0);
			expect(result.configurations[0]).toMatchObject({cloud: 'aws', placement: 'partition', meetsTarget: true});
		}
	});
});

describe("an AWS spread group's seven instances per zone", () => {
	it('a multi-pair spread plan over the limit says how many groups, and ranks after partition at equal cost', () => {
		const result = sized({cloud: 'aws', streams: 8, minGbps: 800, faultIsolation: true});
		const spread = result.configurations.find((entry) => entry.placement === 'spread' && entry.pairs > 3);
		expect(spread?.predicted.basis.join(' ')).toMatch(/instances in one Availability Zone: a spread group holds 7/);
		const partition = result.configurations.find(
			(entry) => entry.placement === 'partition' && entry.shape === spread?.shape && entry.pairs === spread?.pairs,
		);
		expect(partition?.rank).toBeLessThan(spread?.rank ?? 0);
		// Within the limit (3 pairs, 6 instances in the zone) nothing is said.
		const small = sized({cloud: 'aws', streams: 8, minGbps: 120, faultIsolation: true, placement: 'spread'});
		for (const entry of small.configurations.filter((each) => each.pairs <= 3)) {
			expect(entry.predicted.basis.join(' ')).not.toContain('a spread group holds 7');
		}
	});
});

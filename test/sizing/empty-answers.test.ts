// Issue 23 §6 on the real catalogue: unknown is not no (C4A with --tier1 is answered, unknown-footed, where
// the catalogue lacks its Tier_1 cap), and an empty answer names the constraints that emptied it and what
// lifting each gives, in JSON and on the card.

import {describe, expect, it} from 'vitest';
import {recommendationCard} from '../../source/present/recommendation-card.js';
import {parseWorkload, type WorkloadInput} from '../../source/request/workload.js';
import {loadCatalogue} from '../../source/sizing/catalogue.js';
import {size} from '../../source/sizing/search.js';

const shapes = loadCatalogue().shapes;

function sized(input: WorkloadInput) {
	const workload = parseWorkload(input);
	return {workload, result: size(workload, shapes)};
}

describe('unknown is not no', () => {
	it('Tier_1 eligible with no cap in the catalogue (--tier1): answered at the default tier, unknown-footed, with how to check', () => {
		// n2-standard-48: eligible (N2, 30 vCPUs or more), no per-type Tier_1 figure in any bundled source. (C4A's
		// caps are documented per type since Google's general-purpose page was added: c4a-standard-72 100 Gbps.)
		const {result} = sized({cloud: 'gcp', shapes: ['n2-standard-48'], tier1: true, streams: 8});
		const pick = result.configurations[0];
		expect(pick?.options.tier1).toBe(true);
		expect(pick?.predicted.footing.aggregate).toBe('unknown');
		expect(pick?.predicted.aggregateGbps).toBeGreaterThan(0);
		expect(pick?.predicted.basis.join(' ')).toContain('unknown, not no');
	});
});

describe('an empty answer says why', () => {
	it('names each constraint and what lifting it gives', () => {
		const {workload, result} = sized({cloud: 'aws', shapes: ['t3.micro'], placement: 'cluster'});
		expect(result.configurations).toEqual([]);
		const flags = result.emptiedBy?.map((relaxation) => relaxation.flags.join(' '));
		expect(flags).toEqual(['--shape t3.micro', '--placement cluster']);
		expect(result.emptiedBy?.every((relaxation) => relaxation.best !== null)).toBe(true);
		const card = recommendationCard(result, workload);
		expect(card.headline).toBe('Nothing fits --shape t3.micro --placement cluster');
		expect(card.needs[1]).toMatch(/^without --placement cluster: aws t3\.micro, [\d.]+ [MG]bps/);
	});

	it('a non-empty answer carries no relaxations', () => {
		expect(sized({cloud: 'aws'}).result.emptiedBy).toBeUndefined();
	});
});

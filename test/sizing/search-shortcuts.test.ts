// The search's shortcuts give the answer the whole search gives: leaving out shapes that cannot reach the
// target, taking shapes cheapest first, the per-configuration memo, and top-k selection in place of sorting.
// On the real catalogue.

import {describe, expect, it} from 'vitest';
import {evidenceView} from '../../source/domain/evidence.js';
import type {ShapeRecord} from '../../source/domain/model-types.js';
import {referenceMeasurements} from '../../source/domain/study-cells.js';
import {defaultWorkload, type Measurement} from '../../source/domain/types.js';
import {parseWorkload, type WorkloadInput} from '../../source/request/workload.js';
import {loadCatalogue} from '../../source/sizing/catalogue.js';
import {CatalogueShape} from '../../source/sizing/catalogue-record.js';
import {quickCeiling, streamsCeiling} from '../../source/sizing/ceilings.js';
import {enumerate} from '../../source/sizing/enumerate.js';
import {lazyCandidates, lazyCandidatesOver, shapeWalks, type WalkScope} from '../../source/sizing/lazy-candidates.js';
import {aggregateCeiling, predict} from '../../source/sizing/model.js';
import {type Candidate, compareCandidates, firstBy} from '../../source/sizing/rank.js';
import {relaxedWorkload, size, sizeFrom} from '../../source/sizing/search.js';
import {spanOf} from '../../source/sizing/transfer.js';

const shapes = loadCatalogue().shapes;

const workloads: WorkloadInput[] = [
	{cloud: 'any', streams: 4, minGbps: 30},
	{cloud: 'aws', streams: 1, minGbps: 4},
	{cloud: 'gcp', streams: 8, minGbps: 30},
	{cloud: 'oci', streams: 8, minGbps: 20},
	{cloud: 'any', streams: 16, minGbps: 100, sustained: true},
	{cloud: 'aws', streams: 8, minGbps: 40, faultIsolation: true},
	{cloud: 'any', streams: 2, minGbps: 400},
	{cloud: 'aws', streams: 4, minGbps: 3, path: 'internet'},
	{cloud: 'any', streams: 8, minGbps: 50},
	{cloud: 'gcp', streams: 16, minGbps: 60},
	{cloud: 'any', streams: 4, minGbps: 30, region: 'us-east-1'},
	{cloud: 'oci', streams: 4, minGbps: 10},
	{cloud: 'any', streams: 1, minGbps: 10},
	{cloud: 'gcp', streams: 8, minGbps: 20, tier1: true},
	{cloud: 'any', streams: 8, minGbps: 25, arch: 'arm64', sustained: true},
	// Plans (DESIGN.md "The plan"): as many pairs as it takes; ranked by the job's cost with a volume.
	{cloud: 'aws', streams: 8, minGbps: 100},
	{cloud: 'any', streams: 16, minGbps: 400},
	{cloud: 'any', streams: 4, transferBytes: '10TB', withinSeconds: '12h', path: 'cross-region', rttMs: 70},
	{
		cloud: 'aws',
		streams: 16,
		transferBytes: '300TB',
		withinSeconds: '48h',
		region: 'us-east-1',
		toRegion: 'eu-west-1',
		rttMs: 75,
	},
	{cloud: 'gcp', streams: 1, transferBytes: '2TB', withinSeconds: '1h', path: 'cross-zone'},
	{cloud: 'any', streams: 64, transferBytes: '20TB'},
	{cloud: 'oci', streams: 8, minGbps: 60, maxPairs: 3},
];

function wholeSearch(input: WorkloadInput, evidence = evidenceView(referenceMeasurements()), over = shapes) {
	const workload = parseWorkload(input);
	return sizeFrom(workload, enumerate(workload, over, evidence), over, evidence);
}

/** The catalogue with OCI's Flex shapes priced per OCPU and GiB (no source does yet), cheap enough to win. */
const pricedFlex: readonly ShapeRecord[] = shapes.map((record) =>
	record.flex === null || !(record instanceof CatalogueShape)
		? record
		: {
				...record.toJSON(),
				flex: {
					...record.flex,
					pricePerOcpuHour: 0.01 + record.flex.gbpsPerOcpu / 1000,
					pricePerGibHour: 0.0015,
					memoryGibPerOcpu: 16,
				},
			},
);

describe('search shortcuts', () => {
	it.each(workloads)('size() equals the search over every shape: %o', (input) => {
		expect(size(parseWorkload(input), shapes, evidenceView(referenceMeasurements()))).toEqual(wholeSearch(input));
	});

	it.each([
		{cloud: 'oci', streams: 4, minGbps: 10},
		{cloud: 'any', streams: 4, minGbps: 30},
		{cloud: 'any', streams: 1},
		{cloud: 'oci', streams: 8},
		{cloud: 'any', streams: 8, minGbps: 35, minVcpus: 24},
	] as WorkloadInput[])('a Flex shape priced per OCPU is bounded by its price at its fewest OCPUs: %o', (input) => {
		const evidence = evidenceView(referenceMeasurements());
		const result = size(parseWorkload(input), pricedFlex, evidence);
		expect(result).toEqual(wholeSearch(input, evidence, pricedFlex));
		expect(result.configurations.some((entry) => entry.ocpus !== null && entry.pricePerHour !== null)).toBe(true);
	});

	it('a shape the evidence holds is never left out, even above its published figure', () => {
		const probe: Measurement = {
			...(referenceMeasurements().find(
				(cell) => cell.shape === 'c8g.4xlarge' && cell.placement === 'cluster',
			) as Measurement),
			source: 'probe',
			aggregateGbps: 60,
			singleFlowGbps: 9.5,
			streams: 8,
			measuredAt: '2026-12-01T10:00:00Z',
		};
		const evidence = evidenceView([...referenceMeasurements(), probe]);
		const record = shapes.find((shape) => shape.shape === 'c8g.4xlarge');
		expect(aggregateCeiling(record as (typeof shapes)[number], evidence)).toBe(Number.POSITIVE_INFINITY);
		// A run the probe's length covers (inside the burst window): its 60 Gbps stands over the published peak.
		const input = {cloud: 'aws', streams: 8, minGbps: 55, shapes: [], withinSeconds: '5m'} as WorkloadInput;
		const result = size(parseWorkload(input), shapes, evidence);
		expect(result).toEqual(wholeSearch(input, evidence));
		expect(result.configurations.some((entry) => entry.shape === 'c8g.4xlarge' && entry.meetsTarget)).toBe(true);
	});

	it('no prediction exceeds its shape ceiling', () => {
		const evidence = evidenceView(referenceMeasurements());
		const workload = parseWorkload({cloud: 'any', streams: 64});
		for (const candidate of enumerate({...workload, sustained: false}, shapes, evidence)) {
			const ceiling = aggregateCeiling(candidate.record, evidence);
			expect(candidate.prediction.aggregateGbps ?? 0).toBeLessThanOrEqual(ceiling + 1e-9);
		}
	});

	it('a memoised prediction equals a fresh one at another stream count', () => {
		const evidence = evidenceView(referenceMeasurements());
		const workload = parseWorkload({cloud: 'aws', streams: 4});
		const [candidate] = enumerate(workload, shapes, evidence);
		if (candidate === undefined) throw new Error('no candidate');
		const options = {evidence, sustained: false, region: null};
		const at16 = {...candidate.configuration, streams: 16};
		const quiet = predict(at16, 'same-zone', candidate.record, {...options, explain: false});
		const explained = predict(at16, 'same-zone', candidate.record, options);
		expect({...quiet, basis: []}).toEqual({...explained, basis: []});
	});

	it('equal evidence gives the same view (the memo key); changed evidence a new one', () => {
		const view = evidenceView(referenceMeasurements());
		expect(evidenceView([...referenceMeasurements()])).toBe(view);
		const changed = referenceMeasurements().map((cell, index) =>
			index === 0 ? {...cell, samples: cell.samples + 1} : cell,
		);
		expect(evidenceView(changed)).not.toBe(view);
		expect(evidenceView(referenceMeasurements())).toBe(view);
	});

	it('a view asked for again is kept over those not asked for since (least recently used goes first)', () => {
		const kept = referenceMeasurements().map((cell) => ({...cell, samples: cell.samples + 100}));
		const view = evidenceView(kept);
		for (let extra = 1; extra <= 12; extra++) {
			evidenceView(referenceMeasurements().map((cell) => ({...cell, samples: cell.samples + 100 + extra})));
			expect(evidenceView([...kept])).toBe(view);
		}
	});

	it("the memo never carries one evidence set's figures into another: a new probe of a shape is read", () => {
		// ENA Express off: the probe below measured the shape without it (c8gn.4xlarge has it since issue 36).
		const workload = parseWorkload({
			cloud: 'aws',
			streams: 8,
			shapes: ['c8gn.4xlarge'],
			placement: 'cluster',
			enaExpress: false,
		});
		const before = size(workload, shapes, evidenceView(referenceMeasurements())).configurations[0];
		const cell = referenceMeasurements().find(
			(entry) => entry.shape === 'c8gn.4xlarge' && entry.placement === 'cluster',
		) as Measurement;
		const probe: Measurement = {...cell, source: 'probe', aggregateGbps: 31.5, measuredAt: '2026-12-01T11:00:00Z'};
		const after = size(workload, shapes, evidenceView([...referenceMeasurements(), probe])).configurations[0];
		expect(before?.predicted.aggregateGbps).toBe(cell.aggregateGbps);
		expect(after?.predicted.aggregateGbps).toBe(31.5);
		expect(size(workload, shapes, evidenceView(referenceMeasurements())).configurations[0]).toEqual(before);
	});

	it('firstBy keeps a stable sort order among equals', () => {
		const items = [3, 1, 2, 1, 3, 0, 2].map((value, index) => ({value, index}));
		const compare = (a: {value: number}, b: {value: number}) => a.value - b.value;
		expect(firstBy(items, compare, 4)).toEqual([...items].sort(compare).slice(0, 4));
		expect(firstBy(items, compare)).toEqual([{value: 0, index: 5}]);
		expect(firstBy(items, compare, 0)).toEqual([]);
		const odd = (item: {index: number}) => item.index % 2 === 1;
		expect(firstBy(items, compare, 2, odd)).toEqual([...items].filter(odd).sort(compare).slice(0, 2));
	});
});

describe('prices without --region', () => {
	it('are read in one region per cloud: a shape not priced there is unknown, not priced elsewhere', () => {
		const workload = parseWorkload({cloud: 'gcp', streams: 8, shapes: ['a3-megagpu-8g']});
		const [entry] = size(workload, shapes).configurations;
		expect(entry).toMatchObject({shape: 'a3-megagpu-8g', pricePerHour: null, priceRegion: 'us-central1'});
		const inRegion = size({...workload, region: 'us-east4'}, shapes).configurations[0];
		expect(inRegion).toMatchObject({pricePerHour: 92.9376, priceRegion: 'us-east4'});
		const everyRegion = size(parseWorkload({cloud: 'any', streams: 8}), shapes).configurations;
		for (const ranked of everyRegion) {
			expect(ranked.priceRegion).toBe({aws: 'us-east-1', gcp: 'us-central1', oci: 'us-ashburn-1'}[ranked.cloud]);
		}
	});
});

describe('the advice’s lazy walk', () => {
	const evidence = evidenceView(referenceMeasurements());
	const aws = (c: Candidate) => c.configuration.cloud === 'aws';
	const under = (c: Candidate, limit: number) => c.price.perHour !== null && c.price.perHour < limit;
	const filters: Array<[string, (candidate: Candidate) => boolean, WalkScope | undefined]> = [
		['any', () => true, undefined],
		['aws cluster', (c) => aws(c) && c.configuration.placement === 'cluster', {cloud: 'aws', cluster: true}],
		['aws outside a cluster', (c) => aws(c) && c.configuration.placement !== 'cluster', {cloud: 'aws', cluster: false}],
		['aws ENA', (c) => aws(c) && c.configuration.options.enaExpress, {cloud: 'aws', enaExpress: true}],
		['aws no ENA', (c) => aws(c) && !c.configuration.options.enaExpress, {cloud: 'aws', enaExpress: false}],
		['aws spread (keep only)', (c) => aws(c) && c.configuration.placement === 'spread', {cloud: 'aws'}],
		[
			'gcp Tier_1',
			(c) => c.configuration.cloud === 'gcp' && c.configuration.options.tier1,
			{cloud: 'gcp', tier1: true},
		],
		[
			'gcp no Tier_1',
			(c) => c.configuration.cloud === 'gcp' && !c.configuration.options.tier1,
			{cloud: 'gcp', tier1: false},
		],
		['one shape', (c) => c.configuration.shape === 'c8g.4xlarge', {cloud: 'aws', shape: 'c8g.4xlarge'}],
		['oci', (c) => c.configuration.cloud === 'oci', {cloud: 'oci'}],
		['aws under $0.50/h', (c) => aws(c) && under(c, 0.5), {cloud: 'aws', cheaperThan: 0.5}],
		[
			'gcp under $0.20/h, no Tier_1',
			(c) => c.configuration.cloud === 'gcp' && under(c, 0.2) && !c.configuration.options.tier1,
			{cloud: 'gcp', cheaperThan: 0.2, tier1: false},
		],
		['under $0.01/h (no shape is)', (c) => under(c, 0.01), {cloud: 'aws', cheaperThan: 0.01}],
	];
	// A probe of a shape the study lacks: its ceiling is unbounded and its measured figure wins.
	const probed = evidenceView([
		...referenceMeasurements(),
		{...(referenceMeasurements().find((m) => m.cloud === 'aws') as Measurement), shape: 'm7i.8xlarge', source: 'probe'},
	]);
	it.each([
		[{cloud: 'any', streams: 8}, evidence],
		[{cloud: 'any', streams: 1}, evidence],
		[{cloud: 'any', streams: 2, path: 'cross-zone', sustained: true}, evidence],
		[{cloud: 'any', streams: 4, path: 'internet'}, evidence],
		[{cloud: 'any', streams: 4, minGbps: 30}, evidence],
		[{cloud: 'any', streams: 1, minGbps: 8}, evidence],
		[{cloud: 'any', streams: 1, minGbps: 200}, evidence],
		[{cloud: 'any', streams: 16, minGbps: 100, region: 'us-east-1'}, evidence],
		[{cloud: 'any', streams: 1}, probed],
		[{cloud: 'aws', streams: 2, minGbps: 12}, probed],
	] as Array<[WorkloadInput, typeof evidence]>)(
		'best() is the first of a stable sort of every configuration: %o',
		(input, view) => {
			const workload = relaxedWorkload(parseWorkload(input));
			const target = workload.minGbps;
			const all = enumerate(workload, shapes, view);
			const aggregate = (c: Candidate) => c.prediction.aggregateGbps ?? -1;
			const compare =
				target !== null
					? (a: Candidate, b: Candidate) => compareCandidates(a, b, target)
					: (a: Candidate, b: Candidate) => aggregate(b) - aggregate(a) || compareCandidates(a, b, null);
			const lazy = lazyCandidates(workload, shapes, view, target);
			for (const [name, keep, only] of filters) {
				const expected = all.filter(keep).sort(compare)[0];
				expect(lazy.best(keep, only)?.configuration, name).toEqual(expected?.configuration);
			}
		},
	);

	it.each([[{cloud: 'any', streams: 1}], [{cloud: 'gcp', streams: 8, minGbps: 30}]] as Array<[WorkloadInput]>)(
		'two rankings over shared walks answer as their own walks and predict a shape once: %o',
		(input) => {
			const workload = relaxedWorkload(parseWorkload(input));
			const walks = shapeWalks(workload, shapes, evidence);
			for (const target of [0, null]) {
				const shared = lazyCandidatesOver(walks, target);
				const own = lazyCandidates(workload, shapes, evidence, target);
				for (const [name, keep, only] of filters) {
					expect(shared.best(keep, only)?.configuration, name).toEqual(own.best(keep, only)?.configuration);
				}
			}

			const [cheapest, most] = [lazyCandidatesOver(walks, 0), lazyCandidatesOver(walks, null)];
			const record = shapes.find((shape) => shape.cloud === 'gcp' && shape.shape === 'c4-standard-8') as ShapeRecord;
			expect(cheapest.ofShape('gcp', record.shape).length).toBeGreaterThan(0);
			expect(most.ofShape('gcp', record.shape)).toBe(cheapest.ofShape('gcp', record.shape));
		},
	);

	it.each([
		[{cloud: 'any', streams: 8}, 0.5],
		[{cloud: 'any', streams: 1, minGbps: 4}, 0.1],
	] as Array<[WorkloadInput, number]>)(
		'a walk under a price asks about no configuration of a shape priced at or over it: %o under $%d/h',
		(input, limit) => {
			const workload = relaxedWorkload(parseWorkload(input));
			const lazy = lazyCandidates(workload, shapes, evidence, workload.minGbps);
			const asked: Candidate[] = [];
			const keep = (candidate: Candidate) => {
				asked.push(candidate);
				return under(candidate, limit);
			};
			const found = lazy.best(keep, {cloud: 'aws', cheaperThan: limit});
			expect(found !== undefined && under(found, limit)).toBe(true);
			expect(asked.length).toBeGreaterThan(0);
			expect(asked.filter((candidate) => !under(candidate, limit))).toEqual([]);
		},
	);

	it('bounds every configuration of a scope by its streams ceiling, which the per-flow cap meets exactly', () => {
		const workload = relaxedWorkload(parseWorkload({cloud: 'aws', streams: 2}));
		const scope = {streams: 2, path: workload.path, region: null, span: spanOf(workload), cluster: true} as const;
		const candidates = enumerate(workload, shapes, evidence).filter((c) => c.configuration.placement === 'cluster');
		let exact = 0;
		for (const candidate of candidates) {
			const ceiling = streamsCeiling(candidate.record, evidence, scope);
			expect(candidate.prediction.aggregateGbps ?? 0).toBeLessThanOrEqual(ceiling);
			if (candidate.prediction.bindingLimit === 'per-flow-cap' && candidate.prediction.aggregateGbps === ceiling)
				exact++;
		}
		expect(exact).toBeGreaterThan(100);
	});

	it('bounds the streams ceiling by the quick one, equal where the per-flow cap binds', () => {
		for (const streams of [1, 4, 16]) {
			const scope = {streams, path: 'same-zone', region: null, span: spanOf(defaultWorkload)} as const;
			let equal = 0;
			for (const record of shapes) {
				const tight = streamsCeiling(record, evidence, scope);
				const quick = quickCeiling(record, evidence, scope);
				expect(quick, record.shape).toBeGreaterThanOrEqual(tight);
				if (record.cloud === 'aws' && quick === tight) equal++;
			}

			// At 16 streams ENA Express's 25 Gbps flows (on 520 AWS types since issue 36, not ~100) leave most of
			// those shapes instance-bound, where the quick bound is looser by design: 798 / 300 / 56 equal.
			expect(equal).toBeGreaterThan(streams === 16 ? 50 : 100);
		}
	});
});

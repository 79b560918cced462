// Issue 23, the model's bounds on the real catalogue: no single flow is ever predicted above what was
// measured or documented for its cloud (AWS: the documented 5 / 10 / 25 Gbps caps at the study's
// efficiencies; GCP and OCI: the study's measured flow, as a lower bound above the link it was measured on)
// nor above one interface; a pair of interfaces where the catalogue knows the cards; no placement penalty
// on the aggregate read from a flow-bound cell.

import {describe, expect, it} from 'vitest';
import type {Configuration, ShapeRecord} from '../../source/domain/model-types.js';
import {parseWorkload} from '../../source/request/workload.js';
import {findShape, loadCatalogue} from '../../source/sizing/catalogue.js';
import {enumerate} from '../../source/sizing/enumerate.js';
import {predict} from '../../source/sizing/model.js';
import type {Candidate} from '../../source/sizing/rank.js';
import {size} from '../../source/sizing/search.js';

const catalogue = loadCatalogue();
const shapes = catalogue.shapes;

function record(name: string): ShapeRecord {
	const found = findShape(catalogue, null, name);
	if (found === undefined) throw new Error(`no ${name} in the catalogue`);
	return found;
}

function run(name: string, change: Partial<Configuration> = {}) {
	const shape = record(name);
	const configuration: Configuration = {
		cloud: shape.cloud,
		shape: shape.shape,
		placement: 'default',
		ocpus: shape.flex === null ? null : shape.flex.maxOcpus,
		options: {enaExpress: false, tier1: false},
		streams: 1,
		...change,
	};
	return predict(configuration, 'same-zone', shape);
}

/** The most one flow may be predicted at on each cloud: AWS 25 Gbps (ENA Express's documented maximum). */
const documentedMost = {aws: 25, gcp: 21.69, oci: 15.5} as const;

/**
 * The most one flow may carry on this configuration: AWS's documented per-flow caps (5 Gbps outside a
 * cluster group, 10 in one, 25 with ENA Express); GCP and OCI the study's measured flow (above the link it
 * was measured on, a bound).
 */
function mostOneFlow(configuration: Configuration): number {
	if (configuration.cloud !== 'aws') return documentedMost[configuration.cloud];
	if (configuration.options.enaExpress) return 25;
	return configuration.placement === 'cluster' ? 10 : 5;
}

const paths = ['same-zone', 'cross-zone', 'cross-region', 'internet'] as const;
/** Every cloud x path x stream count x option pin x duration: each enumerated as the search does. */
const workloads = ['aws', 'gcp', 'oci'].flatMap((cloud) =>
	paths.flatMap((path) =>
		[1, 8, 64].flatMap((streams) =>
			[
				{},
				{sustained: true},
				{transferBytes: '50TB', withinSeconds: '6h'},
				cloud === 'aws' ? {enaExpress: true} : cloud === 'gcp' ? {tier1: true} : {placement: 'spread'},
			].map((extra) => ({cloud, path, streams, ...extra})),
		),
	),
);

/** The property, for one enumerated configuration: the labels of what it breaks (none: it holds). */
function brokenBounds(candidate: Candidate): string[] {
	const {configuration, prediction} = candidate;
	const explained = candidate.explained?.() ?? prediction;
	const single = prediction.singleFlowGbps;
	const broken: string[] = [];
	if (explained.singleFlowGbps !== single)
		broken.push(`explained ${String(explained.singleFlowGbps)} != ranked ${String(single)}`);
	if (single === null) return broken;
	if (single > mostOneFlow(configuration))
		broken.push(`one flow ${String(single)} > ${String(mostOneFlow(configuration))}`);
	const perInterface = explained.interfaces?.perInterfaceGbps ?? null;
	if (perInterface !== null && single > perInterface)
		broken.push(`one flow ${String(single)} > one interface ${String(perInterface)}`);
	for (const footed of [prediction, explained]) {
		if (footed.footing.singleFlow === 'bound' && footed.bindingLimit === 'per-flow-cap')
			broken.push('a bound named per-flow-cap');
		if (configuration.cloud !== 'aws' && footed.bindingLimit === 'per-flow-cap') broken.push('a per-flow cap off AWS');
	}

	if (
		configuration.cloud !== 'aws' &&
		single === documentedMost[configuration.cloud] &&
		!['bound', 'measured'].includes(prediction.footing.singleFlow)
	)
		broken.push(`the study's flow footed ${prediction.footing.singleFlow}`);
	return broken;
}

describe('single flows are bounded on every configuration the search enumerates on the real catalogue', () => {
	it(`${String(workloads.length)} workloads (every cloud, path, 1/8/64 streams, sustained, a transfer, ENA Express, Tier_1, spread): never above the cloud’s documented cap or measured bound, nor one interface; a bound never named per-flow-cap`, () => {
		let checked = 0;
		const seen = new Set<string>();
		for (const input of workloads) {
			// ENA Express off the same zone has no configuration (it runs within one Availability Zone).
			const candidates = enumerate(parseWorkload(input), shapes);
			for (const candidate of candidates) {
				const {configuration} = candidate;
				seen.add(
					`${configuration.cloud} ${configuration.placement} ena=${String(configuration.options.enaExpress)} tier1=${String(configuration.options.tier1)}`,
				);
				const broken = brokenBounds(candidate);
				const label = `${JSON.stringify(input)} ${configuration.shape} x ${String(configuration.ocpus)} ${configuration.placement}`;
				expect(broken, label).toEqual([]);
				checked++;
			}
		}

		// Every placement and option the search tries was reached.
		expect([...seen].sort()).toEqual(
			expect.arrayContaining([
				'aws cluster ena=false tier1=false',
				'aws cluster ena=true tier1=false',
				'aws default ena=true tier1=false',
				'aws spread ena=false tier1=false',
				'gcp collocated ena=false tier1=false',
				'gcp default ena=false tier1=true',
				'gcp spread ena=false tier1=false',
				'oci default ena=false tier1=false',
				'oci spread ena=false tier1=false',
			]),
		);
		expect(checked).toBeGreaterThan(100_000);
	});

	it('AWS: 9.53 in a cluster group, 4.96 outside it, ENA Express 25 at the study’s 95.3% (23.83)', () => {
		expect(run('c5n.18xlarge', {placement: 'cluster'}).singleFlowGbps).toBe(9.53);
		expect(run('c5n.18xlarge').singleFlowGbps).toBe(4.96);
		expect(run('m6i.32xlarge', {options: {enaExpress: true, tier1: false}})).toMatchObject({
			singleFlowGbps: 23.83,
			footing: {singleFlow: 'modelled'},
		});
	});

	it('GCP: a Tier_1 C3 one flow is at least 21.69 (bound), not the whole VM; OCI bare metal at least 15.5', () => {
		const c3 = run('c3-standard-176', {options: {enaExpress: false, tier1: true}});
		expect(c3).toMatchObject({singleFlowGbps: 21.69, bindingLimit: 'flows', footing: {singleFlow: 'bound'}});
		expect(c3.basis.join(' ')).toContain('at least 21.69 Gbps');
		const l40s = run('BM.GPU.L40S.4');
		expect(l40s).toMatchObject({singleFlowGbps: 15.5, footing: {singleFlow: 'bound', aggregate: 'bound'}});
		// Within the link the study measured one flow on, the share stands as a model.
		expect(run('VM.Standard.E4.Flex', {ocpus: 8})).toMatchObject({
			singleFlowGbps: 7.6,
			footing: {singleFlow: 'modelled'},
		});
	});
});

describe('a pair of interfaces', () => {
	it('c6in.32xlarge: 170 per ENI; 200 needs 2 ENIs on separate network cards', () => {
		const one = run('c6in.32xlarge', {placement: 'cluster', streams: 16});
		expect(one.aggregateGbps).toBe(152.48);
		expect(one.interfaces).toMatchObject({kind: 'eni', count: 1, perInterfaceGbps: 170, note: null});
		const both = run('c6in.32xlarge', {placement: 'cluster', streams: 32});
		expect(both.aggregateGbps).toBe(198.96);
		expect(both.interfaces).toMatchObject({count: 2, note: 'needs 2 ENIs on separate network cards, 2 x 170 Gbps'});
	});

	it('c8gn.48xlarge: 2 cards x 300; p5.48xlarge: TCP on one 100 Gbps card, EFA cards not counted', () => {
		const c8gn = run('c8gn.48xlarge', {placement: 'cluster', streams: 64});
		expect(c8gn.interfaces).toMatchObject({count: 2, perInterfaceGbps: 300});
		const p5 = run('p5.48xlarge', {placement: 'cluster', streams: 64});
		expect(p5).toMatchObject({aggregateGbps: 100, bindingLimit: 'interface'});
		expect(p5.basis.join(' ')).toContain('EFA');
	});

	it('OCI "2 x 50 Gbps": one VNIC reaches 50, two reach 100', () => {
		const bm = run('BM.Standard.E4.128', {streams: 8});
		expect(bm.aggregateGbps).toBe(100);
		expect(bm.interfaces).toMatchObject({kind: 'vnic', count: 2, perInterfaceGbps: 50});
		expect(bm.interfaces?.note).toContain('needs 2 VNICs');
	});

	it('GCP: bandwidth per VM, said; a second vNIC buys nothing', () => {
		const n2 = run('n2-standard-32', {streams: 8});
		expect(n2.interfaces).toMatchObject({kind: 'vm', count: 1});
		expect(n2.basis.join(' ')).toContain('a second vNIC buys nothing');
	});
});

describe('placement read as the study measured it', () => {
	it('c8gn default cells are flow-bound: no placement penalty on the aggregate of a larger stream count', () => {
		expect(run('c8gn.4xlarge', {streams: 8})).toMatchObject({aggregateGbps: 39.72, footing: {aggregate: 'measured'}});
		expect(run('c8gn.4xlarge', {streams: 16})).toMatchObject({aggregateGbps: 49.63, bindingLimit: 'instance-baseline'});
		expect(run('c8gn.4xlarge', {placement: 'spread', streams: 16}).aggregateGbps).toBe(49.63);
		expect(run('c8gn.16xlarge', {streams: 64}).aggregateGbps).toBe(198.53);
	});
});

const realSized = (input: Parameters<typeof parseWorkload>[0]) => size(parseWorkload(input), shapes);

describe('what is searched', () => {
	it('accelerator shapes are searched only when named', () => {
		const oci = realSized({cloud: 'oci', streams: 4}).configurations;
		expect(oci.length).toBeGreaterThan(0);
		expect(oci.some((entry) => entry.shape.includes('GPU'))).toBe(false);
		expect(realSized({cloud: 'oci', streams: 4, shapes: 'BM.GPU.L40S.4'}).configurations[0]?.shape).toBe(
			'BM.GPU.L40S.4',
		);
		expect(realSized({cloud: 'aws', streams: 64}).configurations.some((entry) => /^p\d/.test(entry.shape))).toBe(false);
	});
});

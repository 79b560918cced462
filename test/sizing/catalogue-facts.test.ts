// Spot checks of the committed catalogue against the source files in ../shared/data, for shapes the study
// does not have (figures read off the files named in each case), and the rules every record keeps.
import {describe, expect, it} from 'vitest';
import type {ShapeRecord} from '../../source/domain/model-types.js';
import {findShape, flexPriceAt, loadCatalogue, priceIn, shapesOf} from '../../source/sizing/catalogue.js';

const catalogue = loadCatalogue();
const record = (cloud: 'aws' | 'gcp' | 'oci', shape: string): ShapeRecord => {
	const found = findShape(catalogue, cloud, shape);
	if (!found) throw new Error(`${shape} missing`);
	return found;
};

describe('published figures and prices, read off the sources', () => {
	it('AWS m7i.8xlarge: 12.5 Gbps (flexera), $1.6128/h us-east-1 (karpenter pricing), no ENA Express (docs 2026)', () => {
		const m7i = record('aws', 'm7i.8xlarge');
		expect(m7i).toMatchObject({vcpus: 32, memoryGib: 128, arch: 'x86_64', enaExpress: false});
		expect(m7i.bandwidth).toMatchObject({baselineGbps: 12.5, peakGbps: 12.5, kind: 'base-and-peak', networkCards: 1});
		expect(priceIn(m7i, 'us-east-1')).toMatchObject({perHour: 1.6128, date: '2026-07-20'});
	});

	it('AWS r7i.large: "up to" 0.781/12.5 Gbps, $0.1323/h; i4i.32xlarge 75 Gbps with ENA Express (docs 2026)', () => {
		expect(record('aws', 'r7i.large').bandwidth).toMatchObject({
			baselineGbps: 0.781,
			peakGbps: 12.5,
			kind: 'peak-over-baseline',
		});
		expect(priceIn(record('aws', 'r7i.large'), null)?.perHour).toBe(0.1323);
		// The 2024-05 extract (general purpose only) did not list i4i; AWS's 2026 spec table and support list do
		// (aws/ena_express_support_2026-12-06.csv: i4i.32xlarge,yes,yes,yes). Unknown now: c8ine, m8ine, trn2.3xlarge.
		expect(record('aws', 'i4i.32xlarge')).toMatchObject({
			enaExpress: true,
			enaExpressSource: {id: 'aws-ena-express-docs', date: '2026-12-06'},
			enaExpressFlag: null,
		});
		expect(record('aws', 'c8gn.4xlarge')).toMatchObject({enaExpress: true, enaExpressFlag: 'conflict'});
		expect(record('aws', 'c8ine.large')).toMatchObject({enaExpress: null, enaExpressSource: null});
		expect(record('aws', 'i4i.32xlarge').bandwidth.baselineGbps).toBe(75);
	});

	it('AWS trn1.32xlarge: the 800 Gbps multi-card total (karpenter), 100 per first card (flexera)', () => {
		expect(record('aws', 'trn1.32xlarge').bandwidth).toMatchObject({
			baselineGbps: 800,
			peakGbps: 800,
			perCardBaselineGbps: 100,
			source: {id: 'karpenter-bandwidth'},
		});
	});

	it('GCP n2-standard-32: 32 Gbps by the rule, Tier_1 50 (targets), $1.553888/h us-central1, 40 regions', () => {
		const n2 = record('gcp', 'n2-standard-32');
		expect(n2).toMatchObject({vcpus: 32, memoryGib: 128, arch: 'x86_64'});
		expect(n2.bandwidth).toMatchObject({
			baselineGbps: 32,
			kind: 'derived-per-vcpu',
			source: {id: 'gcp-bandwidth-docs'},
		});
		expect(n2.tier1).toMatchObject({eligible: true, capGbps: 50, source: {id: 'cloud-image-tests-tier1'}});
		expect(priceIn(n2, 'us-central1')?.perHour).toBeCloseTo(1.553888, 5);
		expect(priceIn(n2, 'europe-west4')?.perHour).toBeCloseTo(1.710656, 5);
		expect(n2.regions).toHaveLength(40);
	});

	it('OCI VM.Standard.E5.Flex: 1 Gbps per OCPU to 40, 1-126 OCPUs, $0.03/OCPU-h + $0.002/GB-h', () => {
		const e5 = record('oci', 'VM.Standard.E5.Flex');
		expect(e5.flex).toMatchObject({minOcpus: 1, maxOcpus: 126, vcpusPerOcpu: 2, gbpsPerOcpu: 1, maxGbps: 40});
		expect(e5.flex).toMatchObject({pricePerOcpuHour: 0.03, pricePerGibHour: 0.002});
		// SkyPilot's row VM.Standard.E5.Flex$_8_32 (4 OCPU, 32 GiB) is $0.184.
		expect(flexPriceAt(e5, 4, 32)).toBe(0.184);
		// At the shape's default 12 GB per OCPU (Oracle's oci-compute-mcp-server launches it at 1 OCPU, 12 GB):
		// 4 x 0.03 + 48 x 0.002.
		expect(e5.flex).toMatchObject({memoryGibPerOcpu: 12, memoryGibPerOcpuSource: 'oci-mcp-compute-defaults'});
		expect(flexPriceAt(e5, 4)).toBe(0.216);
		// A shape whose default memory no source states stays unpriced at its default, though its rates are
		// known since issue 36 (oci/flex_prices_2026-12-06.csv: E6 B111129 $0.03/OCPU-h, B111130 $0.002/GB-h).
		const e6 = record('oci', 'VM.Standard.E6.Flex');
		expect(e6.flex).toMatchObject({pricePerOcpuHour: 0.03, pricePerGibHour: 0.002, priceSource: 'oci-flex-prices'});
		expect(flexPriceAt(e6, 4)).toBeNull();
		expect(flexPriceAt(e6, 4, 64)).toBe(0.248);
		// A1 from Oracle's compute pricing page: $0.01 per OCPU (= vCPU on Arm) and $0.0015 per GB an hour.
		expect(flexPriceAt(record('oci', 'VM.Standard.A1.Flex'), 4, 24)).toBe(0.076);
		expect(record('oci', 'VM.Optimized3.Flex').flex).toMatchObject({pricePerOcpuHour: 0.054, pricePerGibHour: 0.0015});
	});
});

describe('every record', () => {
	const all = shapesOf(catalogue);

	it('names a known source and an ISO date for its figures', () => {
		const ids = new Set(catalogue.sources.map((source) => source.id));
		for (const shape of all) {
			expect(ids.has(shape.bandwidth.source.id), shape.shape).toBe(true);
			expect(shape.bandwidth.source.date, shape.shape).toMatch(/^\d{4}-\d{2}-\d{2}$/);
			for (const price of shape.prices) {
				expect(ids.has(price.source?.id ?? ''), shape.shape).toBe(true);
				expect(price.date, shape.shape).toMatch(/^\d{4}-\d{2}-\d{2}$/);
			}
		}
	});

	it('has no invented price: shapes the price sources do not list have none', () => {
		// Not in karpenter's us-east-1 file (Mac hosts); not in cyclenerd's pricing.yml (A3, X4, TPU types).
		for (const [cloud, shape] of [
			['aws', 'mac1.metal'],
			['aws', 'mac2-m2.metal'],
			['gcp', 'a3-ultragpu-8g'],
			['gcp', 'x4-960-16t-metal'],
			['oci', 'VM.Standard.A1.Flex'],
			['oci', 'BM.Standard.E5.192'],
		] as const) {
			expect(record(cloud, shape).prices, shape).toEqual([]);
			expect(priceIn(record(cloud, shape), null), shape).toBeNull();
		}

		expect(shapesOf(catalogue, 'aws').filter((shape) => shape.prices.length > 0)).toHaveLength(1357);
		expect(all.every((shape) => shape.prices.every((price) => price.perHour !== null && price.perHour > 0))).toBe(true);
	});

	it('keeps burstable shapes out of cluster placement groups', () => {
		const burstable = shapesOf(catalogue, 'aws').filter((shape) => shape.burstable);
		expect(burstable.map((shape) => shape.family)).toEqual(expect.arrayContaining(['t2', 't3', 't3a', 't4g']));
		expect(burstable.every((shape) => !shape.placements.includes('cluster'))).toBe(true);
	});

	it('has a multi-card total at least as large as its first card, and per-card figures only on multi-card types', () => {
		const multi = shapesOf(catalogue, 'aws').filter((shape) => shape.bandwidth.perCardBaselineGbps !== null);
		expect(multi.length).toBe(46);
		for (const shape of multi) {
			expect(shape.bandwidth.networkCards, shape.shape).toBeGreaterThan(1);
			expect(shape.bandwidth.baselineGbps ?? 0, shape.shape).toBeGreaterThan(shape.bandwidth.perCardBaselineGbps ?? 0);
		}
	});
});

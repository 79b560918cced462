// The catalogue generator on a small fixture folder of trimmed real sources (test/fixtures/catalogue-
// sources/README.md): deterministic output, and each rule of the generator visible in its records.
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {findShape, priceIn} from '../../source/sizing/catalogue.js';
import type {CatalogueFile, StoredShape} from '../../source/sizing/catalogue-format.js';
import {expandCatalogue} from '../../source/sizing/catalogue-format.js';
import type {TransferFile} from '../../source/sizing/data-transfer-file.js';
import {generateCatalogue} from '../../tools/catalogue-generator/generate.js';
import {solveFlexUnitPrices} from '../../tools/catalogue-generator/oci.js';
import {readSourceFolder} from '../../tools/catalogue-generator/read-folder.js';

const folder = join(import.meta.dirname, '../fixtures/catalogue-sources');
const output = generateCatalogue(readSourceFolder(folder));
const catalogue = expandCatalogue(JSON.parse(output.json) as CatalogueFile, () => JSON.parse(output.regionalJson));
const stored = (shape: string): StoredShape | undefined => output.records.find((entry) => entry.shape === shape);
const record = (cloud: 'aws' | 'gcp' | 'oci', shape: string) => {
	const found = findShape(catalogue, cloud, shape);
	if (!found) throw new Error(`${shape} missing`);
	return found;
};

describe('generateCatalogue on the fixture folder', () => {
	it('is deterministic: two runs give byte-identical files, dated by the newest source', () => {
		const again = generateCatalogue(readSourceFolder(folder));
		expect(again.json).toBe(output.json);
		expect(again.regionalJson).toBe(output.regionalJson);
		expect(again.transferJson).toBe(output.transferJson);
		expect(again.dataSources).toBe(output.dataSources);
		// The data-transfer files (compiled and read 2026-12-06) are the newest sources since issue 36.
		expect(output.file.generatedAt).toBe('2026-12-06');
		expect(generateCatalogue(readSourceFolder(folder), {generatedAt: '2027-01-02'}).file.generatedAt).toBe(
			'2027-01-02',
		);
	});

	it("stores each cloud's records as columns, every one as long as the cloud's records, and reads them back", () => {
		const file = JSON.parse(output.json) as CatalogueFile;
		for (const cloud of ['aws', 'gcp', 'oci'] as const) {
			const columns = Object.entries(file.shapes[cloud]);
			expect(columns.length).toBeGreaterThan(7);
			for (const [, values] of columns) expect(values).toHaveLength(output.report.counts[cloud]);
		}

		// A column no record of the cloud has is left out; a record leaving a key out reads as the default.
		expect(file.shapes.oci.enaExpress).toBeUndefined();
		expect(file.shapes.gcp.tier1?.some((value) => value === null)).toBe(true);
		expect(catalogue.shapes.map((entry) => entry.shape)).toEqual(output.records.map((entry) => entry.shape));
		for (const entry of output.records) {
			const read = record(entry.cloud, entry.shape);
			const {peak, baseline} = entry.bandwidth;
			expect(read.bandwidth.peakGbps).toBe(peak === undefined ? baseline : peak);
			expect(read.placements.length).toBeGreaterThan(0);
		}
	});

	it('counts what it kept: AWS union of both lists, GCP without OBSOLETE or custom, OCI every row', () => {
		expect(output.report.counts).toEqual({aws: 10, gcp: 8, oci: 5});
		expect(stored('m2-ultramemx-96')).toBeUndefined();
		expect(stored('custom-1-7680-ext')).toBeUndefined();
		expect(record('gcp', 'z3-highmem-88').deprecated).toBe(true);
		expect(record('gcp', 'c4-highcpu-288-metal').vcpus).toBe(288);
	});

	it('keeps the "up to" shapes as peak over baseline and one-figure shapes as base and peak', () => {
		expect(record('aws', 'c8g.4xlarge').bandwidth).toMatchObject({
			baselineGbps: 7.5,
			peakGbps: 15,
			kind: 'peak-over-baseline',
		});
		expect(record('aws', 'c8gn.4xlarge').bandwidth).toMatchObject({
			baselineGbps: 50,
			peakGbps: 50,
			kind: 'base-and-peak',
		});
		// Flexera has the API's 5/10 for c3.8xlarge; Karpenter's 10 is not above the peak: not a multi-card total.
		expect(record('aws', 'c3.8xlarge').bandwidth).toMatchObject({
			baselineGbps: 5,
			peakGbps: 10,
			perCardBaselineGbps: null,
		});
	});

	it("uses the multi-card total where the first card's figure understates it, and keeps the card's", () => {
		expect(record('aws', 'p5.48xlarge').bandwidth).toMatchObject({
			baselineGbps: 3200,
			peakGbps: 3200,
			networkCards: 32,
			perCardBaselineGbps: 100,
			perCardPeakGbps: 100,
			source: {id: 'karpenter-bandwidth', date: '2026-08-18'},
		});
		expect(output.report.multiCard).toEqual(['p5.48xlarge']);
		// Only Karpenter lists p5e.48xlarge: its baseline, no peak, no vCPUs, no price.
		expect(record('aws', 'p5e.48xlarge')).toMatchObject({vcpus: null, prices: []});
		expect(record('aws', 'p5e.48xlarge').bandwidth).toMatchObject({baselineGbps: 3200, peakGbps: null});
		// No generation from any source: whether it launches in a cluster group is unknown (kept, said), not no.
		expect(record('aws', 'p5e.48xlarge')).toMatchObject({
			placements: ['default', 'cluster', 'spread', 'partition'],
			placementsUnknown: ['cluster'],
		});
		expect(record('aws', 'c8gn.4xlarge').placementsUnknown).toEqual([]);
	});

	it('gives burstable types no cluster placement, and keeps previous-generation exceptions', () => {
		for (const name of ['t3.micro', 't2.micro']) {
			expect(record('aws', name).burstable).toBe(true);
			expect(record('aws', name).placements).not.toContain('cluster');
		}

		expect(record('aws', 'mac1.metal').placements).not.toContain('cluster');
		expect(record('aws', 'c3.8xlarge').placements).toContain('cluster');
		expect(record('aws', 'c8gn.4xlarge').placements).toEqual(['default', 'cluster', 'spread', 'partition']);
	});

	it('GCP compact placement: kept for every type, unknown (not no) where no source names the series', () => {
		// C4A from the study's placement check, C3 / N2 / N1 from PerfKitBenchmarker and Google's pages.
		for (const name of ['c4a-standard-16', 'c3-standard-4', 'n2-standard-32', 'n1-standard-2']) {
			expect(record('gcp', name), name).toMatchObject({placements: ['default', 'collocated', 'spread']});
			expect(record('gcp', name).placementsUnknown, name).toEqual([]);
		}

		// E2 (shared-core e2-micro too) and Z3: no bundled source names the series, so searched as unknown.
		for (const name of ['e2-micro', 'z3-highmem-88']) {
			expect(record('gcp', name), name).toMatchObject({
				placements: ['default', 'collocated', 'spread'],
				placementsUnknown: ['collocated'],
			});
		}
	});

	it('never invents a price or an ENA Express answer', () => {
		expect(record('aws', 'mac1.metal').prices).toEqual([]);
		expect(priceIn(record('aws', 'c8gn.4xlarge'), null)).toMatchObject({
			perHour: 0.948,
			region: 'us-east-1',
			date: '2026-07-20',
		});
		expect(priceIn(record('aws', 'c8gn.4xlarge'), 'eu-west-1')).toBeNull();
		expect(record('aws', 'm7i.48xlarge').enaExpress).toBe(true);
		expect(record('aws', 'm7i.8xlarge').enaExpress).toBe(false);
		// AWS's 2026 pages: c8g.4xlarge no; c8gn.4xlarge yes in the newer list, no in the older table (kept, flagged).
		expect(record('aws', 'c8g.4xlarge').enaExpress).toBe(false);
		expect(record('aws', 'c8gn.4xlarge')).toMatchObject({enaExpress: true, enaExpressFlag: 'conflict'});
		// c3.8xlarge is in no row of the fixture's ENA Express file: unknown.
		expect(record('aws', 'c3.8xlarge').enaExpress).toBeNull();
		// A1: not in SkyPilot's grid; Oracle's page gives $0.01/OCPU-h + $0.0015/GB-h (oci-flex-prices, since issue 36).
		expect(record('oci', 'VM.Standard.A1.Flex').flex).toMatchObject({
			pricePerOcpuHour: 0.01,
			pricePerGibHour: 0.0015,
			priceSource: 'oci-flex-prices',
		});
		expect(record('oci', 'BM.Standard.E5.192').prices).toEqual([]);
	});

	it("derives GCP egress by the rule, shared-core at 1 Gbps; Google's per-type figure wins where its page gives one", () => {
		// c4a-standard-16: the page documents 23 Gbps (the series rule, 2 per vCPU, gave 32).
		expect(record('gcp', 'c4a-standard-16').bandwidth).toMatchObject({
			baselineGbps: 23,
			peakGbps: 23,
			source: {id: 'gcp-general-purpose-docs', date: '2026-12-06'},
		});
		expect(record('gcp', 'c4a-standard-16').arch).toBe('arm64');
		expect(record('gcp', 'n2-standard-32').bandwidth).toMatchObject({baselineGbps: 32, kind: 'derived-per-vcpu'});
		expect(record('gcp', 'e2-micro')).toMatchObject({burstable: true, bandwidth: {baselineGbps: 1}});
		// C3 had no figure (documented per shape, no rule): now the page's, beside Google's test target.
		expect(record('gcp', 'c3-standard-4').bandwidth).toMatchObject({baselineGbps: 23, expectedGbps: 23});
		expect(record('gcp', 'c3-standard-44').bandwidth.baselineGbps).toBe(32);
		expect(output.dataSources).toContain('https://cloud.google.com/compute/docs/general-purpose-machines');
	});

	it("lists where Google's test targets disagree with the rule", () => {
		const shapes = output.report.gcpDisagreements.map(
			(entry) => `${entry.shape}:${entry.ruleGbps}:${entry.targetGbps}`,
		);
		// n1-standard-2: rule 4, target 10; n2-standard-16 is not in the machine-type list; c3: the page's
		// figures agree with the targets (no disagreement left).
		expect(shapes).toEqual(expect.arrayContaining(['n1-standard-2:4:10', 'n2-standard-16:null:32']));
		expect(shapes.some((shape) => shape.startsWith('c3-'))).toBe(false);
		expect(output.dataSources).toContain('| n1-standard-2 | default | 4 | 10 |');
	});

	it('gives Tier_1 eligibility and caps from the docs and targets', () => {
		expect(record('gcp', 'n2-standard-32').tier1).toMatchObject({eligible: true, capGbps: 50});
		expect(record('gcp', 'c4a-standard-16').tier1).toMatchObject({eligible: false, capGbps: null});
		// The page's Tier_1 column: c3-standard-44 eligible up to 50 Gbps.
		expect(record('gcp', 'c3-standard-44').tier1).toMatchObject({
			eligible: true,
			capGbps: 50,
			source: {id: 'gcp-general-purpose-docs'},
		});
		expect(record('aws', 'c8gn.4xlarge').tier1).toBeNull();
	});

	it('prices GCP per region from the price file, and lists its regions', () => {
		const c4a = record('gcp', 'c4a-standard-16');
		expect(c4a.prices.map((price) => price.region)).toEqual(['europe-west4', 'us-central1']);
		expect(priceIn(c4a, 'us-central1')).toMatchObject({perHour: 0.7184, source: {id: 'cyclenerd-pricing'}});
		expect(c4a.regions).toEqual(expect.arrayContaining(['us-central1']));
		expect(JSON.parse(JSON.stringify(c4a)).prices).toHaveLength(2);
	});

	it('makes OCI Flex shapes OCPU ranges, priced per OCPU and GB where the grid gives them', () => {
		const e5 = record('oci', 'VM.Standard.E5.Flex');
		expect(e5.flex).toMatchObject({
			minOcpus: 1,
			maxOcpus: 126,
			gbpsPerOcpu: 1,
			maxGbps: 40,
			pricePerOcpuHour: 0.03,
			pricePerGibHour: 0.002,
		});
		expect(output.report.ociFlexPriceChecks).toEqual([{shape: 'VM.Standard.E5.Flex', rows: 6, misfits: 0}]);
		expect(record('oci', 'VM.Standard.E2.1.Micro').bandwidth).toMatchObject({
			baselineGbps: 0.48,
			kind: 'base-and-peak',
		});
		const gpu = priceIn(record('oci', 'BM.GPU.A10.4'), 'us-ashburn-1');
		expect(gpu).toMatchObject({perHour: 8, region: 'us-ashburn-1', allRegions: true});
	});

	it('credits every source in DATA-SOURCES.md', () => {
		for (const source of output.file.sources) {
			expect(output.dataSources).toContain(`\`${source.id}\``);
			expect(output.dataSources).toContain(source.url);
		}
	});

	it('keeps each data-transfer rate with its unit, payer, date, source and status, and no sentence', () => {
		const table = JSON.parse(output.transferJson) as TransferFile;
		expect(table).toMatchObject({format: 1, generatedAt: output.file.generatedAt});
		const rate = (cloud: 'aws' | 'gcp' | 'oci', path: string, from: string, to = '') =>
			table.rates[cloud]
				.filter((row) => row[0] === path && row[1] === from && row[2] === to)
				.map((row) => [row[3], row[4], row[5], ...(table.bases[row[6]] ?? []).slice(0, 5)]);
		expect(rate('aws', 'cross-region', 'us-east-1', 'eu-west-1')).toEqual([
			[null, null, 0.02, 'GB', 'sender', '2022-12-04', 'skyplane-aws-transfer-costs', 'price-list-derived'],
		]);
		expect(rate('aws', 'cross-zone', '*')).toEqual([
			[null, null, 0.01, 'GB', 'each-direction', 'undated, read 2026-12-06', 'aws-ec2-pricing-page', 'provider-doc'],
		]);
		expect(rate('gcp', 'cross-region', '*', 'asia')[0]?.[2]).toBe(0.08);
		expect(rate('gcp', 'internet', 'us-central1', 'worldwide').map((row) => row[2])).toEqual([0.12, 0.11, 0.08]);
		expect(rate('oci', 'internet', 'na-eu-uk').map((row) => row.slice(0, 3))).toEqual([
			[0, 10240, 0],
			[10240, null, 0.0085],
		]);
		expect(rate('oci', 'cross-region', '*')[0]?.slice(2, 3)).toEqual([null]);
		expect(output.transferJson).not.toMatch(/Data transferred|per GB"|contact us/);
		for (const [, , , source] of table.bases) expect(output.dataSources).toContain(`\`${source}\``);
	});

	it('says which file is missing', () => {
		expect(() => readSourceFolder(join(folder, 'aws'))).toThrow(/flexera_aws_ec2_instance_types\.json: ENOENT/);
	});
});

describe('solveFlexUnitPrices', () => {
	it("recovers OCI's unit prices from a vCPU x GiB grid and refuses a degenerate one", () => {
		const rows = [
			{ocpus: 1, memoryGib: 8, price: 0.037},
			{ocpus: 1, memoryGib: 16, price: 0.049},
			{ocpus: 2, memoryGib: 16, price: 0.074},
		];
		expect(solveFlexUnitPrices(rows)).toEqual({perOcpu: 0.025, perGib: 0.0015, misfits: 0});
		expect(solveFlexUnitPrices([{ocpus: 1, memoryGib: 8, price: 0.037}])).toBeNull();
		expect(
			solveFlexUnitPrices([
				{ocpus: 1, memoryGib: 8, price: 1},
				{ocpus: 2, memoryGib: 16, price: 2},
			]),
		).toBeNull();
	});
});

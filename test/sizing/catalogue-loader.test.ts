// The committed catalogue through the loader's API: counts per cloud, the study's shapes, look-ups,
// did-you-mean and prices. Figures checked here are read off the source files in ../shared/data
// (SOURCES.md names each file's commit).

import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {
	findShape,
	loadCatalogue,
	perHourIn,
	priceIn,
	priceRegion,
	shapesOf,
	suggestShapes,
} from '../../source/sizing/catalogue.js';
import type {CatalogueFile} from '../../source/sizing/catalogue-format.js';

const catalogue = loadCatalogue();

describe('the bundled catalogue', () => {
	it('has every shape of the three clouds', () => {
		// AWS: Flexera's 1,354 types plus the 39 only Karpenter's baseline table lists; GCP: gcloud's list
		// (568) minus 2 OBSOLETE plus 1 only the price file has; OCI: every row of the shapes table.
		expect(shapesOf(catalogue, 'aws')).toHaveLength(1393);
		expect(shapesOf(catalogue, 'gcp')).toHaveLength(567);
		expect(shapesOf(catalogue, 'oci')).toHaveLength(32);
		expect(shapesOf(catalogue)).toHaveLength(1393 + 567 + 32);
	});

	it('loads once and returns the same object', () => {
		expect(loadCatalogue()).toBe(catalogue);
	});

	it("gives the study's shapes their published figures", () => {
		const c8g = findShape(catalogue, 'aws', 'c8g.4xlarge');
		expect(c8g?.bandwidth).toMatchObject({baselineGbps: 7.5, peakGbps: 15, kind: 'peak-over-baseline'});
		const c8gn = findShape(catalogue, 'aws', 'c8gn.4xlarge');
		expect(c8gn?.bandwidth).toMatchObject({baselineGbps: 50, peakGbps: 50, kind: 'base-and-peak'});
		expect(priceIn(c8gn!, null)).toMatchObject({perHour: 0.948, region: 'us-east-1'});
		const c4a = findShape(catalogue, 'gcp', 'c4a-standard-16');
		// The study derived 32 Gbps (no per-shape figure then); Google's general-purpose page now documents 23.
		expect(c4a?.bandwidth).toMatchObject({baselineGbps: 23, peakGbps: 23, source: {id: 'gcp-general-purpose-docs'}});
		expect(findShape(catalogue, 'gcp', 'c4d-standard-48')?.tier1).toMatchObject({eligible: true, capGbps: 50});
		expect(findShape(catalogue, 'gcp', 'c3d-standard-60')?.tier1).toMatchObject({eligible: true});
		expect(findShape(catalogue, 'gcp', 'c4-standard-8')?.bandwidth.baselineGbps).toBe(23);
		expect(c4a?.arch).toBe('arm64');
		const a1 = findShape(catalogue, 'oci', 'VM.Standard.A1.Flex');
		expect(a1?.flex).toMatchObject({gbpsPerOcpu: 1, maxGbps: 40, minOcpus: 1, maxOcpus: 76, vcpusPerOcpu: 1});
	});

	it('finds shapes case-insensitively, in one cloud or any', () => {
		expect(findShape(catalogue, null, 'VM.STANDARD.E5.FLEX')?.cloud).toBe('oci');
		expect(findShape(catalogue, 'gcp', 'c8gn.4xlarge')).toBeUndefined();
		expect(findShape(catalogue, 'aws', ' M7I.8XLARGE ')?.shape).toBe('m7i.8xlarge');
	});

	it('suggests close names for a typo', () => {
		expect(suggestShapes(catalogue, 'c8gn.4xlarg')[0]).toBe('c8gn.4xlarge');
		expect(suggestShapes(catalogue, 'n2-standrd-32')).toContain('n2-standard-32');
		expect(suggestShapes(catalogue, 'zzzzzzzzzzzzzzzz')).toEqual([]);
	});

	it('prices GCP per region and says null where the source has none', () => {
		const n2 = findShape(catalogue, 'gcp', 'n2-standard-32');
		expect(priceIn(n2!, 'us-central1')?.perHour).toBeGreaterThan(0);
		expect(priceIn(n2!, 'moon-central1')).toBeNull();
		const mac = findShape(catalogue, 'aws', 'mac1.metal');
		expect(mac?.prices).toEqual([]);
		expect(priceIn(mac!, null)).toBeNull();
	});

	it("stores each cloud's lead price region first, and still lists a shape's prices by region name", () => {
		const file = JSON.parse(
			readFileSync(new URL('../../source/sizing/data/catalogue.json', import.meta.url), 'utf8'),
		) as CatalogueFile;
		for (const cloud of ['aws', 'gcp'] as const) expect(file.priceRegions[cloud][0]).toBe(priceRegion(cloud));
		expect(file.priceRegions.gcp.slice(1)).toEqual([...file.priceRegions.gcp.slice(1)].sort());
		const regions = findShape(catalogue, 'gcp', 'n2-standard-32')?.prices.map((price) => price.region) ?? [];
		expect(regions.length).toBeGreaterThan(20);
		expect(regions).toEqual([...regions].sort());
	});

	it('reads the $/h alone as the full price would give it, for every shape, in and out of the lead region', () => {
		for (const record of shapesOf(catalogue)) {
			for (const region of [null, 'europe-west4', 'us-ashburn-1', 'moon-central1']) {
				expect(perHourIn(record, region)).toBe(priceIn(record, region)?.perHour ?? null);
			}
		}
	});
});

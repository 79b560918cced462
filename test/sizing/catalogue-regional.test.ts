// The catalogue's regional file (other regions' prices, the regions offered: catalogue-format.ts) is read
// only when a record needs it: a search without --region answers from catalogue.json alone, the same answer
// as with both files; a record's regional facts come from the regional file, and a missing or mismatched
// regional file is refused in one line naming the fix.
import {copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {parseWorkload} from '../../source/request/workload.js';
import {findShape, loadCatalogue, loadCatalogueFrom, priceIn} from '../../source/sizing/catalogue.js';
import {type CatalogueFile, type RegionalFile, regionalFileName} from '../../source/sizing/catalogue-format.js';
import {size} from '../../source/sizing/search.js';

const data = new URL('../../source/sizing/data/', import.meta.url);
const mainFile = new URL('catalogue.json', data);
const regionalFile = new URL('catalogue-regional.json', data);
let folder: string | undefined;

/** A folder holding catalogue.json and, when given, a regional file's text beside it. */
function catalogueFolder(regional?: string): string {
	folder = mkdtempSync(join(tmpdir(), 'netplace-catalogue-'));
	copyFileSync(mainFile, join(folder, 'catalogue.json'));
	if (regional !== undefined) writeFileSync(join(folder, 'catalogue-regional.json'), regional);
	return join(folder, 'catalogue.json');
}

afterEach(() => {
	if (folder !== undefined) rmSync(folder, {recursive: true, force: true});
	folder = undefined;
});

describe("the catalogue's regional file", () => {
	it('is named beside the catalogue file', () => {
		expect(regionalFileName('/a/b/catalogue.json')).toBe('/a/b/catalogue-regional.json');
	});

	it('holds what catalogue.json leaves out: GCP regional prices and regions, for the same catalogue', () => {
		const file = JSON.parse(readFileSync(mainFile, 'utf8')) as CatalogueFile;
		const regional = JSON.parse(readFileSync(regionalFile, 'utf8')) as RegionalFile;
		expect(regional).toMatchObject({format: file.format, generatedAt: file.generatedAt});
		expect(Object.keys(regional.shapes)).toEqual(['gcp']);
		expect(regional.shapes.gcp?.prices).toHaveLength(file.shapes.gcp.shape.length);
		expect(regional.shapes.gcp?.regions).toHaveLength(file.shapes.gcp.shape.length);
		expect(file.shapes.gcp).not.toHaveProperty('prices');
		expect(file.shapes.gcp).not.toHaveProperty('regions');
	});

	it('is not read by a search without --region: catalogue.json alone gives the same answer', () => {
		const alone = loadCatalogueFrom(catalogueFolder()).shapes;
		for (const input of [
			{cloud: 'any', streams: 1},
			{cloud: 'gcp', streams: 4, minGbps: 30},
		] as const) {
			const workload = parseWorkload(input);
			expect(size(workload, alone)).toEqual(size(workload, loadCatalogue().shapes));
		}

		const n2 = findShape({generatedAt: '', sources: [], shapes: alone}, 'gcp', 'n2-standard-32');
		expect(priceIn(n2!, null)?.perHour).toBe(
			priceIn(findShape(loadCatalogue(), 'gcp', 'n2-standard-32')!, null)?.perHour,
		);
		// A cloud with one price region and no offer regions (AWS, OCI) has nothing in the file to read.
		const c8gn = findShape({generatedAt: '', sources: [], shapes: alone}, 'aws', 'c8gn.4xlarge');
		expect(c8gn?.regions).toBeNull();
		expect(c8gn?.prices.map((price) => price.region)).toEqual(['us-east-1']);
		// The first regional fact asked for needs the file: one line, the fix named.
		expect(() => n2?.regions).toThrow(/catalogue regional file .*catalogue-regional\.json is missing: rebuild/);
	});

	it('gives a record its regional facts from the file, read once for every record', () => {
		const shapes = loadCatalogueFrom(catalogueFolder(readFileSync(regionalFile, 'utf8'))).shapes;
		const n2 = shapes.find((record) => record.cloud === 'gcp' && record.shape === 'n2-standard-32');
		const bundled = findShape(loadCatalogue(), 'gcp', 'n2-standard-32');
		expect(n2?.regions).toEqual(bundled?.regions);
		expect(n2?.regions?.length).toBeGreaterThan(20);
		expect(n2?.prices).toEqual(bundled?.prices);
		expect(priceIn(n2!, 'europe-west4')).toEqual(priceIn(bundled!, 'europe-west4'));
		// Read once: removed after the first use, the file is not needed again.
		rmSync(regionalFileName(join(folder ?? '', 'catalogue.json')));
		const c4a = shapes.find((record) => record.cloud === 'gcp' && record.shape === 'c4a-standard-16');
		expect(c4a?.regions?.length).toBeGreaterThan(0);
	});

	it('refuses a regional file of another catalogue or of another length', () => {
		const regional = JSON.parse(readFileSync(regionalFile, 'utf8')) as RegionalFile;
		const dated = loadCatalogueFrom(catalogueFolder(JSON.stringify({...regional, generatedAt: '2020-01-01'})));
		expect(() => dated.shapes.find((record) => record.cloud === 'gcp')?.prices).toThrow(
			/is not the catalogue's .*regenerate them/,
		);
		const short = {
			...regional,
			shapes: {gcp: {...regional.shapes.gcp, regions: regional.shapes.gcp?.regions?.slice(1)}},
		};
		const cut = loadCatalogueFrom(catalogueFolder(JSON.stringify(short)));
		expect(() => cut.shapes.find((record) => record.cloud === 'gcp')?.regions).toThrow(/566 gcp rows, not 567/);
	});
});

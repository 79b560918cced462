// The committed catalogue (source/sizing/data/catalogue.json and its regional file beside it) and its
// expansion into ShapeRecords. The file is compact: source ids instead of repeated source objects, a
// per-cloud default for what most records share (null = the default), the price in the cloud's lead region
// as a number (what a search reads of every record). Each cloud's records are stored as columns (one array
// per field, entry i for record i): arrays of numbers and short strings parse several times faster than one
// object per record, and every record is read through the same few array look-ups (records of differing keys
// made every field read a slow, many-shaped one).
// The other regions' prices and the regions offered (GCP: some 40 of each per machine type, short strings
// aligned to the cloud's region lists) are the regional file (catalogue-regional.json): almost half the
// bytes, which no search without --region reads. The loader reads it the first time a record's `prices`,
// `regions` or a price outside the lead region is asked for; every run pays to read, parse and keep whatever
// it reads, and a command's first 4 KiB pages cost some 12 us each on the machines we measure
// (bench/cli-start). Pure: no I/O.

import {clouds} from '../domain/clouds.js';
import type {ShapeCatalogue, ShapeRecord, SourceRef, Tier1} from '../domain/model-types.js';
import type {RealCloud} from '../domain/types.js';
import {
	type CatalogueFile,
	type CloudDefaults,
	type Column,
	catalogueFormat,
	type RegionalColumns,
	type RegionalFile,
	type StoredColumns,
	type StoredEnaExpress,
	type StoredShape,
} from './catalogue-file.js';
import {CatalogueShape, type CloudRows} from './catalogue-record.js';
import {attachTransferTable, type TransferFile} from './data-transfer-file.js';

export * from './catalogue-file.js';

/**
 * Expand the stored file into the catalogue every reader uses; `regional` reads the regional file, called
 * the first time a record needs it and not again; `transfer` the data-transfer table, the first time a
 * transfer is priced (data-transfer.ts). Throws on a malformed file (a build defect).
 */
export function expandCatalogue(
	file: CatalogueFile,
	regional: () => RegionalFile,
	transfer?: () => TransferFile,
): ShapeCatalogue {
	if (file.format !== catalogueFormat) {
		throw new Error(`catalogue format ${String(file.format)} is not ${catalogueFormat}: regenerate it`);
	}

	const refs = new Map(
		file.sources.map((source): [string, SourceRef] => [source.id, {id: source.id, date: source.date}]),
	);
	const ref = (id: string): SourceRef => {
		const found = refs.get(id);
		if (!found) {
			throw new Error(`catalogue names an unknown source ${id}`);
		}

		return found;
	};

	let read: RegionalFile | undefined;
	const regionalOf = (cloud: RealCloud): RegionalColumns | undefined => {
		read ??= checkedRegional(file, regional());
		return read.shapes[cloud];
	};
	const shapes = clouds.flatMap((cloud) => {
		const rows = cloudRows(file, cloud, ref, () => regionalOf(cloud));
		return rows.columns.shape.map((_, index): ShapeRecord => new CatalogueShape(rows, index));
	});
	const catalogue: ShapeCatalogue = {
		generatedAt: file.generatedAt,
		sources: file.sources.map(({allRegions: _allRegions, ...source}) => source),
		shapes,
	};
	if (transfer) attachTransferTable(catalogue, transfer);
	return catalogue;
}

/** The regional file, when it belongs to `file` and each of its columns is as long as its cloud's records. */
function checkedRegional(file: CatalogueFile, regional: RegionalFile): RegionalFile {
	if (regional.format !== file.format || regional.generatedAt !== file.generatedAt) {
		throw new Error(
			`the catalogue's regional file (format ${String(regional.format)}, ${regional.generatedAt}) is not the catalogue's (format ${file.format}, ${file.generatedAt}): regenerate them`,
		);
	}

	for (const [cloud, columns] of Object.entries(regional.shapes) as [RealCloud, RegionalColumns][]) {
		const count = file.shapes[cloud].shape.length;
		for (const column of [columns.prices, columns.regions]) {
			if (column !== undefined && column.length !== count) {
				throw new Error(
					`the catalogue's regional file has ${column.length} ${cloud} rows, not ${count}: regenerate it`,
				);
			}
		}
	}

	return regional;
}

/** What every record of one cloud shares, built once: its defaults' objects, its price columns and its rows. */
function cloudRows(
	file: CatalogueFile,
	cloud: RealCloud,
	ref: (id: string) => SourceRef,
	regional: () => RegionalColumns | undefined,
): CloudRows {
	const defaults = file.defaults[cloud];
	const source = file.sources.find((candidate) => candidate.id === defaults.priceSource);
	const regions = file.priceRegions[cloud];
	return {
		cloud,
		columns: file.shapes[cloud],
		defaults,
		bandwidthSource: ref(defaults.bandwidthSource),
		tier1: expandTier1(defaults.tier1, ref),
		prices: source
			? {
					regions,
					index: new Map(regions.map((region, index) => [region, index])),
					listed: regions.map((_, index) => index).sort((a, b) => ((regions[a] ?? '') < (regions[b] ?? '') ? -1 : 1)),
					source: ref(source.id),
					allRegions: source.allRegions === true,
				}
			: null,
		offer: file.offerRegions[cloud],
		// A cloud with one price region and no offer regions has nothing the regional file could hold.
		regional: file.offerRegions[cloud].length > 0 || regions.length > 1 ? regional : () => undefined,
		ref,
		tier1Of: (stored) => expandTier1(stored, ref),
	};
}

function expandTier1(
	stored: StoredShape['tier1'] | CloudDefaults['tier1'],
	ref: (id: string) => SourceRef,
): Tier1 | null {
	if (!stored) {
		return null;
	}

	return {
		eligible: stored.eligible,
		capGbps: stored.capGbps,
		source: stored.source === null ? null : ref(stored.source),
	};
}

type Read<T> = (shape: StoredShape) => T | undefined;

/** One field of every record, null where a record leaves it out. */
function columnOf<T>(shapes: readonly StoredShape[], read: Read<T>): Column<T> {
	return shapes.map((shape) => read(shape) ?? null);
}

/** columnOf, or undefined (the column left out) when every record leaves the field out. */
function optionalColumnOf<T>(shapes: readonly StoredShape[], read: Read<T>): Column<T> | undefined {
	const values = columnOf(shapes, read);
	return values.every((value) => value === null) ? undefined : values;
}

/** The columns of one cloud's stored records, as the generator writes them (a left-out column: undefined). */
export function columnsOf(shapes: readonly StoredShape[]): StoredColumns {
	const column = <T>(read: Read<T>) => columnOf(shapes, read);
	const optional = <T>(read: Read<T>) => optionalColumnOf(shapes, read);
	return {
		shape: shapes.map((shape) => shape.shape),
		family: shapes.map((shape) => shape.family),
		vcpus: column((shape) => shape.vcpus),
		memoryGib: column((shape) => shape.memoryGib),
		arch: column((shape) => shape.arch),
		baseline: column((shape) => shape.bandwidth.baseline),
		peak: column((shape) => (shape.bandwidth.peak === undefined ? shape.bandwidth.baseline : shape.bandwidth.peak)),
		kind: optional((shape) => shape.bandwidth.kind),
		bandwidthSource: optional((shape) => shape.bandwidth.source),
		cards: optional((shape) => shape.bandwidth.cards),
		cardBaseline: optional((shape) => shape.bandwidth.cardBaseline),
		cardPeak: optional((shape) => shape.bandwidth.cardPeak),
		expected: optional((shape) => shape.bandwidth.expected),
		placements: optional((shape) => shape.placements),
		placementsUnknown: optional((shape) => shape.placementsUnknown),
		enaExpress: optional((shape) => storedEnaExpress(shape.enaExpress)),
		tier1: optional((shape) => shape.tier1),
		burstable: optional((shape) => shape.burstable),
		deprecated: optional((shape) => shape.deprecated),
		price: optional((shape) => shape.price),
		flex: optional((shape) => shape.flex),
	};
}

function storedEnaExpress(answer: StoredShape['enaExpress']): StoredEnaExpress | undefined {
	if (answer === undefined) return undefined;
	return answer.flag ?? answer.supported;
}

/** The regional columns of one cloud's stored records, or undefined when none of them has any. */
export function regionalColumnsOf(shapes: readonly StoredShape[]): RegionalColumns | undefined {
	const prices = optionalColumnOf(shapes, (shape) => shape.prices);
	const regions = optionalColumnOf(shapes, (shape) => shape.regions);
	return prices === undefined && regions === undefined ? undefined : {prices, regions};
}

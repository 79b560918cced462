// The shape catalogue: read once, on first use, from the committed data file next to this module.
// Importing this module costs nothing; `loadCatalogue()` reads and expands the file the first time it is
// called and returns the same object afterwards. Apart from reading its own data file, pure.
//
// Where the file is: `data/catalogue.json` beside this module (source/sizing/data, dist/sizing/data after
// `npm run build`, which copies it: scripts/copy-catalogue.mjs). A bundle that puts this code in dist/cli.cjs
// finds it at `sizing/data/catalogue.json` beside the bundle, the same dist/sizing/data copy. Its regional
// file (catalogue-regional.json, catalogue-format.ts) is beside it, read only when a record needs it.

import {existsSync, readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {groupBy} from '../domain/group-by.js';
import type {ShapeCatalogue, ShapePrice, ShapeRecord} from '../domain/model-types.js';
import type {RealCloud} from '../domain/types.js';
import {type CatalogueFile, expandCatalogue, type RegionalFile, regionalFileName} from './catalogue-format.js';
import {CatalogueShape} from './catalogue-record.js';
import {leadPriceRegion} from './cloud-models.js';
import {type TransferFile, transferFileName} from './data-transfer-file.js';

const candidates = [
	new URL('./data/catalogue.json', import.meta.url),
	new URL('./sizing/data/catalogue.json', import.meta.url),
];

let cached: ShapeCatalogue | undefined;

/** The bundled catalogue (read and expanded on the first call only). */
export function loadCatalogue(): ShapeCatalogue {
	if (!cached) {
		cached = loadCatalogueFrom(findCatalogueFile());
	}

	return cached;
}

/**
 * Read a catalogue file, and beside it its regional file when a record first needs it and its data-transfer
 * table when a transfer is first priced. Not cached.
 */
export function loadCatalogueFrom(path: string | URL): ShapeCatalogue {
	const file = JSON.parse(readFileSync(path, 'utf8')) as CatalogueFile;
	const name = typeof path === 'string' ? path : fileURLToPath(path);
	const regional = regionalFileName(name);
	const transfer = transferFileName(name);
	return expandCatalogue(
		file,
		() => readBeside<RegionalFile>(regional, 'regional file'),
		() => readBeside<TransferFile>(transfer, 'data-transfer table'),
	);
}

function readBeside<T>(path: string, what: string): T {
	try {
		return JSON.parse(readFileSync(path, 'utf8')) as T;
	} catch (error) {
		const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is missing' : 'cannot be read';
		throw new Error(`netplace's catalogue ${what} ${path} ${why}: rebuild`, {cause: error});
	}
}

function findCatalogueFile(): URL {
	const found = candidates.find((candidate) => existsSync(candidate));
	if (found) {
		return found;
	}

	throw new Error(`netplace's shape catalogue is missing (looked in ${candidates.map(String).join(', ')}): rebuild`);
}

interface Index {
	readonly byCloud: ReadonlyMap<RealCloud, readonly ShapeRecord[]>;
	/** Lower-cased shape name -> records (one per cloud that has the name). */
	readonly byName: ReadonlyMap<string, readonly ShapeRecord[]>;
}

const indexes = new WeakMap<ShapeCatalogue, Index>();

function indexOf(catalogue: ShapeCatalogue): Index {
	let index = indexes.get(catalogue);
	if (!index) {
		index = {
			byCloud: groupBy(catalogue.shapes, (record) => record.cloud),
			byName: groupBy(catalogue.shapes, (record) => record.shape.toLowerCase()),
		};
		indexes.set(catalogue, index);
	}

	return index;
}

/** Every record of one cloud, or of all three. */
export function shapesOf(catalogue: ShapeCatalogue, cloud?: RealCloud): readonly ShapeRecord[] {
	return cloud === undefined ? catalogue.shapes : (indexOf(catalogue).byCloud.get(cloud) ?? []);
}

/** The record of `name` (case-insensitive) in `cloud`, or in whichever cloud has it when `cloud` is null. */
export function findShape(catalogue: ShapeCatalogue, cloud: RealCloud | null, name: string): ShapeRecord | undefined {
	const records = indexOf(catalogue).byName.get(name.trim().toLowerCase()) ?? [];
	return cloud === null ? records[0] : records.find((record) => record.cloud === cloud);
}

/** Did-you-mean: the closest shape names (prefix matches first, then by edit distance). */
export function suggestShapes(catalogue: ShapeCatalogue, name: string, limit = 3): string[] {
	const wanted = name.trim().toLowerCase();
	if (wanted === '' || limit <= 0) {
		return [];
	}

	const scored: {name: string; score: number}[] = [];
	for (const key of indexOf(catalogue).byName.keys()) {
		const shape = indexOf(catalogue).byName.get(key)?.[0]?.shape ?? key;
		const prefix = key.startsWith(wanted) || wanted.startsWith(key);
		const distance = editDistance(wanted, key, 4);
		if (prefix || distance <= 3) {
			scored.push({name: shape, score: (prefix ? 0 : 10) + distance});
		}
	}

	return scored
		.sort((left, right) => left.score - right.score || left.name.localeCompare(right.name))
		.slice(0, limit)
		.map((entry) => entry.name);
}

/** Levenshtein distance, giving up (returning `ceiling`) once it must exceed `ceiling`. */
export function editDistance(left: string, right: string, ceiling: number): number {
	if (Math.abs(left.length - right.length) >= ceiling) {
		return ceiling;
	}

	let previous = Array.from({length: right.length + 1}, (_, index) => index);
	for (let row = 1; row <= left.length; row++) {
		const current = [row];
		let best = row;
		for (let column = 1; column <= right.length; column++) {
			const cost = left[row - 1] === right[column - 1] ? 0 : 1;
			const value = Math.min(
				(previous[column] ?? 0) + 1,
				(current[column - 1] ?? 0) + 1,
				(previous[column - 1] ?? 0) + cost,
			);
			current.push(value);
			best = Math.min(best, value);
		}

		if (best >= ceiling) {
			return ceiling;
		}

		previous = current;
	}

	return Math.min(previous[right.length] ?? ceiling, ceiling);
}

/**
 * The shape's price in `region`, or (region null) in the cloud's one price region (AWS us-east-1, GCP
 * us-central1, OCI us-ashburn-1), so every price without --region compares like with like. Null when no
 * source gives one there: never guessed.
 * A price the source states for every region (OCI) answers for any region.
 */
export function priceIn(record: ShapeRecord, region: string | null): ShapePrice | null {
	const where = region ?? priceRegion(record.cloud);
	if (record instanceof CatalogueShape) {
		return record.priceAt(where);
	}

	const exact = record.prices.find((price) => price.region === where);
	if (exact) {
		return exact;
	}

	const everywhere = record.prices.find((price) => price.allRegions === true);
	return everywhere ? {...everywhere, region: where} : null;
}

/** `priceIn(record, region)?.perHour ?? null` without building the price (a search reads every shape's). */
export function perHourIn(record: ShapeRecord, region: string | null): number | null {
	if (record instanceof CatalogueShape) {
		return record.perHourAt(region ?? priceRegion(record.cloud));
	}

	return priceIn(record, region)?.perHour ?? null;
}

/** The region a cloud's prices are read in when no --region is given. */
export function priceRegion(cloud: RealCloud): string {
	return leadPriceRegion(cloud);
}

/**
 * A Flex shape's $/h at `ocpus` OCPUs and `memoryGib` GiB (default: the shape's default memory per OCPU),
 * from the per-OCPU and per-GiB rates a source gives. Null when a rate is unknown.
 */
export function flexPriceAt(record: ShapeRecord, ocpus: number, memoryGib: number | null = null): number | null {
	const flex = record.flex;
	const memory = memoryGib ?? (flex?.memoryGibPerOcpu == null ? null : flex.memoryGibPerOcpu * ocpus);
	if (!flex || flex.pricePerOcpuHour === null || flex.pricePerGibHour === null || memory === null) {
		return null;
	}

	return Math.round((flex.pricePerOcpuHour * ocpus + flex.pricePerGibHour * memory) * 1e6) / 1e6;
}

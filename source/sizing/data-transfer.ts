// What moving `bytes` over a path costs in data-transfer charges, from the catalogue's data-transfer table
// (data-transfer-file.ts): the rate for the path and the Region (pair), through the monthly tiers from zero,
// both ends where the price says both pay, with the source, date and status of each rate used. Unknown is
// null, never guessed: no row, a row without a price, a cross-Region query without the far Region, or a
// volume past the last tier a source gives. Pure (the table is read once through the catalogue).

import type {NetworkPath, ShapeCatalogue} from '../domain/model-types.js';
import type {RealCloud} from '../domain/types.js';
import {cloudSizing} from './cloud-models.js';
import {
	type ChargedOn,
	type TransferBasis,
	type TransferFile,
	type TransferRow,
	transferTableOf,
} from './data-transfer-file.js';

export type TransferPath = NetworkPath;

export interface DataTransferQuery {
	readonly cloud: RealCloud;
	readonly path: TransferPath;
	readonly fromRegion: string;
	/** The far Region of a cross-Region path (null elsewhere; a cross-Region query without it is unknown). */
	readonly toRegion: string | null;
	readonly bytes: number;
}

export interface DataTransferCost {
	/** For `bytes`, through the tiers from zero, both ends where the price says both pay. */
	readonly usd: number;
	/** Effective $ per decimal GB (1e9 bytes). */
	readonly usdPerGB: number;
	readonly chargedOn: ChargedOn;
	/** The catalogue source id(s) of the rates used (joined with " + " when tiers come from several). */
	readonly source: string;
	readonly asOf: string;
	/** The weakest status of the rates used: provider-doc, price-list-derived, secondary, anomalous, unverified. */
	readonly status: string;
	/** One short line: where, the rate(s), who pays, the source and date. */
	readonly basis: string;
}

interface Rate {
	readonly row: TransferRow;
	readonly basis: TransferBasis;
}

interface Found {
	/** One untiered rate, or the tiers in order from zero. */
	readonly rates: readonly Rate[];
	readonly where: string;
	/** Rows that qualify the price (a free allowance not subtracted, "contact us" above a volume). */
	readonly notes: readonly Rate[];
}

const statuses = ['provider-doc', 'price-list-derived', 'secondary', 'anomalous', 'unverified'];
const weakness = (status: string): number => {
	const index = statuses.indexOf(status);
	return index < 0 ? statuses.length : index;
};

const unitBytes = (unit: TransferBasis[0]): number => (unit === 'GiB' ? 2 ** 30 : 1e9);

/** The data-transfer charge for `query`, or null when the catalogue does not know it. */
export function dataTransferCost(catalogue: ShapeCatalogue, query: DataTransferQuery): DataTransferCost | null {
	const table = transferTableOf(catalogue);
	if (table === null || !Number.isFinite(query.bytes) || query.bytes < 0) return null;
	const found = ratesFor(ratesOn(table, query.cloud, query.path), query);
	return found === null ? null : priced(found, query.bytes);
}

const byPath = new WeakMap<TransferFile, Map<string, readonly Rate[]>>();

/** The table's rates of one cloud and path, with their bases (built once per table, cloud and path). */
function ratesOn(table: TransferFile, cloud: RealCloud, path: TransferPath): readonly Rate[] {
	let cache = byPath.get(table);
	if (cache === undefined) {
		cache = new Map();
		byPath.set(table, cache);
	}

	const key = `${cloud}|${path}`;
	let rates = cache.get(key);
	if (rates === undefined) {
		rates = table.rates[cloud].flatMap((row): Rate[] => {
			const basis = table.bases[row[6]];
			return row[0] === path && basis !== undefined ? [{row, basis}] : [];
		});
		cache.set(key, rates);
	}

	return rates;
}

function ratesFor(onPath: readonly Rate[], query: DataTransferQuery): Found | null {
	switch (query.path) {
		case 'same-zone':
		case 'cross-zone':
			return flatRate(onPath, query);
		case 'cross-region':
			return regionPair(onPath, query);
		case 'internet':
			return internetTiers(onPath, query);
	}
}

/** Same zone or between zones: the Region's row or the cloud-wide one, the best-founded first. */
function flatRate(rows: readonly Rate[], query: DataTransferQuery): Found | null {
	const candidates = rows
		.filter((rate) => rate.row[5] !== null && (rate.row[1] === query.fromRegion || rate.row[1] === '*'))
		.sort(
			(left, right) =>
				weakness(left.basis[4]) - weakness(right.basis[4]) ||
				Number(right.row[1] === query.fromRegion) - Number(left.row[1] === query.fromRegion),
		);
	const best = candidates[0];
	if (best === undefined) return null;
	const where =
		query.path === 'same-zone' ? `within one zone of ${query.fromRegion}` : `between zones of ${query.fromRegion}`;
	return {rates: [best], where, notes: []};
}

/** Between Regions: the pair's row (AWS), or the pair's class where the cloud's entry gives one (GCP). */
function regionPair(rows: readonly Rate[], query: DataTransferQuery): Found | null {
	const {fromRegion: from, toRegion: to} = query;
	if (to === null || to === from) return null;
	const where = `${from} → ${to} inter-Region`;
	const exact = rows.find((rate) => rate.row[1] === from && rate.row[2] === to && rate.row[5] !== null);
	if (exact) return {rates: [exact], where, notes: []};
	const pairClass = cloudSizing(query.cloud).transfer.interRegionClass(from, to);
	if (pairClass === null) return null;
	const byClass = rows.find((rate) => rate.row[1] === '*' && rate.row[2] === pairClass.kind && rate.row[5] !== null);
	if (byClass === undefined) return null;
	return {rates: [byClass], where: `${where} (class: ${pairClass.name})`, notes: []};
}

/** To the internet: the source Region's tiers (by the cloud's entry: OCI its group's; GCP Premium tier, worldwide). */
function internetTiers(rows: readonly Rate[], query: DataTransferQuery): Found | null {
	const terms = cloudSizing(query.cloud).transfer;
	const {key, words} = terms.internetSource(query.fromRegion);
	const to = terms.internetDestination;
	const tiers = rows
		.filter((rate) => rate.row[1] === key && rate.row[2] === to && rate.row[5] !== null)
		.sort((left, right) => (left.row[3] ?? 0) - (right.row[3] ?? 0));
	if (key === null || tiers.length === 0) return null;
	const notes = rows.filter((rate) => rate.row[1] === '*');
	return {rates: tiers, where: `${query.fromRegion} → internet${words}${terms.internetWords}`, notes};
}

/** The rates used for `volume` (in their unit) and what they cost, or null past the last tier given. */
function throughTiers(rates: readonly Rate[], volume: number): {used: Rate[]; cost: number} | null {
	const first = rates[0];
	if (first === undefined) return null;
	if (first.row[3] === null) return {used: [first], cost: volume * (first.row[5] ?? 0)};
	let covered = 0;
	let cost = 0;
	const used: Rate[] = [];
	for (const rate of rates) {
		const [, , , start, end] = rate.row;
		if (start !== covered) return null;
		const top = end ?? Number.POSITIVE_INFINITY;
		if (used.length === 0 || volume > covered) used.push(rate);
		cost += Math.max(0, Math.min(volume, top) - covered) * (rate.row[5] ?? 0);
		covered = top;
		if (covered >= volume) return {used, cost};
	}

	return null;
}

function priced(found: Found, bytes: number): DataTransferCost | null {
	const first = found.rates[0];
	if (first === undefined) return null;
	const unit = first.basis[0];
	const volume = bytes / unitBytes(unit);
	const tiers = throughTiers(found.rates, volume);
	if (tiers === null) return null;
	const ends = first.basis[1] === 'each-direction' ? 2 : 1;
	const usd = tiers.cost * ends;
	const perUnit = (first.row[5] ?? 0) * ends;
	const distinct = (values: string[]) => [...new Set(values)].join(' + ');
	const asOf = distinct(tiers.used.map((rate) => rate.basis[2]));
	return {
		usd: Math.round(usd * 1e6) / 1e6,
		usdPerGB: Number((bytes > 0 ? usd / (bytes / 1e9) : (perUnit * 1e9) / unitBytes(unit)).toPrecision(6)),
		chargedOn: first.basis[1],
		source: distinct(tiers.used.map((rate) => rate.basis[3])),
		asOf,
		status: tiers.used.map((rate) => rate.basis[4]).sort((a, b) => weakness(b) - weakness(a))[0] ?? 'unverified',
		basis: basisLine(found, tiers.used, volume, asOf),
	};
}

const money = (value: number): string => `$${Number(value.toPrecision(6))}`;
const amount = (value: number): string => value.toLocaleString('en-US');

function basisLine(found: Found, used: readonly Rate[], volume: number, asOf: string): string {
	const first = used[0];
	if (first === undefined) return found.where;
	const unit = first.basis[0];
	const tiered = first.row[3] !== null;
	const rates = tiered
		? `monthly tiers priced from zero: ${used.map((rate) => `${money(rate.row[5] ?? 0)}/${unit}${rate.row[4] === null ? ' beyond' : ` to ${amount(rate.row[4])} ${unit}`}`).join(', ')}`
		: `${money(first.row[5] ?? 0)}/${unit}`;
	const who = first.basis[1] === 'each-direction' ? ' in each direction (both ends pay)' : '';
	const labels = [...new Set(used.map((rate) => rate.basis[5]))].join(' + ');
	const notes = found.notes.flatMap((rate) => noteOf(rate, volume));
	return [`${found.where}, ${rates}${who}`, ...notes].join('; ').concat(` (${labels}, ${asOf})`);
}

/** A cloud-wide internet row as a qualifier: a free allowance not subtracted, or no price above a volume. */
function noteOf(rate: Rate, volume: number): string[] {
	const [, , , start, end, usd] = rate.row;
	const unit = rate.basis[0];
	if (usd === 0 && start === 0 && end !== null)
		return [`the account-wide free ${amount(end)} ${unit}/month not subtracted`];
	if (usd === null && start !== null && volume > start)
		return [`over ${amount(start)} ${unit}/month the provider prices on request`];
	return [];
}

// One catalogue record as the loader hands it out. The price in the cloud's first price region (its lead
// region) is a number from the file; the other regions' prices and the regions offered (GCP: ~40 of each
// per machine type) stay in the file's short strings until used: `priceAt` reads one cell, and only
// reading `prices` or `regions` expands the whole list, so start-up and a search pay for neither.

import type {Placement, RealCloud} from '../advisor/types.js';
import type {Arch, FlexRange, PublishedBandwidth, ShapePrice, ShapeRecord, SourceRef, Tier1} from './types.js';

export type EagerFields = Omit<ShapeRecord, 'prices' | 'regions'> & {readonly deprecated: boolean};

/** One cloud's price columns: the region of each cell and the source every cell comes from. */
export interface PriceTable {
	/** The region of each cell: the cloud's price region first (the one read without --region), then by name. */
	readonly regions: readonly string[];
	readonly index: ReadonlyMap<string, number>;
	/** Cell indices in region-name order: the order `prices` lists them in. */
	readonly listed: readonly number[];
	readonly source: SourceRef;
	/** The source states one price for every region (OCI): any region is answered from the first cell. */
	readonly allRegions: boolean;
}

/** The `index`-th comma-separated cell of `text`, without splitting it. */
function cellAt(text: string, index: number): string {
	let start = 0;
	for (let cell = 0; cell < index; cell++) {
		const comma = text.indexOf(',', start);
		if (comma < 0) {
			return '';
		}

		start = comma + 1;
	}

	const end = text.indexOf(',', start);
	return text.slice(start, end < 0 ? text.length : end);
}

/**
 * `prices` and `regions` are getters computed once. JSON.stringify includes them (toJSON); an object
 * spread (`{...record}`) does not: use `record.toJSON()` where a plain copy is needed.
 */
export class CatalogueShape implements ShapeRecord {
	readonly cloud: RealCloud;
	readonly shape: string;
	readonly family: string;
	readonly vcpus: number | null;
	readonly memoryGib: number | null;
	readonly arch: Arch | null;
	readonly bandwidth: PublishedBandwidth;
	readonly enaExpress: boolean | null;
	readonly enaExpressSource: SourceRef | null;
	readonly tier1: Tier1 | null;
	readonly placements: readonly Placement[];
	readonly burstable: boolean;
	readonly flex: FlexRange | null;
	readonly deprecated: boolean;
	readonly #firstPrice: number | null;
	/** The cells of the price regions after the first. */
	readonly #priceText: string | null;
	readonly #table: PriceTable | null;
	#prices: readonly ShapePrice[] | null = null;
	readonly #regionText: string | null;
	readonly #offer: readonly string[];
	#regions: readonly string[] | null = null;
	/** What searches keep about the record, by slot (per-record.ts). */
	#kept: unknown[] | null = null;

	constructor(
		fields: EagerFields,
		prices: {readonly first: number | null; readonly rest: string | null; readonly table: PriceTable} | null,
		regions: {readonly text: string; readonly offer: readonly string[]} | null,
	) {
		this.cloud = fields.cloud;
		this.shape = fields.shape;
		this.family = fields.family;
		this.vcpus = fields.vcpus;
		this.memoryGib = fields.memoryGib;
		this.arch = fields.arch;
		this.bandwidth = fields.bandwidth;
		this.enaExpress = fields.enaExpress;
		this.enaExpressSource = fields.enaExpressSource ?? null;
		this.tier1 = fields.tier1;
		this.placements = fields.placements;
		this.burstable = fields.burstable;
		this.flex = fields.flex;
		this.deprecated = fields.deprecated;
		this.#firstPrice = prices?.first ?? null;
		this.#priceText = prices?.rest ?? null;
		this.#table = prices?.table ?? null;
		this.#regionText = regions?.text ?? null;
		this.#offer = regions?.offer ?? [];
	}

	/** The $/h in cell `index`, or null where the source has none. */
	#perHour(index: number): number | null {
		if (index === 0) return this.#firstPrice;
		const cell = this.#priceText === null ? '' : cellAt(this.#priceText, index - 1);
		return cell === '' ? null : Number(cell);
	}

	#price(index: number, region: string, table: PriceTable): ShapePrice | null {
		const perHour = this.#perHour(index);
		if (perHour === null) {
			return null;
		}

		const price = {perHour, region, date: table.source.date, source: table.source};
		return table.allRegions ? {...price, allRegions: true} : price;
	}

	/** The cell answering for `region` (a price stated for every region: the first), or null. */
	#cellOf(region: string): number | null {
		const table = this.#table;
		if (table === null) return null;
		if (table.regions[0] === region) return 0;
		return table.index.get(region) ?? (table.allRegions ? 0 : null);
	}

	/** The $/h in `region` without building a ShapePrice (the search reads every shape's): `priceAt(region)?.perHour`. */
	perHourAt(region: string): number | null {
		const index = this.#cellOf(region);
		return index === null ? null : this.#perHour(index);
	}

	/** The price in `region` (one cell read), or null when the source has none there. */
	priceAt(region: string): ShapePrice | null {
		const index = this.#cellOf(region);
		return index === null || this.#table === null ? null : this.#price(index, region, this.#table);
	}

	get prices(): readonly ShapePrice[] {
		if (this.#prices === null) {
			const table = this.#table;
			this.#prices = table
				? table.listed.flatMap((index) => {
						const price = this.#price(index, table.regions[index] ?? '', table);
						return price ? [price] : [];
					})
				: [];
		}

		return this.#prices;
	}

	get regions(): readonly string[] | null {
		if (this.#regions === null && this.#regionText !== null) {
			this.#regions = this.#regionText.split(',').map((index) => this.#offer[Number(index)] ?? `?${index}`);
		}

		return this.#regions;
	}

	/** The value a search kept in `slot` (per-record.ts), if any. */
	kept(slot: number): unknown {
		return this.#kept?.[slot];
	}

	keep(slot: number, value: unknown): void {
		this.#kept ??= [];
		this.#kept[slot] = value;
	}

	toJSON(): ShapeRecord {
		return {...this, prices: this.prices, regions: this.regions};
	}
}

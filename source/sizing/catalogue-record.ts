// One catalogue record as the loader hands it out. The price in the cloud's first price region (its lead
// region) is a number from the file; the other regions' prices and the regions offered (GCP: ~40 of each
// per machine type) are the regional file's short strings, read when first used: `priceAt` reads one cell,
// and only reading `prices` or `regions` expands the whole list, so start-up and a search pay for neither.

import type {
	Arch,
	FlexRange,
	PublishedBandwidth,
	ShapePrice,
	ShapeRecord,
	SourceRef,
	Tier1,
} from '../domain/model-types.js';
import type {Placement, RealCloud} from '../domain/types.js';
import type {CloudDefaults, RegionalColumns, StoredColumns, StoredShape} from './catalogue-file.js';

/** What every record of one cloud shares, and its stored columns (catalogue-format.ts builds it once per cloud). */
export interface CloudRows {
	readonly cloud: RealCloud;
	readonly columns: StoredColumns;
	readonly defaults: CloudDefaults;
	/** The defaults' bandwidth source and Tier_1, as records hold them. */
	readonly bandwidthSource: SourceRef;
	readonly tier1: Tier1 | null;
	/** The cloud's price columns, null when no source prices it. */
	readonly prices: PriceTable | null;
	/** The cloud's offer regions (what a record's `regions` indices name). */
	readonly offer: readonly string[];
	/** The cloud's regional columns (read from the regional file on the first call), undefined if it has none. */
	readonly regional: () => RegionalColumns | undefined;
	readonly ref: (id: string) => SourceRef;
	readonly tier1Of: (stored: NonNullable<StoredShape['tier1']>) => Tier1 | null;
}

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

const noPlacements: readonly Placement[] = [];

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
 *
 * The public fields are `declare`d: only the constructor sets them. A class field without `declare` is
 * defined on every new object (as undefined) before the constructor body runs, which then sets it again:
 * twice the stores for each of the ~2,000 records the loader builds while the code is cold.
 */
export class CatalogueShape implements ShapeRecord {
	declare readonly cloud: RealCloud;
	declare readonly shape: string;
	declare readonly family: string;
	declare readonly vcpus: number | null;
	declare readonly memoryGib: number | null;
	declare readonly arch: Arch | null;
	declare readonly bandwidth: PublishedBandwidth;
	declare readonly enaExpress: boolean | null;
	declare readonly enaExpressSource: SourceRef | null;
	declare readonly enaExpressFlag: 'conflict' | 'inferred' | null;
	declare readonly tier1: Tier1 | null;
	declare readonly placements: readonly Placement[];
	declare readonly placementsUnknown: readonly Placement[];
	declare readonly burstable: boolean;
	declare readonly flex: FlexRange | null;
	declare readonly deprecated: boolean;
	readonly #firstPrice: number | null;
	/** The record's cloud's rows, and its place in them (for its regional cells). */
	readonly #rows: CloudRows;
	readonly #index: number;
	#prices: readonly ShapePrice[] | null;
	#regions: readonly string[] | null;
	/** What searches keep about the record, by slot (per-record.ts). */
	#kept: unknown[] | null;

	/** Record `index` of one cloud's stored columns (null in a column: the cloud's default). */
	constructor(rows: CloudRows, index: number) {
		// Read in place, no object per record but its own and its bandwidth: the loader builds ~2,000 while cold.
		const {columns, defaults} = rows;
		this.cloud = rows.cloud;
		this.shape = columns.shape[index] ?? '';
		this.family = columns.family[index] ?? '';
		this.vcpus = columns.vcpus[index] ?? null;
		this.memoryGib = columns.memoryGib[index] ?? null;
		this.arch = columns.arch[index] ?? null;
		const source = columns.bandwidthSource?.[index];
		this.bandwidth = {
			baselineGbps: columns.baseline[index] ?? null,
			peakGbps: columns.peak[index] ?? null,
			kind: columns.kind?.[index] ?? defaults.kind,
			networkCards: columns.cards?.[index] ?? null,
			perCardBaselineGbps: columns.cardBaseline?.[index] ?? null,
			perCardPeakGbps: columns.cardPeak?.[index] ?? null,
			source: source == null ? rows.bandwidthSource : rows.ref(source),
			expectedGbps: columns.expected?.[index] ?? undefined,
		};
		const enaExpress = columns.enaExpress?.[index] ?? null;
		const enaSource = defaults.enaExpressSource;
		this.enaExpress = enaExpress === null ? null : enaExpress === true || enaExpress === 'conflict';
		this.enaExpressSource = enaExpress === null || enaSource === undefined ? null : rows.ref(enaSource);
		this.enaExpressFlag = typeof enaExpress === 'string' ? enaExpress : null;
		const tier1 = columns.tier1?.[index] ?? null;
		this.tier1 = tier1 ? rows.tier1Of(tier1) : rows.tier1;
		this.placements = columns.placements?.[index] ?? defaults.placements;
		this.placementsUnknown = columns.placementsUnknown?.[index] ?? noPlacements;
		this.burstable = columns.burstable?.[index] === true;
		this.flex = columns.flex?.[index] ?? null;
		this.deprecated = columns.deprecated?.[index] === true;
		this.#firstPrice = columns.price?.[index] ?? null;
		this.#rows = rows;
		this.#index = index;
		this.#prices = null;
		this.#regions = null;
		this.#kept = null;
	}

	/** The $/h in cell `index`, or null where the source has none (a cell after the first: the regional file). */
	#perHour(index: number): number | null {
		if (index === 0) return this.#firstPrice;
		const text = this.#rows.regional()?.prices?.[this.#index] ?? null;
		const cell = text === null ? '' : cellAt(text, index - 1);
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
		const table = this.#rows.prices;
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
		const table = this.#rows.prices;
		return index === null || table === null ? null : this.#price(index, region, table);
	}

	get prices(): readonly ShapePrice[] {
		if (this.#prices === null) {
			const table = this.#rows.prices;
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
		if (this.#regions === null) {
			const text = this.#rows.regional()?.regions?.[this.#index] ?? null;
			const offer = this.#rows.offer;
			this.#regions = text === null ? null : text.split(',').map((index) => offer[Number(index)] ?? `?${index}`);
		}

		return this.#regions;
	}

	/** The source of `regions` (the cloud's offer list), null when the record has none. */
	get regionsSource(): SourceRef | null {
		const source = this.#rows.defaults.offerSource;
		return source === undefined || this.regions === null ? null : this.#rows.ref(source);
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
		return {...this, prices: this.prices, regions: this.regions, regionsSource: this.regionsSource};
	}
}

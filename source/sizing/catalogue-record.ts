// One catalogue record as the loader hands it out. Per-region prices and regions (GCP: ~40 of each per
// machine type) stay in the file's short strings until first read, so start-up pays for neither.

import type {Placement, RealCloud} from '../advisor/types.js';
import type {Arch, FlexRange, PublishedBandwidth, ShapePrice, ShapeRecord, SourceRef, Tier1} from './types.js';

export type EagerFields = Omit<ShapeRecord, 'prices' | 'regions'> & {readonly deprecated: boolean};

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
	#prices: readonly ShapePrice[] | (() => readonly ShapePrice[]) | null;
	#regions: readonly string[] | (() => readonly string[]) | null;

	constructor(
		fields: EagerFields,
		prices: (() => readonly ShapePrice[]) | null,
		regions: (() => readonly string[]) | null,
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
		this.#prices = prices;
		this.#regions = regions;
	}

	get prices(): readonly ShapePrice[] {
		if (typeof this.#prices === 'function') {
			this.#prices = this.#prices();
		}

		return this.#prices ?? [];
	}

	get regions(): readonly string[] | null {
		if (typeof this.#regions === 'function') {
			this.#regions = this.#regions();
		}

		return this.#regions;
	}

	toJSON(): ShapeRecord {
		return {...this, prices: this.prices, regions: this.regions};
	}
}

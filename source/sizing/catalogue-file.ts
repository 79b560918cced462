// The committed catalogue's file format (source/sizing/data/catalogue.json and its regional file beside it):
// the stored shapes, their columns and the per-cloud defaults. catalogue-format.ts expands it into
// ShapeRecords; catalogue-record.ts reads one record from the columns. Pure: types and constants.

import type {Arch, CatalogueSource, FlexRange} from '../domain/model-types.js';
import type {Placement, PublishedKind, RealCloud} from '../domain/types.js';

export const catalogueFormat = 6;

export interface StoredSource extends CatalogueSource {
	/** The source states one price for every commercial region (OCI's price list). */
	readonly allRegions?: boolean;
}

export interface StoredBandwidth {
	readonly baseline: number | null;
	/** Absent: equal to baseline. */
	readonly peak?: number | null;
	/** Absent: the cloud's default kind. */
	readonly kind?: PublishedKind;
	/** Absent: the cloud's default bandwidth source. */
	readonly source?: string;
	readonly cards?: number;
	readonly cardBaseline?: number;
	readonly cardPeak?: number;
	readonly expected?: number;
}

export interface StoredShape {
	readonly cloud: RealCloud;
	readonly shape: string;
	readonly family: string;
	readonly vcpus: number | null;
	readonly memoryGib: number | null;
	readonly arch: Arch | null;
	readonly bandwidth: StoredBandwidth;
	/** Absent: the cloud's default placements. */
	readonly placements?: readonly Placement[];
	/** Of `placements`, those whose support no source settles (AWS cluster where the type's generation is unknown). */
	readonly placementsUnknown?: readonly Placement[];
	/** AWS ENA Express: present only where a source says (absent: unknown). `flag`: see ShapeRecord.enaExpressFlag. */
	readonly enaExpress?: {readonly supported: boolean; readonly source: string; readonly flag?: 'conflict' | 'inferred'};
	/** GCP: absent means the cloud default (not eligible, per the docs). */
	readonly tier1?: {readonly eligible: boolean; readonly capGbps: number | null; readonly source: string | null};
	readonly burstable?: true;
	readonly deprecated?: true;
	/** $/h in the cloud's first price region (priceRegions[cloud][0]), absent where the source has none. */
	readonly price?: number;
	/** $/h in the cloud's other price regions (priceRegions[cloud] from the second on), comma-separated, empty where the source has none (the regional file). */
	readonly prices?: string;
	/** Comma-separated indices into `offerRegions[cloud]` (the regional file). */
	readonly regions?: string;
	readonly flex?: FlexRange;
}

/** A stored ENA Express answer: true, false, `conflict` (yes, the pages disagree), `inferred` (no, size unlisted). */
export type StoredEnaExpress = boolean | 'conflict' | 'inferred';

/** What most records of a cloud share; a record leaves the key out to mean this. */
export interface CloudDefaults {
	readonly kind: PublishedKind;
	readonly bandwidthSource: string;
	readonly placements: readonly Placement[];
	readonly priceSource: string | null;
	readonly tier1: {readonly eligible: boolean; readonly capGbps: number | null; readonly source: string | null} | null;
	/** The source of every record's ENA Express answer (AWS); absent where no record has one. */
	readonly enaExpressSource?: string;
	/** The source of the regions each record is offered in (GCP); absent where no source lists them. */
	readonly offerSource?: string;
}

export interface CatalogueFile {
	readonly format: typeof catalogueFormat;
	readonly generatedAt: string;
	readonly sources: readonly StoredSource[];
	readonly defaults: Readonly<Record<RealCloud, CloudDefaults>>;
	/** Each cloud's price columns: its lead price region first (one cell read per shape), then by name. */
	readonly priceRegions: Readonly<Record<RealCloud, readonly string[]>>;
	readonly offerRegions: Readonly<Record<RealCloud, readonly string[]>>;
	readonly shapes: Readonly<Record<RealCloud, StoredColumns>>;
}

export type Column<T> = readonly (T | null)[];

/**
 * One cloud's records as columns of StoredShape's fields (bandwidth's flattened): entry i is record i's,
 * null where the record leaves the key out (its default). An optional column every record leaves out is
 * left out itself. `peak` is always given (a peak equal to the baseline is written out).
 */
export interface StoredColumns {
	readonly shape: readonly string[];
	readonly family: readonly string[];
	readonly vcpus: Column<number>;
	readonly memoryGib: Column<number>;
	readonly arch: Column<Arch>;
	readonly baseline: Column<number>;
	readonly peak: Column<number>;
	readonly kind?: Column<PublishedKind>;
	readonly bandwidthSource?: Column<string>;
	readonly cards?: Column<number>;
	readonly cardBaseline?: Column<number>;
	readonly cardPeak?: Column<number>;
	readonly expected?: Column<number>;
	readonly placements?: Column<readonly Placement[]>;
	readonly placementsUnknown?: Column<readonly Placement[]>;
	/** ENA Express as one short value a record (true, false, `conflict` = yes, `inferred` = no), its source the cloud default's. */
	readonly enaExpress?: Column<StoredEnaExpress>;
	readonly tier1?: Column<NonNullable<StoredShape['tier1']>>;
	readonly burstable?: Column<true>;
	readonly deprecated?: Column<true>;
	readonly price?: Column<number>;
	readonly flex?: Column<FlexRange>;
}

/** One cloud's regional columns (StoredShape's `prices` and `regions`), aligned to its StoredColumns. */
export interface RegionalColumns {
	readonly prices?: Column<string>;
	readonly regions?: Column<string>;
}

/** The regional file: each cloud's regional columns (a cloud with none is left out), for one catalogue file. */
export interface RegionalFile {
	readonly format: typeof catalogueFormat;
	/** The catalogue file's `generatedAt`: a regional file of another catalogue is refused. */
	readonly generatedAt: string;
	readonly shapes: Readonly<Partial<Record<RealCloud, RegionalColumns>>>;
}

/** The regional file's name beside a catalogue file's: `catalogue.json` -> `catalogue-regional.json`. */
export function regionalFileName(catalogueFile: string): string {
	return catalogueFile.replace(/(\.json)?$/, '-regional.json');
}

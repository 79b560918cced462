// The committed catalogue file (source/sizing/data/catalogue.json) and its expansion into ShapeRecords.
// The file is compact: source ids instead of repeated source objects, a per-cloud default for what most
// records share (absent key = the default), per-region prices and regions as short strings aligned to the
// cloud's region lists, read only when a record's `prices` or `regions` is first used. Pure: no I/O.

import type {Placement, PublishedKind, RealCloud} from '../advisor/types.js';
import {CatalogueShape, type PriceTable} from './catalogue-record.js';
import type {
	Arch,
	CatalogueSource,
	FlexRange,
	PublishedBandwidth,
	ShapeCatalogue,
	ShapeRecord,
	SourceRef,
	Tier1,
} from './types.js';

export const catalogueFormat = 3;

/** The region each cloud's prices are read in when no --region is given: its price column comes first. */
export const leadPriceRegion: Readonly<Record<RealCloud, string>> = {
	aws: 'us-east-1',
	gcp: 'us-central1',
	oci: 'us-ashburn-1',
};

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
	/** AWS ENA Express: present only where a source says. */
	readonly enaExpress?: {readonly supported: boolean; readonly source: string};
	/** GCP: absent means the cloud default (not eligible, per the docs). */
	readonly tier1?: {readonly eligible: boolean; readonly capGbps: number | null; readonly source: string | null};
	readonly burstable?: true;
	readonly deprecated?: true;
	/** $/h aligned to `priceRegions[cloud]`, comma-separated, empty where the source has none. */
	readonly prices?: string;
	/** Comma-separated indices into `offerRegions[cloud]`. */
	readonly regions?: string;
	readonly flex?: FlexRange;
}

/** What most records of a cloud share; a record leaves the key out to mean this. */
export interface CloudDefaults {
	readonly kind: PublishedKind;
	readonly bandwidthSource: string;
	readonly placements: readonly Placement[];
	readonly priceSource: string | null;
	readonly tier1: {readonly eligible: boolean; readonly capGbps: number | null; readonly source: string | null} | null;
}

export interface CatalogueFile {
	readonly format: typeof catalogueFormat;
	readonly generatedAt: string;
	readonly sources: readonly StoredSource[];
	readonly defaults: Readonly<Record<RealCloud, CloudDefaults>>;
	/** Each cloud's price columns: its lead price region first (one cell read per shape), then by name. */
	readonly priceRegions: Readonly<Record<RealCloud, readonly string[]>>;
	readonly offerRegions: Readonly<Record<RealCloud, readonly string[]>>;
	readonly shapes: readonly StoredShape[];
}

/** Expand the stored file into the catalogue every reader uses. Throws on a malformed file (a build defect). */
export function expandCatalogue(file: CatalogueFile): ShapeCatalogue {
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

	const clouds = {
		aws: cloudParts(file, 'aws', ref),
		gcp: cloudParts(file, 'gcp', ref),
		oci: cloudParts(file, 'oci', ref),
	};
	const shapes = file.shapes.map((stored) => expandShape(stored, file, clouds[stored.cloud], ref));
	return {
		generatedAt: file.generatedAt,
		sources: file.sources.map(({allRegions: _allRegions, ...source}) => source),
		shapes,
	};
}

/** What every record of one cloud shares, built once: its defaults' objects and its price columns. */
interface CloudParts {
	readonly defaults: CloudDefaults;
	readonly tier1: Tier1 | null;
	readonly prices: PriceTable | null;
}

function cloudParts(file: CatalogueFile, cloud: RealCloud, ref: (id: string) => SourceRef): CloudParts {
	const defaults = file.defaults[cloud];
	const source = file.sources.find((candidate) => candidate.id === defaults.priceSource);
	const regions = file.priceRegions[cloud];
	return {
		defaults,
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

function expandShape(
	stored: StoredShape,
	file: CatalogueFile,
	parts: CloudParts,
	ref: (id: string) => SourceRef,
): ShapeRecord {
	const {defaults} = parts;
	const band = stored.bandwidth;
	const bandwidth: PublishedBandwidth = {
		baselineGbps: band.baseline,
		peakGbps: band.peak === undefined ? band.baseline : band.peak,
		kind: band.kind ?? defaults.kind,
		networkCards: band.cards ?? null,
		perCardBaselineGbps: band.cardBaseline ?? null,
		perCardPeakGbps: band.cardPeak ?? null,
		source: ref(band.source ?? defaults.bandwidthSource),
		expectedGbps: band.expected,
	};
	return new CatalogueShape(
		{
			cloud: stored.cloud,
			shape: stored.shape,
			family: stored.family,
			vcpus: stored.vcpus,
			memoryGib: stored.memoryGib,
			arch: stored.arch,
			bandwidth,
			enaExpress: stored.enaExpress ? stored.enaExpress.supported : null,
			enaExpressSource: stored.enaExpress ? ref(stored.enaExpress.source) : null,
			tier1: stored.tier1 ? expandTier1(stored.tier1, ref) : parts.tier1,
			placements: stored.placements ?? defaults.placements,
			burstable: stored.burstable === true,
			flex: stored.flex ?? null,
			deprecated: stored.deprecated === true,
		},
		stored.prices === undefined || !parts.prices ? null : {text: stored.prices, table: parts.prices},
		stored.regions === undefined ? null : {text: stored.regions, offer: file.offerRegions[stored.cloud]},
	);
}

// Which row of the data-transfer table a Region falls under where the clouds price by group, not by Region:
// GCP between Regions (a class per pair of areas, as the 2024-02 SKUs name them) and OCI to the internet
// (three source-region groups). A Region the rules do not place is null: its price is unknown. Pure.

type GcpArea = 'us-canada' | 'mexico' | 'europe' | 'asia' | 'indonesia' | 'oceania' | 'south-america' | 'me' | 'africa';

function gcpArea(region: string): GcpArea | null {
	if (region === 'northamerica-south1') return 'mexico';
	if (region.startsWith('us-') || region.startsWith('northamerica-')) return 'us-canada';
	if (region === 'asia-southeast2') return 'indonesia';
	const prefixes: readonly [string, GcpArea][] = [
		['europe-', 'europe'],
		['asia-', 'asia'],
		['australia-', 'oceania'],
		['southamerica-', 'south-america'],
		['me-', 'me'],
		['africa-', 'africa'],
	];
	return prefixes.find(([prefix]) => region.startsWith(prefix))?.[1] ?? null;
}

/** Google's continents for "between continents": NA, EU, SA, Asia, Oceania, Middle East/Africa. */
const continents: Readonly<Record<GcpArea, string>> = {
	'us-canada': 'NA',
	mexico: 'NA',
	europe: 'EU',
	asia: 'Asia',
	indonesia: 'Asia',
	oceania: 'Oceania',
	'south-america': 'SA',
	me: 'MEA',
	africa: 'MEA',
};

/** Areas whose Regions share a class among themselves. */
const withinClasses: Partial<Record<GcpArea, string>> = {
	'us-canada': 'us-canada',
	europe: 'europe',
	asia: 'asia',
	'south-america': 'south-america',
};

/**
 * The GCP inter-region class of `from` -> `to` (the table's `to` for GCP cross-region rows), or null where
 * no class the sources name covers the pair (within the Middle East or Africa, Mexico with the US).
 */
export function gcpInterRegionClass(from: string, to: string): string | null {
	const a = gcpArea(from);
	const b = gcpArea(to);
	if (a === null || b === null) return null;
	const edge = (area: GcpArea) => area === 'indonesia' || area === 'oceania';
	if (edge(a) || edge(b)) return 'indonesia-oceania';
	if (a === b) return withinClasses[a] ?? null;
	if (continents[a] !== continents[b]) return 'intercontinental';
	return null;
}

/** Long names of the GCP classes, for a basis line. */
export const gcpClassNames: Readonly<Record<string, string>> = {
	'us-canada': 'within the US and Canada',
	europe: 'within Europe',
	asia: 'within Asia',
	'south-america': 'within South America',
	'indonesia-oceania': 'to or from Indonesia and Oceania',
	intercontinental: 'between continents',
};

/**
 * OCI's source-region group for outbound internet transfer, from the Region's name (us-, ca-, eu-, uk-: North
 * America, Europe and UK; ap-, sa-: APAC, Japan and South America; me-, af-, il-: Middle East and Africa), or
 * null (Mexico, and anything else the price list's groups do not name).
 */
export function ociSourceGroup(region: string): string | null {
	const prefix = region.split('-')[0] ?? '';
	if (['us', 'ca', 'eu', 'uk'].includes(prefix)) return 'na-eu-uk';
	if (['ap', 'sa'].includes(prefix)) return 'apac-japan-sa';
	if (['me', 'af', 'il'].includes(prefix)) return 'me-africa';
	return null;
}

export const ociGroupNames: Readonly<Record<string, string>> = {
	'na-eu-uk': 'North America, Europe and UK',
	'apac-japan-sa': 'APAC, Japan and South America',
	'me-africa': 'Middle East and Africa',
};

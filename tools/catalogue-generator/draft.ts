// A record as the per-cloud builders make it (every field spelt out), and its compaction into the stored
// form (catalogue-format.ts): keys equal to the cloud's default are left out, prices and regions become
// short strings. Pure.

import type {Placement, PublishedKind, RealCloud} from '../../source/domain/types.js';
import type {CloudDefaults, StoredBandwidth, StoredShape} from '../../source/sizing/catalogue-format.js';

export interface DraftShape extends Omit<StoredShape, 'bandwidth' | 'placements' | 'price' | 'prices' | 'regions'> {
	readonly bandwidth: StoredBandwidth & {
		readonly peak: number | null;
		readonly kind: PublishedKind;
		readonly source: string;
	};
	readonly placements: readonly Placement[];
	readonly prices?: {readonly source: string; readonly perHour: readonly (number | null)[]};
	readonly regions?: readonly number[];
}

export const cloudDefaults: Readonly<Record<RealCloud, CloudDefaults>> = {
	aws: {
		kind: 'base-and-peak',
		bandwidthSource: 'flexera-aws',
		placements: ['default', 'cluster', 'spread', 'partition'],
		priceSource: 'karpenter-pricing',
		tier1: null,
		enaExpressSource: 'aws-ena-express-docs',
	},
	gcp: {
		kind: 'derived-per-vcpu',
		bandwidthSource: 'gcp-bandwidth-docs',
		placements: ['default', 'collocated', 'spread'],
		priceSource: 'cyclenerd-pricing',
		tier1: {eligible: false, capGbps: null, source: 'gcp-bandwidth-docs'},
		offerSource: 'cyclenerd-regions',
	},
	oci: {
		kind: 'per-ocpu',
		bandwidthSource: 'oci-shapes-doc',
		placements: ['default', 'spread', 'cluster'],
		priceSource: 'skypilot-oci',
		tier1: null,
	},
};

const same = (left: unknown, right: unknown): boolean => JSON.stringify(left) === JSON.stringify(right);

/** The first price region's $/h as a number (a search reads every record's), the others as one short string. */
function storedPrices(hours: readonly (number | null)[]): Pick<StoredShape, 'price' | 'prices'> {
	const [first = null, ...rest] = hours;
	return {
		...(first === null ? {} : {price: first}),
		...(rest.length === 0 ? {} : {prices: rest.map((hour) => (hour === null ? '' : String(hour))).join(',')}),
	};
}

export function compactShape(draft: DraftShape): StoredShape {
	const defaults = cloudDefaults[draft.cloud];
	const {bandwidth, placements, prices, regions, tier1, ...rest} = draft;
	if (prices && prices.source !== defaults.priceSource) {
		throw new Error(`${draft.shape}: price source ${prices.source} is not ${draft.cloud}'s (${defaults.priceSource})`);
	}

	if (draft.enaExpress && draft.enaExpress.source !== defaults.enaExpressSource) {
		throw new Error(`${draft.shape}: ENA Express source ${draft.enaExpress.source} is not ${draft.cloud}'s`);
	}

	const {peak, kind, source, ...band} = bandwidth;
	return {
		...rest,
		bandwidth: {
			...band,
			...(peak === band.baseline ? {} : {peak}),
			...(kind === defaults.kind ? {} : {kind}),
			...(source === defaults.bandwidthSource ? {} : {source}),
		},
		...(same(placements, defaults.placements) ? {} : {placements}),
		...(tier1 === undefined || same(tier1, defaults.tier1) ? {} : {tier1}),
		...(prices ? storedPrices(prices.perHour) : {}),
		...(regions ? {regions: regions.join(',')} : {}),
	};
}

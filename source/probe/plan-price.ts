// The shape catalogue's prices for a probe plan: the probe session hands them to the provider (which holds no
// catalogue), so `probe --dry-run` and the probe screen price every shape the catalogue prices, and ask for
// --price only where it has none. The price is the catalogue's own (sizing/price.ts priceOf: the run's region,
// OCI Flex at the run's OCPUs, Tier_1 unknown): never guessed. Pure but for reading the bundled catalogue.

import type {Configuration} from '../domain/model-types.js';
import {isRealCloud, type RealCloud} from '../domain/types.js';
import type {CataloguePrice, PriceBook, PriceQuery, ProviderId} from '../providers/provider.js';
import {findShape, loadCatalogue, priceIn} from '../sizing/catalogue.js';
import {priceOf} from '../sizing/price.js';

function cataloguePrice(cloud: RealCloud, query: PriceQuery): CataloguePrice {
	const record = findShape(loadCatalogue(), cloud, query.shape);
	if (record === undefined) return {perHour: null, unknown: `${query.shape} is not in the shape catalogue`};
	const configuration: Configuration = {
		cloud,
		shape: record.shape,
		placement: 'default',
		ocpus: record.flex === null ? null : (query.ocpus ?? record.flex.minOcpus),
		options: {enaExpress: false, tier1: query.tier1},
		streams: 1,
	};
	const price = priceOf(configuration, record, query.region);
	if (price.perHour === null) return {perHour: null, unknown: price.unknown ?? 'no source gives this shape a price'};
	const from = (priceIn(record, query.region) ?? record.prices[0])?.source;
	const cited = from ? ` (${from.id} ${from.date})` : '';
	const flex =
		configuration.ocpus === null
			? ''
			: ` at ${configuration.ocpus} OCPUs and the shape's default memory (per-OCPU and per-GiB rates)`;
	return {perHour: price.perHour, source: `catalogue${cited}, ${price.region} on-demand${flex}`};
}

/** The catalogue's prices for a cloud provider's plan; none for the lab (it spends nothing). */
export function cataloguePricesFor(provider: ProviderId): PriceBook | undefined {
	return isRealCloud(provider) ? (query) => cataloguePrice(provider, query) : undefined;
}

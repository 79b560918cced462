// Data-transfer charges from the bundled catalogue's table. Each figure is checked by hand against a row of
// ../shared/data/egress/{aws,gcp,oci}_egress_2026-12-06.csv (quoted in the comments).
import {describe, expect, it} from 'vitest';
import type {ShapeCatalogue} from '../../source/domain/model-types.js';
import {loadCatalogue} from '../../source/sizing/catalogue.js';
import {type DataTransferQuery, dataTransferCost} from '../../source/sizing/data-transfer.js';
import {gcpInterRegionClass, ociSourceGroup} from '../../source/sizing/data-transfer-regions.js';

const catalogue = loadCatalogue();
const TB = 1e12;
const cost = (query: Partial<DataTransferQuery> & Pick<DataTransferQuery, 'cloud' | 'path'>) =>
	dataTransferCost(catalogue, {fromRegion: 'us-east-1', toRegion: null, bytes: TB, ...query});

describe('dataTransferCost', () => {
	it('prices AWS us-east-1 -> eu-west-1 at $0.02/GB, sender pays (Skyplane grid, 2022-12-04)', () => {
		// aws,inter_region,us-east-1,eu-west-1,,,0.02,GB,sender,2022-12-04,AWS-SKYPLANE,price-list-derived
		const price = cost({cloud: 'aws', path: 'cross-region', toRegion: 'eu-west-1', bytes: 300 * TB});
		expect(price).toMatchObject({
			usd: 6000,
			usdPerGB: 0.02,
			chargedOn: 'sender',
			source: 'skyplane-aws-transfer-costs',
			asOf: '2022-12-04',
			status: 'price-list-derived',
		});
		expect(price?.basis).toMatch(/^us-east-1 → eu-west-1 inter-Region, \$0\.02\/GB \(.*Skyplane.*, 2022-12-04\)$/);
		// aws,inter_region,us-east-1,us-east-2,,,0.01,...,2024-09-25,AWS-INFRACOST: the fresher source where both have it.
		expect(cost({cloud: 'aws', path: 'cross-region', toRegion: 'us-east-2'})).toMatchObject({
			usd: 10,
			source: 'infracost-aws-data-transfer',
		});
	});

	it("charges AWS cross-AZ $0.01/GB in each direction: $0.02 per GB moved, from AWS's page", () => {
		// aws,inter_zone,*,"other AZ, same Region",,,0.01,GB,each direction (sender out + receiver in),...,AWS-PAGE,provider-doc
		const price = cost({cloud: 'aws', path: 'cross-zone', fromRegion: 'eu-west-1'});
		expect(price).toMatchObject({
			usd: 20,
			usdPerGB: 0.02,
			chargedOn: 'each-direction',
			source: 'aws-ec2-pricing-page',
			status: 'provider-doc',
		});
		expect(price?.basis).toContain('$0.01/GB in each direction (both ends pay)');
		expect(cost({cloud: 'aws', path: 'same-zone'})).toMatchObject({usd: 0, status: 'provider-doc'});
	});

	it('prices GCP between zones at $0.01/GiB (secondary): a nightly 2 TB pays $18.63', () => {
		// gcp,inter_zone,*,...,0.01,GiB,sender (egress); unverified,2026-09-20,GCP-APIEVANGELIST,secondary
		const price = cost({cloud: 'gcp', path: 'cross-zone', fromRegion: 'us-central1', bytes: 2 * TB});
		// 2e12 bytes = 1,862.645 GiB x $0.01
		expect(price?.usd).toBeCloseTo(18.626451, 5);
		expect(price).toMatchObject({usdPerGB: 0.00931323, chargedOn: 'sender', status: 'secondary'});
		expect(price?.basis).toContain('$0.01/GiB');
		// gcp,same_zone,*,...,0,GiB,n/a,API doc undated,GCP-BILLINGAPI,provider-doc
		expect(cost({cloud: 'gcp', path: 'same-zone', fromRegion: 'us-central1'})).toMatchObject({usd: 0});
	});

	it('prices GCP between Regions by class, and says which', () => {
		// gcp,inter_region,(class),within Europe,,,0.02,GiB,sender,2024-02-07,GCP-INFRACOST
		const price = cost({cloud: 'gcp', path: 'cross-region', fromRegion: 'europe-west4', toRegion: 'europe-west1'});
		expect(price).toMatchObject({source: 'infracost-gcp-egress', asOf: '2024-02-07'});
		expect(price?.usd).toBeCloseTo((TB / 2 ** 30) * 0.02, 6);
		expect(price?.basis).toContain('class: within Europe');
		expect(gcpInterRegionClass('us-central1', 'europe-west1')).toBe('intercontinental');
		expect(gcpInterRegionClass('asia-southeast2', 'asia-east1')).toBe('indonesia-oceania');
		expect(gcpInterRegionClass('me-central1', 'me-west1')).toBeNull();
	});

	it('prices the internet through the monthly tiers from zero, AWS 1 TB = 1024 GB', () => {
		// aws,internet,eu-west-1: 0-10240 GB 0.09, 10240-51200 0.085 (AWS-INFRACOST, 2024-09-25)
		const atBoundary = cost({cloud: 'aws', path: 'internet', fromRegion: 'eu-west-1', bytes: 10240e9});
		expect(atBoundary).toMatchObject({usd: 921.6, usdPerGB: 0.09});
		const past = cost({cloud: 'aws', path: 'internet', fromRegion: 'eu-west-1', bytes: 20480e9});
		expect(past).toMatchObject({usd: 921.6 + 870.4, usdPerGB: 0.0875});
		expect(past?.basis).toContain('monthly tiers priced from zero: $0.09/GB to 10,240 GB, $0.085/GB to 51,200 GB');
		expect(past?.basis).toContain('free 100 GB/month not subtracted');
	});

	it('gives OCI its first 10 TB a month free, then the secondary rate, footed by the weaker source', () => {
		// oci,internet,"originating in North America, Europe, and UK",internet,0,10240,0,...,OCI-PRICEAPI-MCP,price-list-derived
		const free = cost({cloud: 'oci', path: 'internet', fromRegion: 'us-ashburn-1', bytes: 10 * TB});
		expect(free).toMatchObject({usd: 0, status: 'price-list-derived', source: 'oci-pricing-mcp'});
		// ...,10240,,0.0085,GB,sender,2026,OCI-SECONDARY,secondary
		const paid = cost({cloud: 'oci', path: 'internet', fromRegion: 'eu-frankfurt-1', bytes: 20480e9});
		expect(paid).toMatchObject({usd: 87.04, status: 'secondary', source: 'oci-pricing-mcp + oci-egress-secondary'});
		expect(ociSourceGroup('ap-tokyo-1')).toBe('apac-japan-sa');
		expect(ociSourceGroup('mx-queretaro-1')).toBeNull();
	});

	it('is null, never guessed, where the catalogue does not know', () => {
		expect(cost({cloud: 'aws', path: 'cross-region', toRegion: 'xx-nowhere-1'})).toBeNull();
		expect(cost({cloud: 'aws', path: 'cross-region', toRegion: null})).toBeNull();
		expect(cost({cloud: 'aws', path: 'cross-region', toRegion: 'us-east-1'})).toBeNull();
		// OCI between ADs and Regions: rows without a price (unverified).
		expect(cost({cloud: 'oci', path: 'cross-zone', fromRegion: 'us-ashburn-1'})).toBeNull();
		expect(cost({cloud: 'oci', path: 'cross-region', fromRegion: 'us-ashburn-1', toRegion: 'us-phoenix-1'})).toBeNull();
		// us-east-1 over 150 TB to the internet: in no source.
		expect(cost({cloud: 'aws', path: 'internet', bytes: 100 * TB})).not.toBeNull();
		expect(cost({cloud: 'aws', path: 'internet', bytes: 200 * TB})).toBeNull();
		expect(cost({cloud: 'aws', path: 'internet', bytes: Number.NaN})).toBeNull();
		const bare: ShapeCatalogue = {generatedAt: catalogue.generatedAt, sources: [], shapes: []};
		expect(
			dataTransferCost(bare, {cloud: 'aws', path: 'same-zone', fromRegion: 'x', toRegion: null, bytes: 1}),
		).toBeNull();
	});

	it('carries the status of an anomalous row', () => {
		// gcp,internet,asia-northeast1 ... 0-1024 GiB 0.085, anomalous (non-monotonic tiers)
		const price = cost({cloud: 'gcp', path: 'internet', fromRegion: 'asia-northeast1', bytes: 1e9});
		expect(price?.status).toBe('anomalous');
	});

	it('names a source the catalogue credits for every rate', () => {
		const credited = new Set(catalogue.sources.map((source) => source.id));
		const queries: DataTransferQuery[] = [
			{cloud: 'aws', path: 'internet', fromRegion: 'sa-east-1', toRegion: null, bytes: 60 * TB},
			{cloud: 'gcp', path: 'internet', fromRegion: 'europe-west4', toRegion: null, bytes: 20 * TB},
			{cloud: 'gcp', path: 'cross-region', fromRegion: 'us-east1', toRegion: 'asia-east1', bytes: TB},
		];
		for (const query of queries) {
			const price = dataTransferCost(catalogue, query);
			expect(price).not.toBeNull();
			for (const id of price?.source.split(' + ') ?? []) expect(credited).toContain(id);
		}
	});
});

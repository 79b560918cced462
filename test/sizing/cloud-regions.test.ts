// The region lists are held to their sources: the catalogue's GCP regions, the AWS SDK's endpoint partitions
// and the OCI SDK's region table (as installed). A region added upstream fails here until the list has it.

import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import {clouds} from '../../source/domain/clouds.js';
import {priceRegion} from '../../source/sizing/catalogue.js';
import {cloudOfRegion, regionsOf} from '../../source/sizing/cloud-regions.js';

const require = createRequire(import.meta.url);
const sorted = (names: Iterable<string>): string[] => [...names].sort();

interface Partitions {
	readonly partitions: readonly {readonly id: string; readonly regions: Record<string, unknown>}[];
}

async function awsSdkRegions(): Promise<string[]> {
	const path = require.resolve('@aws-sdk/core').replace(/dist-cjs\/.*$/, '');
	const module = (await import(`${path}dist-es/submodules/client/util-endpoints/lib/aws/partitions.js`)) as {
		partitionsInfo: Partitions;
	};
	return module.partitionsInfo.partitions
		.filter((partition) => ['aws', 'aws-us-gov', 'aws-cn'].includes(partition.id))
		.flatMap((partition) => Object.keys(partition.regions).filter((name) => !name.startsWith('aws-')));
}

function ociSdkRegions(): string[] {
	const {Region} = require('oci-common') as {Region: Record<string, unknown>};
	return Object.values(Region)
		.filter((value): value is {regionId: string; realm: {realmId: string}} => {
			const region = value as {regionId?: unknown; realm?: {realmId?: unknown}} | null;
			return typeof region?.regionId === 'string' && region.realm?.realmId === 'oc1';
		})
		.map((region) => region.regionId);
}

describe('the regions each cloud names', () => {
	it('GCP: exactly the catalogue’s regions (price and offer)', () => {
		const file = JSON.parse(readFileSync('source/sizing/data/catalogue.json', 'utf8')) as {
			priceRegions: Record<string, string[]>;
			offerRegions: Record<string, string[]>;
		};
		expect(sorted(regionsOf('gcp'))).toEqual(sorted(new Set([...file.priceRegions.gcp!, ...file.offerRegions.gcp!])));
		for (const cloud of ['aws', 'oci'] as const) {
			for (const region of file.priceRegions[cloud] ?? []) expect(regionsOf(cloud)).toContain(region);
		}
	});

	it('AWS: the SDK’s commercial, GovCloud and China partitions', async () => {
		expect(sorted(regionsOf('aws'))).toEqual(sorted(await awsSdkRegions()));
	});

	it('OCI: the SDK’s commercial realm', () => {
		expect(sorted(regionsOf('oci'))).toEqual(sorted(ociSdkRegions()));
	});

	it('each list starts with the region the catalogue prices the cloud in and names each region once', () => {
		expect(clouds.map(priceRegion)).toEqual(['us-east-1', 'us-central1', 'us-ashburn-1']);
		for (const cloud of clouds) {
			expect(regionsOf(cloud)[0]).toBe(priceRegion(cloud));
			expect(new Set(regionsOf(cloud)).size).toBe(regionsOf(cloud).length);
		}
	});

	it('any is every cloud’s; the lab names none; a region says its cloud', () => {
		expect(regionsOf('any')).toHaveLength(regionsOf('aws').length + regionsOf('gcp').length + regionsOf('oci').length);
		expect(regionsOf('lab')).toEqual([]);
		expect([cloudOfRegion('us-west-2'), cloudOfRegion('europe-west4'), cloudOfRegion('eu-frankfurt-1')]).toEqual([
			'aws',
			'gcp',
			'oci',
		]);
		expect(cloudOfRegion('us-est-1')).toBeNull();
	});
});

// --tier1 on GCP (issue 11): Tier_1 networking asked for on instance insert (networkPerformanceConfig
// totalEgressBandwidthTier TIER_1, with gVNIC) only on shapes the catalogue lists as eligible; any other shape
// is refused with one line before anything is created. At the SDK boundary: the project's fake GCP clients.
import {describe, expect, it} from 'vitest';
import {UserError} from '../../../source/domain/errors.js';
import {runProbe} from '../../../source/probe/run-probe.js';
import {gcpFacts} from '../../../source/providers/gcp/facts.js';
import {gcpTarget, gcpUnderTest, quickSettings} from './gcp-helpers.js';

interface InstanceBody {
	readonly name: string;
	readonly networkInterfaces: Array<{readonly nicType?: string}>;
	readonly networkPerformanceConfig?: {readonly totalEgressBandwidthTier?: string};
}

/** The fake region's CPU quota for N2 (its own metric, as regions.get lists series quotas). */
function withN2Quota(fake: ReturnType<typeof gcpUnderTest>['fake']): void {
	fake.quotas.push({metric: 'N2_CPUS', limit: 500, usage: 0});
}

const inserted = (fake: ReturnType<typeof gcpUnderTest>['fake']): InstanceBody[] =>
	fake.calls
		.filter((call) => call.api === 'instances.insert')
		.map((call) => (call.request as {instanceResource: InstanceBody}).instanceResource);

describe('GCP --tier1', () => {
	it('n2-standard-32: every instance asks for TIER_1 with gVNIC; the published figure is the Tier_1 cap', async () => {
		const {provider, fake} = gcpUnderTest();
		withN2Quota(fake);
		const target = {...gcpTarget, shape: 'n2-standard-32', placements: ['default' as const], tier1: true};
		const plan = await provider.plan(target, 600);
		expect(plan.resources.find((resource) => resource.kind === 'instance')?.detail).toContain(
			'Tier_1 networking (gVNIC)',
		);
		expect(plan.warnings).toContain(
			'Tier_1 networking is billed as an extra SKU per instance hour: not in this estimate (add it to --price)',
		);

		const run = await runProbe(provider, target, quickSettings, {runId: 'np-gcp-tier1-1'});
		const bodies = inserted(fake);
		expect(bodies).toHaveLength(2);
		for (const body of bodies) {
			expect(body.networkPerformanceConfig).toEqual({totalEgressBandwidthTier: 'TIER_1'});
			expect(body.networkInterfaces[0]?.nicType).toBe('GVNIC');
		}

		// Google's cloud-image-tests Tier_1 target for n2-standard-32 (the catalogue's source): 50 Gbps.
		expect(run.pairs[0]?.published).toEqual({gbps: 50, kind: 'derived-per-vcpu'});
		expect(run.teardown).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
	});

	it('without --tier1 the same shape gets the default tier and the VirtIO default NIC', async () => {
		const {provider, fake} = gcpUnderTest();
		withN2Quota(fake);
		const target = {...gcpTarget, shape: 'n2-standard-32', placements: ['default' as const]};
		const run = await runProbe(provider, target, quickSettings, {runId: 'np-gcp-tier1-2'});
		for (const body of inserted(fake)) {
			expect(body.networkPerformanceConfig).toBeUndefined();
			expect(body.networkInterfaces[0]?.nicType).toBeUndefined();
		}

		// The default rule: 2 Gbps x 32 vCPUs, at most N2's 32.
		expect(run.pairs[0]?.published.gbps).toBe(32);
	});

	it('a shape without Tier_1 is refused with one line, and nothing is created', async () => {
		const {provider, fake} = gcpUnderTest();
		for (const [shape, message] of [
			['n2-standard-8', '--tier1: Tier_1 networking is not available on n2-standard-8'],
			['c4a-standard-16', '--tier1: Tier_1 networking is not available on c4a-standard-16'],
			['n2-madeup-8', "--tier1: n2-madeup-8 is not in netplace's catalogue"],
		] as const) {
			const target = {...gcpTarget, shape, tier1: true};
			const refused = await runProbe(provider, target, quickSettings).then(
				() => null,
				(error: unknown) => error,
			);
			expect(refused).toBeInstanceOf(UserError);
			expect((refused as Error).message).toContain(message);
			await expect(provider.plan(target, 600)).rejects.toThrow(message);
		}

		expect(fake.calls.filter((call) => call.api.endsWith('.insert'))).toEqual([]);
	});

	it('the refusal names eligible shapes of the series from the catalogue', async () => {
		const {provider} = gcpUnderTest();
		const refused = await provider
			.plan({...gcpTarget, shape: 'n2-standard-8', tier1: true}, 600)
			.catch((error: unknown) => error as UserError);
		expect((refused as UserError).hint).toBe(
			'in the N2 series it is, e.g. on n2-highcpu-32, n2-highmem-32, n2-standard-32',
		);
	});

	it("the provider's facts find the problem with the request's others (the CLI's exit 2, before any run id)", () => {
		expect(gcpFacts.problems({...gcpTarget, shape: 'n2-standard-8', tier1: true})).toEqual([
			{
				field: 'tier1',
				message: '--tier1: Tier_1 networking is not available on n2-standard-8',
				hint: 'in the N2 series it is, e.g. on n2-highcpu-32, n2-highmem-32, n2-standard-32',
			},
		]);
		expect(gcpFacts.problems({...gcpTarget, shape: 'n2-standard-32', tier1: true})).toEqual([]);
		expect(gcpFacts.problems({...gcpTarget, shape: 'n2-standard-8'})).toEqual([]);
	});
});

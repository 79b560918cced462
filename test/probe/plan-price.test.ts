// GCP and OCI probe plans price every shape the catalogue prices (as AWS does), in the run's region, OCI Flex at
// the run's OCPUs; --price only where the catalogue has none, and --price always wins. `probe --dry-run` (the
// the CLI) and the session API the probe screen plans through give the same price and cost.

import {rmSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {planProbe} from '../../source/probe/probe-session.js';
import type {Provider} from '../../source/providers/provider.js';
import {buildProbeRequest} from '../../source/request/probe-request.js';
import {findShape, flexPriceAt, loadCatalogue, perHourIn} from '../../source/sizing/catalogue.js';
import {tempConfigDir} from '../cli/helpers.js';
import {runInProcess} from '../cli/in-process.js';
import {gcpUnderTest} from '../providers/gcp/gcp-helpers.js';
import {ociUnderTest} from '../providers/oci/oci-helpers.js';

interface DryPlan {
	readonly plan: {
		readonly pricePerHour: number | null;
		readonly priceSource: string | null;
		readonly estimatedCostUsd: number | null;
		readonly warnings: readonly string[];
	};
}

async function dryRun(flags: readonly string[]): Promise<DryPlan> {
	const configDir = tempConfigDir();
	const cli = await runInProcess(['probe', ...flags, '--ssh-cidr', '198.51.100.7/32', '--dry-run', '--json'], {
		configDir,
	});
	rmSync(configDir, {recursive: true, force: true});
	expect(cli.stderr).toBe('');
	expect(cli.status).toBe(0);
	return JSON.parse(cli.stdout) as DryPlan;
}

async function sessionPlan(provider: Provider, fields: Record<string, string>) {
	const request = buildProbeRequest({...fields, sshCidr: '198.51.100.7/32', streams: '1,8', duration: '20'});
	return planProbe(provider, request);
}

const catalogue = loadCatalogue();

describe('probe plans priced from the catalogue', () => {
	it('GCP c4a-standard-16 in europe-west4: the catalogue price of that region, the same on both faces', async () => {
		const record = findShape(catalogue, 'gcp', 'c4a-standard-16');
		const expected = record ? perHourIn(record, 'europe-west4') : null;
		expect(expected).toBeGreaterThan(0);
		const fields = {provider: 'gcp', shape: 'c4a-standard-16', zone: 'europe-west4-a', project: 'netplace-test-123'};
		const dry = await dryRun([
			'--provider',
			'gcp',
			'--shape',
			'c4a-standard-16',
			'--zone',
			'europe-west4-a',
			'--project',
			'netplace-test-123',
		]);
		const session = await sessionPlan(gcpUnderTest().provider, fields);
		expect(dry.plan.pricePerHour).toBe(expected);
		expect(dry.plan.priceSource).toMatch(/^catalogue \(cyclenerd-pricing [\d-]+\), europe-west4 on-demand$/);
		expect(dry.plan.warnings.join('\n')).not.toMatch(/--price/);
		expect(session.estimate.pricePerHour).toBe(expected);
		expect(session.estimate.priceSource).toBe(dry.plan.priceSource);
		expect(session.costUsd).toBe(dry.plan.estimatedCostUsd);
		expect(session.costUsd).toBeGreaterThan(0);
	});

	it('OCI E4.Flex at 8 OCPUs: the per-OCPU and per-GiB rates at 8; E6.Flex, whose default memory no source states, asks for --price', async () => {
		const record = findShape(catalogue, 'oci', 'VM.Standard.E4.Flex');
		const expected = record ? flexPriceAt(record, 8) : null;
		expect(expected).toBeGreaterThan(0);
		const flags = ['--provider', 'oci', '--region', 'us-ashburn-1', '--ocpus', '8'];
		const dry = await dryRun([...flags, '--shape', 'VM.Standard.E4.Flex']);
		const fields = {provider: 'oci', region: 'us-ashburn-1', ocpus: '8'};
		const session = await sessionPlan(ociUnderTest().provider, {...fields, shape: 'VM.Standard.E4.Flex'});
		expect(dry.plan.pricePerHour).toBe(expected);
		expect(dry.plan.priceSource).toMatch(/us-ashburn-1 on-demand at 8 OCPUs/);
		expect(session.estimate.pricePerHour).toBe(expected);
		expect(session.costUsd).toBe(dry.plan.estimatedCostUsd);

		// A1.Flex is priced since issue 36 (Oracle's page); E6.Flex's rates are known, its default memory is not.
		const unpriced = await sessionPlan(ociUnderTest().provider, {...fields, shape: 'VM.Standard.E6.Flex'});
		expect(unpriced.costUsd).toBeNull();
		expect(unpriced.estimate.warnings.join('\n')).toMatch(/no price known for VM\.Standard\.E6\.Flex .*--price/);
		const given = await sessionPlan(ociUnderTest().provider, {...fields, shape: 'VM.Standard.E6.Flex', price: '0.5'});
		expect(given.estimate).toMatchObject({pricePerHour: 0.5, priceSource: '--price'});
		const over = await sessionPlan(ociUnderTest().provider, {...fields, shape: 'VM.Standard.E4.Flex', price: '0.5'});
		expect(over.estimate).toMatchObject({pricePerHour: 0.5, priceSource: '--price'});
	});

	it('GCP Tier_1: an extra SKU the catalogue does not price, so the plan asks for --price rather than undercount', async () => {
		const fields = {
			provider: 'gcp',
			shape: 'c4a-highcpu-32',
			zone: 'us-central1-a',
			project: 'netplace-test-123',
			tier1: 'yes',
		};
		const session = await sessionPlan(gcpUnderTest().provider, fields);
		expect(session.costUsd).toBeNull();
		expect(session.estimate.warnings.join('\n')).toMatch(/Tier_1 is an extra SKU.*--price/);
	});
});

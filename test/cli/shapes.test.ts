import {describe, expect, it} from 'vitest';
import type {ShapeRecord} from '../../source/domain/model-types.js';
import {configDirForFile, lines} from './helpers.js';
import {runInProcess} from './in-process.js';

const configDir = configDirForFile();

describe('netplace shapes', () => {
	it('lists matching records with figures, kind, price with region and source, within 80 columns', async () => {
		const result = await runInProcess(['shapes', '--search', 'c8gn'], {configDir: configDir()});
		expect(result.status).toBe(0);
		const text = lines(result.stdout);
		expect(text.every((line) => line.length <= 80)).toBe(true);
		expect(text).toContain('AWS (12 shapes)');
		const row = text.find((line) => line.trim().startsWith('c8gn.4xlarge'));
		expect(row).toMatch(/c8gn\.4xlarge\s+50\s+base\+peak\s+16\s+32\s+arm64\s+0\.948 us-east-1/);
		expect(text).toContain('  figures: flexera-aws 2026-08-17, karpenter-bandwidth 2026-08-18; prices:');
		expect(text.find((line) => line.trim().startsWith('c8gn.xlarge'))).toMatch(/12\.5\/40\s+peak/);
	});

	it('keeps the shape, Gbps and price columns at 60 columns', async () => {
		const result = await runInProcess(['shapes', '--cloud', 'oci', '--search', 'flex'], {
			configDir: configDir(),
			env: {COLUMNS: '60'},
		});
		expect(result.status).toBe(0);
		const text = lines(result.stdout);
		expect(text.every((line) => line.length <= 60)).toBe(true);
		// A1 priced since issue 36 (Oracle's page); E6's rates are known too, Optimized3's as well.
		expect(text.find((line) => line.includes('VM.Standard.A1.Flex'))).toMatch(/1\/OCPU<=40.*0\.01\/OCPU\+0\.0015\/GB$/);
		expect(text.find((line) => line.includes('VM.Standard.E5.Flex'))).toContain('0.03/OCPU+0.002/GB');
	});

	it("prices in the region asked for, and marks a price no source has with the answer's one mark, -", async () => {
		const gcp = await runInProcess(
			['shapes', '--cloud', 'gcp', '--search', 'n2-standard-32', '--region', 'europe-west4'],
			{
				configDir: configDir(),
			},
		);
		expect(gcp.stdout).toMatch(/n2-standard-32\s+32\s+per-vCPU\s+32\s+128\s+x86_64\s+1\.71066 europe-west4$/m);
		const aws = await runInProcess(['shapes', '--search', 'm7i.8xlarge', '--region', 'eu-west-1'], {
			configDir: configDir(),
		});
		expect(aws.stdout).toMatch(/m7i\.8xlarge\s+12\.5\s+base\+peak\s+32\s+128\s+x86_64\s+-(\s|$)/m);
		expect(aws.stdout).not.toMatch(/unknown/);
	});

	it('prints an array of catalogue records as JSON', async () => {
		const result = await runInProcess(['shapes', '--cloud', 'gcp', '--search', 'c4a standard-16', '--json'], {
			configDir: configDir(),
		});
		expect(result.status).toBe(0);
		const records = JSON.parse(result.stdout) as ShapeRecord[];
		expect(records.map((record) => record.shape)).toEqual(['c4a-standard-16', 'c4a-standard-16-lssd']);
		expect(records[0]).toMatchObject({
			cloud: 'gcp',
			vcpus: 16,
			// Google's general-purpose page documents 23 Gbps for it (the per-vCPU rule gave 32).
			bandwidth: {baselineGbps: 23, source: {id: 'gcp-general-purpose-docs'}},
		});
		expect(records[0]?.prices.find((price) => price.region === 'us-central1')?.perHour).toBe(0.7184);
	});

	it('says so when nothing matches (exit 0), with a did-you-mean', async () => {
		const result = await runInProcess(['shapes', '--search', 'c8gn.4xlarg'], {configDir: configDir()});
		expect(result.status).toBe(0);
		const none = await runInProcess(['shapes', '--cloud', 'oci', '--search', 'c8gn.4xlarge'], {configDir: configDir()});
		expect(none.status).toBe(0);
		expect(none.stdout.trim()).toBe(
			`No shapes in oci's catalogue match "c8gn.4xlarge" (did you mean c8gn.4xlarge, c6gn.4xlarge, c7gn.4xlarge?).`,
		);
		const json = await runInProcess(['shapes', '--search', 'nothing-like-this', '--json'], {configDir: configDir()});
		expect(JSON.parse(json.stdout)).toEqual([]);
	});

	it('refuses a bad cloud, an unknown flag, an empty search or an argument: one line, exit 2', async () => {
		for (const args of [
			['shapes', '--cloud', 'moon'],
			['shapes', '--cloud', 'lab'],
			['shapes', '--bogus'],
			['shapes', '--search', ''],
			['shapes', 'c8gn'],
		]) {
			const result = await runInProcess(args, {configDir: configDir()});
			expect(result.status, args.join(' ')).toBe(2);
			expect(result.stdout).toBe('');
			expect(lines(result.stderr), args.join(' ')).toHaveLength(1);
			expect(result.stderr).toMatch(/^netplace: /);
		}
	});
});

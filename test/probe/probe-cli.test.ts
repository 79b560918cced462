// The CLI's probe and cleanup commands (their command line, run in this process) on bad input and before
// spending money: one line, exit 2, nothing created. No root needed.
import {rmSync} from 'node:fs';
import {afterAll, describe, expect, it} from 'vitest';
import {lines, tempConfigDir} from '../cli/helpers.js';
import {runInProcess} from '../cli/in-process.js';

const configDir = tempConfigDir();
afterAll(() => {
	rmSync(configDir, {recursive: true, force: true});
});

describe('netplace probe --provider lab --shape', () => {
	it("plans that shape's scaled cell, as --lab-profile would", async () => {
		const byShape = await runInProcess(['probe', '--provider', 'lab', '--shape', 'c8g.4xlarge', '--dry-run'], {
			configDir,
		});
		const byProfile = await runInProcess(
			['probe', '--provider', 'lab', '--lab-profile', 'aws/c8g.4xlarge', '--dry-run'],
			{
				configDir,
			},
		);
		expect(byShape.status).toBe(0);
		expect(byShape.stdout).toContain('Plan: lab aws/c8g.4xlarge');
		// The plan wraps at words to the width (80 here).
		expect(byShape.stdout.replaceAll(/\n\s*/g, ' ')).toMatch(
			/aws\/c8g\.4xlarge\/default x 0\.2, per-flow cap [\d.]+ Gbit, aggregate cap/,
		);
		expect(byShape.stdout).toBe(byProfile.stdout);
	});
});

describe('netplace probe refuses bad input in one line', () => {
	it.each([
		[['probe'], /--provider is required/],
		[['probe', '--provider', 'azure'], /unknown provider "azure"/],
		[['probe', '--provider', 'lab', '--placement', 'nearby'], /unknown placement "nearby"/],
		[['probe', '--provider', 'lab', '--streams', '0,x'], /--streams must be an integer/],
		[['probe', '--provider', 'lab', '--duration', '0'], /--duration must be an integer/],
		[['probe', '--provider', 'lab', '--repeat', '0'], /--repeat must be an integer/],
		[['probe', '--provider', 'lab', '--lab-scale', '2'], /--lab-scale must be a number above 0/],
		[['probe', '--provider', 'lab', '--aggregate-cap', '-3'], /--aggregate-cap must be a number from 0.01 to 10 Gbps/],
		[['probe', '--provider', 'lab', '--shape', 'nosuch.9xlarge'], /--shape "nosuch.9xlarge" is no catalogue shape/],
		[['probe', '--provider', 'aws', '--shape', 'c8g.4xlarge'], /--ssh-cidr is required/],
		[['probe', '--provider', 'aws', '--shape', 'c8g.4xlarge', '--ssh-cidr', '10.1.2.3'], /not an IPv4 or IPv6 CIDR/],
		[
			['probe', '--provider', 'gcp', '--shape', 'c4a-standard-16;id', '--ssh-cidr', '10.1.2.3/32'],
			/is not a valid GCP shape/,
		],
		[
			['probe', '--provider', 'aws', '--shape', 'c8g.4xlarge', '--ssh-cidr', '10.1.2.3/32'],
			/refusing to create billed aws resources without confirmation \(add --yes/,
		],
		[['cleanup'], /--provider is required/],
		[['cleanup', '--provider', 'azure'], /unknown provider "azure"/],
	])('%j', async (args, message) => {
		const result = await runInProcess(args, {configDir});
		expect(result.status).toBe(2);
		expect(result.stdout).toBe('');
		expect(lines(result.stderr)).toHaveLength(1);
		expect(result.stderr).toMatch(/^netplace: /);
		expect(result.stderr).toMatch(message);
	});
});

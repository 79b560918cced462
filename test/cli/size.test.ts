// `netplace size` as a user runs it: its command line, a private config folder, 80 columns.

import {rmSync} from 'node:fs';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {SizeAnswer} from '../../source/cli/size.js';
import {lines, tempConfigDir} from './helpers.js';
import {runInProcess} from './in-process.js';

let configDir: string;

beforeAll(() => {
	configDir = tempConfigDir();
});

afterAll(() => rmSync(configDir, {recursive: true, force: true}));

const size = async (args: readonly string[]) => await runInProcess(['size', ...args], {configDir});

describe('netplace size', () => {
	it('--json follows DESIGN.md: workload, meetsTarget, ranked configurations, closest', async () => {
		// ENA Express off: the cluster-group answer (with it, c8gn.4xlarge carries 49.63 Gbps at default
		// placement: AWS's 2026 list names it, since issue 36).
		const result = await size(['--cloud', 'aws', '--streams', '4', '--min-gbps', '30', '--no-ena-express', '--json']);
		expect(result.status).toBe(0);
		const answer = JSON.parse(result.stdout) as SizeAnswer;
		expect(answer).toMatchObject({
			workload: {cloud: 'aws', streams: 4, minGbps: 30, path: 'same-zone'},
			meetsTarget: true,
		});
		expect(answer.closest).toBeNull();
		const [first] = answer.configurations;
		expect(first).toMatchObject({
			rank: 1,
			cloud: 'aws',
			placement: 'cluster',
			meetsTarget: true,
			priceRegion: 'us-east-1',
		});
		expect(first?.predicted).toMatchObject({singleFlowGbps: 9.53, aggregateGbps: 38.12, bindingLimit: 'per-flow-cap'});
		expect(first?.predicted.basis.length).toBeGreaterThan(0);
		expect(first?.why).toContain('meets 30 Gbps');
	});

	it('text fits 80 columns and names shape, placement, figures, limit, footing, price and why', async () => {
		const result = await size(['--cloud', 'aws', '--streams', '4', '--min-gbps', '30', '--no-ena-express']);
		expect(result.status).toBe(0);
		for (const line of lines(result.stdout)) expect(line.length).toBeLessThanOrEqual(80);
		for (const text of [
			'shape: aws',
			'placement: cluster placement group',
			'single flow',
			'aggregate, 4 streams',
			'binding limit',
			'(us-east-1)',
			'per Gbps-hour',
			'why:',
			'modelled',
		]) {
			expect(result.stdout).toContain(text);
		}
	});

	it('nothing meeting the target is an answer: exit 0, said plainly, with what would be needed', async () => {
		const result = await size(['--cloud', 'aws', '--streams', '1', '--min-gbps', '30', '--max-pairs', '1']);
		expect(result.status).toBe(0);
		expect(result.stdout).toContain('Nothing reaches 30 Gbps with at most 1 stream');
		expect(result.stdout).toContain('more streams');
		const empty = await size(['--cloud', 'aws', '--min-vcpus', '4096', '--arch', 'arm64', '--json']);
		expect(empty.status).toBe(0);
		expect((JSON.parse(empty.stdout) as SizeAnswer).configurations).toEqual([]);
		// An empty answer names the constraints that emptied it and what lifting each alone gives.
		const text = (await size(['--cloud', 'aws', '--min-vcpus', '4096', '--arch', 'arm64'])).stdout;
		expect(text).toContain('Nothing fits --arch arm64 --min-vcpus 4096');
		expect(text).toMatch(/without --min-vcpus 4096: aws \S+, [\d.]+ Gbps/);
	});

	it('--shape and --path internet', async () => {
		const answer = JSON.parse(
			(await size(['--shape', 'm7i.8xlarge', '--streams', '8', '--path', 'internet', '--json'])).stdout,
		) as SizeAnswer;
		expect(new Set(answer.configurations.map((entry) => entry.shape))).toEqual(new Set(['m7i.8xlarge']));
		expect(answer.configurations.every((entry) => entry.predicted.bindingLimit === 'path-limit')).toBe(true);
		expect(answer.configurations[0]?.predicted.aggregateGbps).toBe(6.25);
	});

	it.each([
		[['--shape', 'm7i.8xlarg'], /^netplace: unknown shape "m7i\.8xlarg" \(did you mean m7i\.8xlarge/],
		[['--min-vcpus', '0'], /^netplace: .*--min-vcpus/],
		[['--path', 'moon'], /^netplace: .*--path/],
		[['--arch', 'sparc'], /^netplace: .*--arch/],
		[['--cloud', 'gcp', '--region', 'us-east-1'], /^netplace: us-east-1 is an AWS region, outside --cloud gcp/],
	])('bad input %j: one line, exit 2', async (args, message) => {
		const result = await size(args);
		expect(result.status).toBe(2);
		expect(result.stdout).toBe('');
		expect(lines(result.stderr)).toHaveLength(1);
		expect(result.stderr).toMatch(message);
	});
});

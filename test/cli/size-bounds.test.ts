// Issue 23 through the CLI: a figure known only as a lower bound is shown as one in text ("at least
// 15.5 Gbps"), JSON ({"atLeast": 15.5}) and Markdown; the interfaces a figure needs are said.

import {rmSync} from 'node:fs';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {SizeAnswer} from '../../source/cli/size.js';
import {tempConfigDir} from './helpers.js';
import {runInProcess} from './in-process.js';

let configDir: string;

beforeAll(() => {
	configDir = tempConfigDir();
});

afterAll(() => rmSync(configDir, {recursive: true, force: true}));

const cli = async (args: readonly string[]) => await runInProcess(args, {configDir});
const bareMetal = ['--cloud', 'oci', '--streams', '1', '--shape', 'BM.Standard.E4.128'];

describe('bounds shown as bounds', () => {
	it('size --json writes a bound as {"atLeast": N}, with footing bound, never named per-flow-cap', async () => {
		const result = await cli(['size', ...bareMetal, '--json']);
		expect(result.status).toBe(0);
		const answer = JSON.parse(result.stdout) as SizeAnswer;
		const [first] = answer.configurations;
		expect(first?.predicted).toMatchObject({
			singleFlowGbps: {atLeast: 15.5},
			aggregateGbps: {atLeast: 15.5},
			bindingLimit: 'flows',
			footing: {singleFlow: 'bound', aggregate: 'bound'},
		});
		expect(result.stdout).not.toContain('per-flow-cap');
	});

	it('advise --json carries the same bound in its configurations', async () => {
		const advice = JSON.parse((await cli(['advise', ...bareMetal, '--json'])).stdout) as SizeAnswer;
		expect(advice.configurations[0]?.predicted.singleFlowGbps).toEqual({atLeast: 15.5});
	});

	it('text and Markdown say "at least"', async () => {
		const text = (await cli(['size', ...bareMetal])).stdout;
		expect(text).toMatch(/single flow\s+at least 15\.5 Gbps\s+bound/);
		const markdown = (await cli(['advise', ...bareMetal, '--format', 'markdown'])).stdout;
		expect(markdown).toContain('- single flow: at least 15.5 Gbps  bound');
	});

	it('GCP one stream: a Tier_1 VM is at least 21.69 in JSON, text and Markdown, not the whole VM', async () => {
		const tier1 = ['--cloud', 'gcp', '--streams', '1', '--shape', 'c3-standard-176', '--tier1'];
		const answer = JSON.parse((await cli(['size', ...tier1, '--json'])).stdout) as SizeAnswer;
		expect(answer.configurations[0]?.predicted.singleFlowGbps).toEqual({atLeast: 21.69});
		expect((await cli(['size', ...tier1])).stdout).toMatch(/single flow\s+at least 21\.69 Gbps\s+bound/);
		const markdown = (await cli(['advise', ...tier1, '--format', 'markdown'])).stdout;
		expect(markdown).toContain('- single flow: at least 21.69 Gbps  bound');
		expect(markdown).toContain('- aggregate, 1 stream: at least 21.69 Gbps  bound');
		// The basis says why it is a bound, not a prediction.
		expect(markdown.replace(/\s+/g, ' ')).toContain('a lower bound, not a prediction');
	});

	it('c6in.32xlarge with 32 streams: 198.96 Gbps that needs 2 ENIs on separate network cards, said in text', async () => {
		const text = (await cli(['size', '--shape', 'c6in.32xlarge', '--streams', '32'])).stdout;
		expect(text).toContain('198.96 Gbps');
		expect(text).toMatch(/interfaces\s+needs 2 ENIs on separate network cards, 2 x 170 Gbps/);
	});
});

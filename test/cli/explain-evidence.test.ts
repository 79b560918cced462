// `netplace explain --save` keeps a test as evidence (issue 39): advise, size and table read it for its cell like a
// probe's, said as imported; explain itself never compares a file with its own saved figure; a test that is not
// the network's (a pod network) is kept but said not to be evidence; a saved file edited by hand is one warning.

import {readdirSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import type {ExplainAnswer} from '../../source/advice/explain-answer.js';
import type {BandwidthRow} from '../../source/domain/types.js';
import {lines, tempConfigDir} from './helpers.js';
import {runInProcess} from './in-process.js';

let configDir: string;
beforeEach(() => {
	configDir = tempConfigDir();
});
afterEach(() => rmSync(configDir, {recursive: true, force: true}));

const run = async (...args: string[]) => runInProcess(args, {configDir});
const capped = ['test/fixtures/iperf3/capped-1g-p1.json', 'test/fixtures/iperf3/capped-1g-p8.json'];
const onC5n = ['--shape', 'c5n.9xlarge', '--placement', 'default'];

describe('explain --save as evidence', () => {
	it('advise, size and table read the saved tests for their cell, footed imported', async () => {
		const before = JSON.parse((await run('explain', ...capped, ...onC5n, '--json')).stdout) as ExplainAnswer;
		const saved = await run('explain', ...capped, ...onC5n, '--save');
		expect(saved.status).toBe(0);
		expect(saved.stdout).toContain(
			'evidence for aws c5n.9xlarge default: 0.91 Gbps, one flow, footed imported (advise, size and the wizard read it)',
		);
		expect(saved.stdout).toContain('evidence for aws c5n.9xlarge default: 0.89 Gbps, 8 streams, footed imported');

		const rows = JSON.parse((await run('table', '--cloud', 'aws', '--json')).stdout) as BandwidthRow[];
		expect(rows.find((row) => row.source === 'imported')).toMatchObject({
			shape: 'c5n.9xlarge',
			placement: 'default',
			singleFlowGbps: expect.closeTo(0.907, 3),
			aggregateGbps: expect.closeTo(0.894, 3),
			streams: 8,
		});
		const size = await run('size', '--cloud', 'aws', ...onC5n, '--json');
		const [pick] = (
			JSON.parse(size.stdout) as {configurations: {predicted: {singleFlowGbps: number; basis: string[]}}[]}
		).configurations;
		expect(pick?.predicted.singleFlowGbps).toBe(0.91);
		expect(pick?.predicted.basis.join('\n')).toMatch(
			/one flow 0\.91 Gbps, measured by a test run elsewhere \(netplace explain --save\) \(one sample, imported im-[a-z0-9-]+, region unknown\)/,
		);
		const advise = await run('advise', '--cloud', 'aws', ...onC5n);
		expect(advise.stdout).toMatch(/Imported measurements stand for aws c5n\.9xlarge default \(im-/);
		expect(advise.stdout).toMatch(/c5n\.9xlarge\s+default\s+imp\s+0\.91\s+0\.89/);

		// The model beside the file is the same after the save: a file is never compared with its own figure.
		const after = JSON.parse((await run('explain', ...capped, ...onC5n, '--json')).stdout) as ExplainAnswer;
		expect(after.tests.map((test) => test.prediction)).toEqual(before.tests.map((test) => test.prediction));
		expect(after.tests[0]?.prediction?.singleFlowGbps).not.toBe(0.91);
	});

	it('a pod-network k8s-netperf test is kept but is not evidence, and says why', async () => {
		const saved = await run('explain', 'test/fixtures/explain/k8s-netperf-m5-8xlarge.json', '--save');
		expect(saved.stdout).toContain(
			"not evidence for advise or size: it ran through the pod network, not the instances' own network",
		);
		const rows = JSON.parse((await run('table', '--cloud', 'aws', '--json')).stdout) as BandwidthRow[];
		expect(rows.some((row) => row.source === 'imported')).toBe(false);
	});

	it('a saved file edited by hand is one warning line, and no figure', async () => {
		await run('explain', capped[0]!, ...onC5n, '--save');
		const [name] = readdirSync(join(configDir, 'imported'));
		writeFileSync(
			join(configDir, 'imported', name!),
			JSON.stringify({
				version: 1,
				savedAt: '2026-12-01T10:00:00.000Z',
				attribution: {limit: 'none-known'},
				configuration: null,
				test: {gbps: 'fast'},
			}),
		);
		const table = await run('table', '--cloud', 'aws', '--json');
		expect(table.status).toBe(0);
		expect(lines(table.stderr)).toEqual([
			expect.stringMatching(
				/^netplace: warning: imported im-[a-z0-9-]+: its test's figures are missing or not numbers \(.*\); not read as evidence$/,
			),
		]);
		expect((JSON.parse(table.stdout) as BandwidthRow[]).some((row) => row.source === 'imported')).toBe(false);
	});
});

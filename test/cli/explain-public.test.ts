// `netplace explain` on three outputs published by others (issue 39; sources in test/fixtures/README.md): each
// names the limit its own figures show, with the model beside it where the source names the shape.
import {rmSync} from 'node:fs';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import type {ExplainAnswer} from '../../source/advice/explain-answer.js';
import {tempConfigDir} from './helpers.js';
import {runInProcess} from './in-process.js';

let configDir: string;
beforeEach(() => {
	configDir = tempConfigDir();
});
afterEach(() => rmSync(configDir, {recursive: true, force: true}));

const explained = async (...args: string[]) => {
	const run = await runInProcess(['explain', ...args, '--json'], {configDir});
	expect(run.stderr).toBe('');
	const [test] = (JSON.parse(run.stdout) as ExplainAnswer).tests;
	return test!;
};

describe('explain on published outputs', () => {
	it('GCP europe-west2 to IBM Sydney over the internet (iperf 3.9): loss, 2.8% of the segments retransmitted', async () => {
		const test = await explained(
			'test/fixtures/public/cloudpilot-gcp-ibm-loss.json',
			'--shape',
			'e2-medium',
			'--path',
			'internet',
		);
		expect(test.attribution.limit).toBe('loss');
		expect(test.attribution.evidence[0]).toBe('1308 retransmits: 2.8% of the segments carried (loss-heavy from 1%)');
		expect(test.attribution.evidence.at(-1)).toMatch(/^congestion control cubic/);
		expect(test.test.gbps).toBeCloseTo(0.0536, 4);
		expect(test.prediction?.bindingLimit).toBe('window');
	});

	it("AWS eu-west-2 to us-west-2 (iperf 3.6, 200 MB): the hosts' default window over 127 ms, 95% of the model", async () => {
		const test = await explained(
			'test/fixtures/public/cloudpilot-aws-cross-region-window.json',
			'--shape',
			'm5.large',
			'--path',
			'cross-region',
		);
		expect(test.attribution.limit).toBe('window');
		expect(test.attribution.footing).toBe('modelled');
		expect(test.attribution.evidence).toEqual([
			"measured 0.12 Gbps, 95% of the model's 0.13 Gbps",
			'one flow at most window 0.5 x 4 MiB (tcp_wmem max) = 2 MiB / 126.556 ms = 0.13 Gbps (binds)',
		]);
		expect(test.next).toMatch(/^tune the hosts: buffers of 152 MiB/);
	});

	it('a loopback run (iperf 3.9): CPU, the client at 99.5% of its one core', async () => {
		const test = await explained('test/fixtures/public/openwisp-loopback-cpu.json');
		expect(test.attribution.limit).toBe('cpu');
		expect(test.attribution.evidence[0]).toBe('client iperf3 at 99% of the 100% it can use (CPU-bound from 75%)');
		expect(test.test.gbps).toBeCloseTo(44.04, 2);
	});
});

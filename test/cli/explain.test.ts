// `netplace explain` (issue 39) on the suite's real outputs and the composed ones, through the command line: the
// limit named, the prediction beside the measurement, the next step; --json; --save keeping each test footed
// `imported` and saying what it does not replace; a file it cannot read refused in one line, exit 2, nothing kept.
import {existsSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import type {ExplainAnswer} from '../../source/advice/explain-answer.js';
import {lines, tempConfigDir} from './helpers.js';
import {runInProcess} from './in-process.js';

let configDir: string;
beforeEach(() => {
	configDir = tempConfigDir();
});
afterEach(() => rmSync(configDir, {recursive: true, force: true}));

const fixture = (path: string): string => join('test/fixtures', path);
const explain = async (...args: string[]) => runInProcess(['explain', ...args], {configDir});
const answerOf = async (...args: string[]): Promise<ExplainAnswer> => {
	const run = await explain(...args, '--json');
	expect(run.stderr).toBe('');
	return JSON.parse(run.stdout) as ExplainAnswer;
};

describe('netplace explain on public and recorded outputs', () => {
	it('iperf3 3.16 on loopback (published): CPU, by the probe rule', async () => {
		const run = await explain(fixture('iperf3/v3.16-loopback-p1.json'));
		expect(run.status).toBe(0);
		expect(run.stdout).toContain('limit      CPU: the test measured its host (measured)');
		expect(run.stdout).toContain('client iperf3 at 103% of the 100% it can use (CPU-bound from 75%)');
	});

	it("k8s-netperf on m5.8xlarge nodes: one flow at AWS's documented cap, beside the model's 4.96 Gbps", async () => {
		const answer = await answerOf(fixture('explain/k8s-netperf-m5-8xlarge.json'));
		const [one, eight] = answer.tests;
		expect(one?.configuration).toMatchObject({cloud: 'aws', shape: 'm5.8xlarge', placement: 'default'});
		expect(one?.prediction?.singleFlowGbps).toBe(4.96);
		expect(one?.attribution.limit).toBe('per-flow-cap');
		expect(one?.next).toMatch(/^a cluster placement group: one flow 5 -> 10 Gbps/);
		expect(eight?.attribution.limit).toBe('instance');
		expect(eight?.prediction?.aggregateGbps).toBeGreaterThan(9);
	});

	it('1 and 8 streams under one 1 Gbit class: a shared (aggregate) cap, from the two files together', async () => {
		const run = await explain(fixture('iperf3/capped-1g-p1.json'), fixture('iperf3/capped-1g-p8.json'));
		expect(run.status).toBe(0);
		const limits = lines(run.stdout).filter((line) => line.startsWith('  limit'));
		expect(limits).toEqual([
			'  limit      the aggregate (instance) cap (measured)',
			'  limit      the aggregate (instance) cap (measured)',
		]);
		expect(run.stdout).toContain('1 stream 0.91 Gbps, 8 streams 0.89 Gbps (0.99x)');
	});

	it('a given shape and path put the prediction beside the measurement, with its footing', async () => {
		const answer = await answerOf(
			fixture('iperf3/v3.9-gcp-ibm-p1.json'),
			'--shape',
			'n2-standard-4',
			'--path',
			'internet',
		);
		const [test] = answer.tests;
		expect(test?.configuration).toMatchObject({cloud: 'gcp', shape: 'n2-standard-4', path: 'internet'});
		expect(test?.prediction).not.toBeNull();
		expect(test?.prediction?.footing.singleFlow).toMatch(/measured|documented|modelled|bound|unknown/);
	});

	it('a failed test is said with its error, exit 0', async () => {
		const run = await explain(fixture('iperf3/connection-refused.json'));
		expect(run.status).toBe(0);
		expect(run.stdout).toContain('the test failed: unable to connect to server: Connection refused');
	});
});

describe('--save', () => {
	it('keeps each test footed imported, and says a netplace result is evidence already', async () => {
		const run = await explain('--save', fixture('probe-runs/lab-clean-sweep.json'));
		expect(run.status).toBe(0);
		const saved = readdirSync(join(configDir, 'imported'));
		expect(saved).toHaveLength(5);
		const entry = JSON.parse(readFileSync(join(configDir, 'imported', saved[0]!), 'utf8'));
		expect(entry).toMatchObject({version: 1, footing: 'imported', test: {format: 'netplace', streams: 1}});
		expect(run.stdout).toContain('it is a netplace result: its figures are evidence already (results store)');
	});
});

describe('files it refuses', () => {
	it('one line on stderr naming the file, exit 2, nothing printed or kept', async () => {
		const bad = join(configDir, 'cut.json');
		writeFileSync(bad, readFileSync(fixture('iperf3/capped-1g-p1.json'), 'utf8').slice(0, 900));
		const run = await explain(fixture('iperf3/capped-1g-p1.json'), bad, '--save');
		expect(run.status).toBe(2);
		expect(run.stdout).toBe('');
		expect(lines(run.stderr)).toHaveLength(1);
		expect(run.stderr).toContain(`explain: ${bad}: not valid JSON (truncated`);
		expect(existsSync(join(configDir, 'imported'))).toBe(false);
	});

	it('no FILE, an unknown shape, a flag explain does not take: exit 2', async () => {
		expect((await explain()).stderr).toMatch(/explain needs a FILE/);
		const shape = await explain(fixture('iperf3/capped-1g-p1.json'), '--shape', 'm5.huge');
		expect(shape.status).toBe(2);
		expect(shape.stderr).toMatch(/unknown shape "m5.huge"/);
		expect((await explain(fixture('iperf3/capped-1g-p1.json'), '--streams', '4')).stderr).toMatch(
			/netplace explain does not take --streams/,
		);
	});
});

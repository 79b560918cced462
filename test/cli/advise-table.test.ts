import {describe, expect, it} from 'vitest';
import type {Advice, BandwidthRow} from '../../source/domain/types.js';
import {defaultWorkload, stepOrder} from '../../source/domain/types.js';
import {configDirForFile, lines} from './helpers.js';
import {runInProcess} from './in-process.js';

const configDir = configDirForFile();

const verdicts = ['do', 'consider', 'avoid', 'not-needed', 'satisfied'];
const kinds = ['base-and-peak', 'peak-over-baseline', 'per-ocpu', 'derived-per-vcpu', 'lab-cap', 'measured-only'];
const rowKeys = [
	'cloud',
	'shape',
	'placement',
	'region',
	'singleFlowGbps',
	'aggregateGbps',
	'streams',
	'publishedGbps',
	'publishedKind',
	'percentOfPublished',
	'singleToAggregate',
	'rttMs',
	'jitterMs',
	'pricePerHour',
	'source',
	'samples',
];

async function adviseJson(args: readonly string[]): Promise<Advice> {
	const result = await runInProcess(['advise', ...args, '--json'], {configDir: configDir()});
	expect(result.stderr).toBe('');
	expect(result.status).toBe(0);
	return JSON.parse(result.stdout) as Advice;
}

function checkRow(row: BandwidthRow): void {
	for (const key of rowKeys) expect(row).toHaveProperty(key);
	expect(kinds).toContain(row.publishedKind);
	const best = Math.max(row.singleFlowGbps ?? 0, row.aggregateGbps ?? 0);
	if (row.publishedGbps !== null && row.percentOfPublished !== null) {
		expect(row.percentOfPublished).toBeCloseTo((best / row.publishedGbps) * 100, 1);
	}
}

describe('netplace advise --json', () => {
	it("has DESIGN.md's shape: workload, ranked steps in decision order, notes, bandwidth rows", async () => {
		const advice = await adviseJson(['--cloud', 'aws', '--streams', '1', '--fault-isolation']);
		expect(advice.workload).toEqual({...defaultWorkload, cloud: 'aws', streams: 1, faultIsolation: true});
		const ids = advice.steps.map((step) => step.id);
		// Issue 24: what-ifs on the card's configuration (spread, for isolation), streams first. No ENA Express
		// step since issue 36: AWS's 2026 pages say c8gn.medium has none (it was unknown before).
		expect(ids).toEqual(['parallelise', 'spread-placement', 'cluster-placement', 'network-optimised-shape']);
		expect(advice.steps.map((step) => step.rank)).toEqual([1, 2, 3, 4]);
		expect(advice.steps.find((step) => step.id === 'spread-placement')?.verdict).toBe('do');
		expect(advice.steps.find((step) => step.id === 'cluster-placement')?.verdict).toBe('avoid');
		expect(advice.configurations.length).toBeGreaterThan(0);
		// Fault isolation on AWS: spread, or a partition group (each partition on its own racks).
		expect(advice.configurations.every((entry) => ['spread', 'partition'].includes(entry.placement))).toBe(true);
		for (const step of advice.steps) {
			expect(verdicts).toContain(step.verdict);
			expect(step.title.length).toBeGreaterThan(0);
			expect(step.why.length).toBeGreaterThan(0);
			for (const figure of step.evidence) {
				expect(figure).toMatchObject({cloud: 'aws', source: 'reference'});
				expect(typeof figure.shape).toBe('string');
				expect(['default', 'cluster', 'spread', 'collocated']).toContain(figure.placement);
			}
		}

		const spread = advice.steps.find((step) => step.id === 'spread-placement')?.evidence ?? [];
		expect(spread).toContainEqual(expect.objectContaining({placement: 'spread', streams: 1, gbps: 4.96}));
		expect(advice.notes.map((note) => note.id)).toContain('one-sample-per-cell');
		expect(advice.bandwidth.length).toBeGreaterThan(0);
		for (const row of advice.bandwidth) {
			expect(row.cloud).toBe('aws');
			checkRow(row);
		}
	});

	it("keeps the study's order for any cloud and leaves out steps that do not apply", async () => {
		const advice = await adviseJson(['--latency-sensitive', '--streams', '64', '--sustained']);
		const ids = advice.steps.map((step) => step.id);
		expect(ids).toEqual([...ids].sort((a, b) => stepOrder.indexOf(a) - stepOrder.indexOf(b)));
		expect(ids).not.toContain('spread-placement');
		expect(advice.steps[0]?.id).toBe('parallelise');
		// Only the card's cloud's levers: no step about a cloud the recommendation is not on.
		const cloud = advice.configurations[0]?.cloud;
		expect(ids).not.toContain(cloud === 'aws' ? 'collocate' : 'cluster-placement');
		expect(advice.notes.map((note) => note.id)).toContain('c8g-burst-held');
	});

	it('says parallelising is not needed when only GCP is in scope', async () => {
		const advice = await adviseJson(['--cloud', 'gcp']);
		expect(advice.steps.find((step) => step.id === 'parallelise')?.verdict).toBe('not-needed');
		expect(advice.steps.map((step) => step.id)).not.toContain('cluster-placement');
		expect(new Set(advice.bandwidth.map((row) => row.cloud))).toEqual(new Set(['gcp']));
	});
});

describe('netplace table --json', () => {
	it("gives one row per cloud, shape, placement and source with DESIGN.md's fields", async () => {
		const result = await runInProcess(['table', '--json'], {configDir: configDir()});
		expect(result.status).toBe(0);
		const rows = JSON.parse(result.stdout) as BandwidthRow[];
		expect(new Set(rows.map((row) => row.cloud))).toEqual(new Set(['aws', 'gcp', 'oci']));
		for (const row of rows) checkRow(row);
		const cluster = rows.find((row) => row.shape === 'c8gn.4xlarge' && row.placement === 'cluster');
		expect(cluster).toMatchObject({
			aggregateGbps: 49.74,
			publishedGbps: 50,
			publishedKind: 'base-and-peak',
			percentOfPublished: 99.5,
		});
		const keys = rows.map((row) => `${row.cloud}/${row.shape}/${row.placement}/${row.source}`);
		expect(new Set(keys).size).toBe(keys.length);
	});

	it('filters by --cloud', async () => {
		const rows = JSON.parse(
			(await runInProcess(['table', '--cloud', 'oci', '--json'], {configDir: configDir()})).stdout,
		) as BandwidthRow[];
		expect(rows.length).toBeGreaterThan(0);
		expect(rows.every((row) => row.cloud === 'oci')).toBe(true);
	});
});

describe('text output', () => {
	it('advise prints verdicts, why, evidence, notes and the table without ANSI under NO_COLOR', async () => {
		// A transfer inside the burst window, as the study's runs: the study's own cluster step.
		const result = await runInProcess(['advise', '--cloud', 'aws', '--within', '5m'], {configDir: configDir()});
		expect(result.status).toBe(0);
		expect(result.stdout).toMatch(/ 1\. (NOT NEEDED|SATISFIED|CONSIDER)\s+parallel streams: /);
		expect(result.stdout).toMatch(/ 2\. DO\s+cluster placement group: one flow 4\.96 → 9\.53 Gbps \(1\.92×\)/);
		expect(result.stdout).toContain('4.96 Gbps, 1 stream, aws c8g.4xlarge default (one sample, us-west-2)');
		expect(result.stdout).toContain('Notes');
		expect(result.stdout).toContain('Measured versus published bandwidth');
		expect(result.stdout).not.toContain('\u001B[');
	});

	for (const width of [80, 60]) {
		it(`table fits ${width} columns and keeps the key figures`, async () => {
			const result = await runInProcess(['table'], {configDir: configDir(), env: {COLUMNS: String(width)}});
			expect(result.status).toBe(0);
			const output = lines(result.stdout);
			expect(Math.max(...output.map((line) => line.length))).toBeLessThanOrEqual(width);
			for (const text of ['c8gn.4xlarge', '49.74', '99.5', 'GCP', 'OCI']) expect(result.stdout).toContain(text);
		});
	}

	it('table at 80 columns shows the bar of measured against published', async () => {
		const result = await runInProcess(['table', '--cloud', 'aws'], {configDir: configDir(), env: {COLUMNS: '80'}});
		expect(result.stdout).toMatch(/c8gn\.4xlarge\s+default\s.*base\+peak\s+79\.4 ######--/);
	});
});

describe('advise as text: what to buy above the decision order', () => {
	it('the card of the top configuration comes before the steps, and profiles show keeps it', async () => {
		const args = ['--cloud', 'aws', '--streams', '4', '--min-gbps', '30'];
		const json = JSON.parse(
			(await runInProcess(['advise', '--json', ...args], {configDir: configDir()})).stdout,
		) as Advice;
		const top = json.configurations[0];
		if (top === undefined) throw new Error('advise ranked nothing');
		const text = (
			await runInProcess(['advise', ...args, '--save', 'card-kept'], {
				configDir: configDir(),
				env: {COLUMNS: '100'},
			})
		).stdout;
		const card = text.indexOf(`shape: ${top.cloud} ${top.shape}`);
		expect(card).toBeGreaterThan(0);
		expect(card).toBeLessThan(text.indexOf('Recommended decision order'));
		expect(text).toContain(`streams to open: ${String(top.streams)}`);
		const shown = (
			await runInProcess(['profiles', 'show', 'card-kept'], {configDir: configDir(), env: {COLUMNS: '100'}})
		).stdout;
		expect(shown.indexOf(`shape: ${top.cloud} ${top.shape}`)).toBeGreaterThan(0);
		expect(shown.indexOf(`shape: ${top.cloud} ${top.shape}`)).toBeLessThan(shown.indexOf('Recommended decision order'));
	});
});

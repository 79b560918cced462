// probeCommand and cleanupCommand in-process, with a fake provider: output, exit codes, saving, dry runs.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {cleanupCommand} from '../../source/cli/cleanup.js';
import {probeCommand} from '../../source/cli/probe.js';
import {listProbeRuns} from '../../source/probe/probe-results.js';
import type {ProbeRun} from '../../source/probe/types.js';
import {cliFlags} from './cli-flags.js';
import {createFakeProvider, type FakeProvider} from './fake-provider.js';
import {fixture} from './fixtures.js';

let dir: string;
let stdout: string;
let stderr: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'np-commands-'));
	process.env['NETPLACE_CONFIG_DIR'] = dir;
	stdout = '';
	stderr = '';
	vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
		stdout += String(chunk);
		return true;
	});
	vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
		stderr += String(chunk);
		return true;
	});
});
afterEach(() => {
	vi.restoreAllMocks();
	delete process.env['NETPLACE_CONFIG_DIR'];
	rmSync(dir, {recursive: true, force: true});
});

const lab = {provider: 'lab', flowCap: '1', aggregateCap: '3', duration: '2'};
const loader = (provider: FakeProvider) => async () => provider;

describe('probeCommand', () => {
	it('prints the run as JSON, saves it, and exits 0', async () => {
		const provider = createFakeProvider();
		const code = await probeCommand(cliFlags({...lab, json: true}), loader(provider));
		expect(code).toBe(0);
		const run = JSON.parse(stdout) as ProbeRun;
		expect(run.pairs[0]?.results.map((result) => result.streams)).toEqual([1, 8]);
		expect(listProbeRuns().map((entry) => entry.run.runId)).toEqual([run.runId]);
		expect(listProbeRuns()[0]?.target?.lab).toEqual({flowCapGbps: 1, aggregateCapGbps: 3});
		expect(stderr).toContain('teardown: complete, nothing left');
	});

	it('prints the result table and the advice as text', async () => {
		const iperf3 = (streams: number) =>
			fixture(streams === 1 ? 'iperf3/capped-1g-p1.json' : 'iperf3/capped-1g-p8.json');
		const code = await probeCommand(cliFlags(lab), loader(createFakeProvider({iperf3})));
		expect(code).toBe(0);
		expect(stdout).toMatch(/^Probe np-/);
		expect(stdout).toContain('per-flow ceiling: one flow gets');
		expect(stdout).toContain('Recommended decision order with these measurements (lab, 1 stream)');
	});

	it('exits 1 when an iperf3 test failed, naming the error', async () => {
		const provider = createFakeProvider({
			iperf3: (streams) => fixture(streams === 8 ? 'iperf3/server-terminated.json' : 'iperf3/success-p1.json'),
		});
		const code = await probeCommand(cliFlags({...lab, json: true}), loader(provider));
		expect(code).toBe(1);
		expect(stderr).toContain('[default] 8 streams: FAILED: the server has terminated');
		expect(stderr).toContain('netplace: the probe had 1 failed step(s): default: 8 streams: the server has terminated');
		expect((JSON.parse(stdout) as ProbeRun).failed).toBe(true);
	});

	it('exits 1 and lists the delete commands when teardown left something', async () => {
		const left = [{kind: 'namespace', id: 'np-x-0-srv', deleteCommand: 'ip netns del np-x-0-srv', error: 'busy'}];
		const code = await probeCommand(cliFlags(lab), loader(createFakeProvider({teardown: {complete: false, left}})));
		expect(code).toBe(1);
		expect(stderr).toContain('  namespace np-x-0-srv (busy): ip netns del np-x-0-srv');
	});

	it('--dry-run prints the plan and creates nothing', async () => {
		const provider = createFakeProvider();
		const code = await probeCommand(cliFlags({...lab, dryRun: true}), loader(provider));
		expect(code).toBe(0);
		expect(provider.calls).toEqual([expect.stringMatching(/^plan \d+$/)]);
		expect(stdout).toContain('Dry run: nothing was created.');
		expect(listProbeRuns()).toEqual([]);
	});

	it('throws the provisioning error after teardown', async () => {
		const provider = createFakeProvider({provisionError: new Error('the lab needs root')});
		await expect(probeCommand(cliFlags(lab), loader(provider))).rejects.toThrow('the lab needs root');
		expect(provider.calls.at(-1)).toMatch(/^teardown np-/);
		expect(listProbeRuns()).toEqual([]);
	});
});

describe('cleanupCommand', () => {
	const orphans = [
		{kind: 'namespace', id: 'np-old-0-srv', runId: 'np-old', deleteCommand: 'ip netns del np-old-0-srv'},
		{kind: 'process', id: '4242', runId: 'np-old', deleteCommand: 'kill 4242'},
	];

	it('lists orphans and deletes nothing without --yes', async () => {
		const provider = createFakeProvider({orphans});
		expect(await cleanupCommand(cliFlags({provider: 'lab'}), loader(provider))).toBe(0);
		expect(stdout).toContain('2 resource(s) left behind by earlier lab runs:');
		expect(stdout).toContain('  namespace np-old-0-srv (run np-old): ip netns del np-old-0-srv');
		expect(stdout).toContain('run again with --yes to delete them');
		expect(provider.calls).toEqual(['findOrphans']);
	});

	it('deletes them with --yes, and exits 1 when something is left', async () => {
		const clean = createFakeProvider({orphans});
		expect(await cleanupCommand(cliFlags({provider: 'lab', yes: true}), loader(clean))).toBe(0);
		expect(clean.calls).toEqual(['findOrphans', 'deleteOrphans np-old-0-srv,4242']);
		expect(stdout).toContain('cleanup: complete, nothing left');

		const stuck = createFakeProvider({
			orphans,
			deleteReport: {complete: false, left: [{kind: 'process', id: '4242', deleteCommand: 'kill -9 4242'}]},
		});
		expect(await cleanupCommand(cliFlags({provider: 'lab', yes: true}), loader(stuck))).toBe(1);
		expect(stdout).toContain('  process 4242: kill -9 4242');
	});

	it('says when there is nothing to clean', async () => {
		expect(await cleanupCommand(cliFlags({provider: 'lab'}), loader(createFakeProvider()))).toBe(0);
		expect(stdout).toBe('nothing left behind by netplace on lab\n');
	});
});

// The one probe session: the same plan for `probe --dry-run` (the CLI) and the session API the probe screen
// uses; output before saving; a refused save says where the figures are; Ctrl-C after finished tests keeps them
// as a partial run that is never evidence.
import {execFileSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {probeCommand} from '../../source/cli/probe.js';
import {listStoredRuns} from '../../source/probe/probe-results.js';
import {evidenceOf, fallbackPath, keepRun, planProbe} from '../../source/probe/probe-session.js';
import type {ProbeRun} from '../../source/probe/types.js';
import {createAwsProvider} from '../../source/providers/aws/index.js';
import {buildProbeRequest} from '../../source/request/probe-request.js';
import {loadEvidence} from '../../source/session/load-evidence.js';
import {tempConfigDir} from '../cli/helpers.js';
import {runInProcess} from '../cli/in-process.js';
import {cliFlags} from './cli-flags.js';
import {createFakeProvider} from './fake-provider.js';

let dir: string;
let stdout: string;
let stderr: string;
const writes: string[] = [];
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'np-session-'));
	process.env['NETPLACE_CONFIG_DIR'] = dir;
	stdout = '';
	stderr = '';
	writes.length = 0;
	vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
		stdout += String(chunk);
		writes.push(`stdout:${String(chunk).slice(0, 20)}`);
		return true;
	});
	vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
		stderr += String(chunk);
		writes.push(`stderr:${String(chunk)}`);
		return true;
	});
});
afterEach(() => {
	vi.restoreAllMocks();
	delete process.env['NETPLACE_CONFIG_DIR'];
	rmSync(dir, {recursive: true, force: true});
});

const lab = {provider: 'lab', flowCap: '1', aggregateCap: '3', duration: '2'};

describe('one plan for both faces', () => {
	it('AWS c8gn.4xlarge x default,cluster,spread: probe --dry-run and the session API give one hold time and cost', async () => {
		const args = ['--shape', 'c8gn.4xlarge', '--region', 'us-west-2', '--placement', 'default,cluster,spread'];
		const configDir = tempConfigDir();
		const cli = await runInProcess(
			['probe', '--provider', 'aws', ...args, '--ssh-cidr', '198.51.100.7/32', '--dry-run', '--json'],
			{
				configDir,
				env: {AWS_ACCESS_KEY_ID: '', AWS_PROFILE: 'netplace-no-such-profile', AWS_CONFIG_FILE: '/nonexistent'},
			},
		);
		rmSync(configDir, {recursive: true, force: true});
		vi.restoreAllMocks();
		expect(cli.status).toBe(0);
		const dry = JSON.parse(cli.stdout) as {
			plan: {holdSeconds: number; instances: number; estimatedCostUsd: number | null; pricePerHour: number | null};
		};
		// What the probe screen does: its form values through the one builder, then the session's plan.
		const request = buildProbeRequest({
			provider: 'aws',
			shape: 'c8gn.4xlarge',
			region: 'us-west-2',
			placements: 'default,cluster,spread',
			sshCidr: '198.51.100.7/32',
			streams: '1,8',
			duration: '20',
			repeat: '1',
		});
		const plan = await planProbe(createAwsProvider({region: 'us-west-2'}), request);
		expect(plan.holdSeconds).toBe(dry.plan.holdSeconds);
		expect(plan.costUsd).toBe(dry.plan.estimatedCostUsd);
		expect(plan.estimate.instances).toBe(6);
		// 3 pairs x (2 tests x 21 s + 1 s of ping) + 15 steps x 5 s = 204 s; 6 instances -> 0.34 instance-hours.
		expect(plan.holdSeconds).toBe(204);
		expect(plan.instanceHours).toBe(0.34);
		expect(plan.billed).toBe(true);
		if (dry.plan.pricePerHour !== null) {
			expect(plan.costUsd).toBeCloseTo(dry.plan.pricePerHour * 0.34, 4);
		}
	});
});

describe('probe output first, and the save policy', () => {
	it('prints the figures before saving, and a refused save says where they are (exit 1)', async () => {
		// A store that cannot exist: its folder would be under a regular file.
		const blocker = join(dir, 'not-a-folder');
		writeFileSync(blocker, '');
		process.env['NETPLACE_CONFIG_DIR'] = join(blocker, 'config');
		const code = await probeCommand(cliFlags({...lab, json: true}), async () => createFakeProvider());
		expect(code).toBe(1);
		const run = JSON.parse(stdout) as ProbeRun;
		expect(run.pairs[0]?.results.map((result) => result.streams)).toEqual([1, 8]);
		const copy = fallbackPath(run);
		expect(stderr).toContain(`netplace: the run ${run.runId} was not saved (`);
		expect(stderr).toContain(`its figures are in ${copy} (and in the output above)`);
		expect(JSON.parse(readFileSync(copy, 'utf8')).run.runId).toBe(run.runId);
		const firstOut = writes.findIndex((write) => write.startsWith('stdout:'));
		const notSaved = writes.findIndex((write) => write.includes('was not saved'));
		expect(firstOut).toBeGreaterThanOrEqual(0);
		expect(firstOut).toBeLessThan(notSaved);
		rmSync(copy, {force: true});
	});

	it('an immutable results folder (chattr +i): the figures are printed, the copy is named, nothing stored is lost', async () => {
		expect(await probeCommand(cliFlags({...lab, json: true}), async () => createFakeProvider())).toBe(0);
		const first = JSON.parse(stdout) as ProbeRun;
		const folder = join(dir, 'results');
		const kept = readFileSync(join(folder, `${first.runId}.json`), 'utf8');
		stdout = '';
		execFileSync('chattr', ['+i', folder]);
		try {
			expect(await probeCommand(cliFlags({...lab, json: true}), async () => createFakeProvider())).toBe(1);
		} finally {
			execFileSync('chattr', ['-i', folder]);
		}

		const run = JSON.parse(stdout) as ProbeRun;
		expect(run.runId).not.toBe(first.runId);
		expect(run.pairs[0]?.results.map((result) => result.streams)).toEqual([1, 8]);
		const copy = fallbackPath(run);
		expect(stderr).toContain(`netplace: the run ${run.runId} was not saved (cannot save to ${join(folder, run.runId)}`);
		expect(stderr).toContain('operation not permitted');
		expect(stderr).toContain(`its figures are in ${copy}`);
		expect(JSON.parse(readFileSync(copy, 'utf8')).run.pairs).toEqual(run.pairs);
		expect(readFileSync(join(folder, `${first.runId}.json`), 'utf8')).toBe(kept);
		expect(listStoredRuns().runs.map((entry) => entry.id)).toEqual([first.runId]);
		rmSync(copy, {force: true});
	});

	it('Ctrl-C after the 1-stream test: prints it, keeps it as a partial run, exit 130, never evidence', async () => {
		const provider = createFakeProvider({
			onExec: (argv) => {
				if (argv.includes('-P') && argv[argv.indexOf('-P') + 1] === '8') process.emit('SIGINT', 'SIGINT');
			},
		});
		const failure = await probeCommand(cliFlags({...lab, json: true}), async () => provider).catch(
			(error: unknown) => error,
		);
		expect((failure as {exitCode?: number}).exitCode).toBe(130);
		expect((failure as Error).message).toMatch(/the finished tests are kept as partial run np-/);
		const run = JSON.parse(stdout) as ProbeRun;
		expect(run.partial).toBe(true);
		expect(run.pairs[0]?.results.map((result) => result.streams)).toEqual([1]);
		const stored = listStoredRuns().runs;
		expect(stored.map((entry) => [entry.id, entry.status])).toEqual([[run.runId, 'partial']]);
		expect(evidenceOf(run)).toEqual([]);
		const evidence = await loadEvidence();
		expect(evidence.measurements.filter((measurement) => measurement.source === 'probe')).toEqual([]);
		expect(provider.calls.at(-1)).toMatch(/^teardown np-/);
	});

	it('a complete run is saved and becomes evidence; a run with no figure keeps nothing', async () => {
		const code = await probeCommand(cliFlags({...lab, json: true}), async () => createFakeProvider());
		expect(code).toBe(0);
		const run = JSON.parse(stdout) as ProbeRun;
		expect(run.partial).toBe(false);
		expect(listStoredRuns().runs.map((entry) => entry.status)).toEqual(['complete']);
		expect((await loadEvidence()).measurements.some((measurement) => measurement.runId === run.runId)).toBe(true);
		const empty: ProbeRun = {...run, runId: 'np-empty', pairs: []};
		expect(await keepRun(empty, {shape: 'custom', placements: ['default']})).toEqual({kind: 'nothing'});
		expect(existsSync(fallbackPath(empty))).toBe(false);
	});
});

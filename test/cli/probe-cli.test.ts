// The BUILT CLI (`node dist/cli.cjs`, after `npm run build`) probing the real lab: --json output, results kept
// as evidence, and Ctrl-C mid-test -> exit 130 with nothing left behind. Needs root.
import {spawn} from 'node:child_process';
import {rmSync} from 'node:fs';
import {afterAll, expect, it} from 'vitest';
import {runIdPattern} from '../../source/probe/run-id.js';
import type {ProbeRun} from '../../source/probe/types.js';
import {describeLab} from '../helpers/lab.js';
import {leftovers, namespaceInodes, nothingLeft} from '../helpers/probe-helpers.js';
import {assertBuilt, cliPath, root, runCli, tempConfigDir} from './helpers.js';

const configDir = tempConfigDir();
afterAll(() => {
	rmSync(configDir, {recursive: true, force: true});
});

describeLab('netplace probe --provider lab (built CLI)', () => {
	it('prints exactly the DESIGN.md shape with --json and keeps the run as evidence', () => {
		assertBuilt();
		const result = runCli(
			[
				'probe',
				'--provider',
				'lab',
				'--flow-cap',
				'1',
				'--aggregate-cap',
				'2',
				'--streams',
				'1,8',
				'--duration',
				'2',
				'--json',
			],
			{configDir},
		);
		expect(result.stderr).toContain('teardown: complete');
		expect(result.status).toBe(0);
		const run = JSON.parse(result.stdout) as ProbeRun;
		expect(run.runId).toMatch(runIdPattern);
		expect(run).toMatchObject({provider: 'lab', shape: 'custom', region: null, teardown: {complete: true, left: []}});
		expect(run.pairs).toHaveLength(1);
		const pair = run.pairs[0]!;
		expect(Object.keys(pair).sort()).toEqual(
			expect.arrayContaining([
				'placement',
				'published',
				'results',
				'rtt',
				'perFlowCeiling',
				'percentOfPublished',
				'sustained',
			]),
		);
		expect(pair).toMatchObject({placement: 'default', published: {gbps: 2, kind: 'lab-cap'}, sustained: null});
		expect(
			pair.results.map((row) =>
				Object.keys(row)
					.filter((key) => key !== 'sampleGbps')
					.sort(),
			),
		).toEqual([
			// DESIGN.md's row (streams, gbps, min, max, samples, retransmits, tcpRttMs, cpu) and the documented
			// extras: the binding limit, the process mode, per-stream figures, RTT range and allowance counters.
			[
				'allowance',
				'cpu',
				'gbps',
				'limit',
				'max',
				'min',
				'mode',
				'perStream',
				'retransmits',
				'samples',
				'seconds',
				'streams',
				'tcpRttMaxMs',
				'tcpRttMinMs',
				'tcpRttMs',
				'validity',
			],
			[
				'allowance',
				'cpu',
				'gbps',
				'limit',
				'max',
				'min',
				'mode',
				'perStream',
				'retransmits',
				'samples',
				'seconds',
				'streams',
				'tcpRttMaxMs',
				'tcpRttMinMs',
				'tcpRttMs',
				'validity',
			],
		]);
		expect(Object.keys(pair.rtt!).slice(0, 3)).toEqual(['medianMs', 'avgMs', 'mdevMs']);
		expect(pair.perFlowCeiling.present).toBe(true);
		expect(pair.percentOfPublished).toBeGreaterThan(80);

		const table = runCli(['table', '--cloud', 'lab', '--json'], {configDir});
		expect(table.status).toBe(0);
		const rows = JSON.parse(table.stdout) as Array<{cloud: string; source: string; aggregateGbps: number}>;
		expect(rows.find((row) => row.cloud === 'lab' && row.source === 'probe')?.aggregateGbps).toBe(
			pair.results[1]!.gbps,
		);
	});

	it('Ctrl-C during a test tears everything down and exits 130', async () => {
		assertBuilt();
		const child = spawn(
			process.execPath,
			[
				cliPath,
				'probe',
				'--provider',
				'lab',
				'--flow-cap',
				'1',
				'--aggregate-cap',
				'3',
				'--rtt',
				'2',
				'--duration',
				'20',
			],
			{
				cwd: root,
				env: {...process.env, NETPLACE_CONFIG_DIR: configDir, NO_COLOR: '1'},
				stdio: ['ignore', 'pipe', 'pipe'],
			},
		);
		let stderr = '';
		let inodes: number[] = [];
		let runId = '';
		const exit = new Promise<number | null>((resolve) => {
			child.on('exit', (code) => resolve(code));
		});
		await new Promise<void>((resolve, reject) => {
			child.stderr.on('data', (chunk: Buffer) => {
				stderr += chunk.toString();
				runId ||= /probe (np-[0-9a-z-]+):/.exec(stderr)?.[1] ?? '';
				if (/1 stream: running/.test(stderr) && inodes.length === 0) {
					inodes = namespaceInodes(runId);
					resolve();
				}
			});
			void exit.then(() => reject(new Error(`exited before a test ran: ${stderr}`)));
		});
		expect(inodes).toHaveLength(2);
		child.kill('SIGINT');
		// A second Ctrl-C while tearing down (once the first is taken) is ignored, and says so.
		await new Promise<void>((resolve, reject) => {
			const tearingDown = (): void => {
				if (!/stopping the probe and tearing down/.test(stderr)) return;
				child.stderr.off('data', tearingDown);
				resolve();
			};
			child.stderr.on('data', tearingDown);
			tearingDown();
			void exit.then(() => reject(new Error(`exited before tearing down: ${stderr}`)));
		});
		child.kill('SIGINT');
		const code = await exit;
		expect(stderr).toContain('Ctrl-C ignored until it finishes');
		expect(stderr).toContain('teardown: complete');
		expect(stderr).toMatch(/netplace: interrupted/);
		expect(code).toBe(130);
		expect(leftovers(runId, inodes)).toEqual(nothingLeft);
	});
});

// The BUILT CLI (`node dist/cli.cjs`, after `npm run build`) probing the real lab: --json output and results
// kept as evidence (a band: the serial project). Ctrl-C mid-test is probe-cli-interrupt.test.ts. Needs root.
import {rmSync} from 'node:fs';
import {afterAll, expect, it} from 'vitest';
import {runIdPattern} from '../../source/probe/run-id.js';
import type {ProbeRun} from '../../source/probe/types.js';
import {describeLab} from '../helpers/lab.js';
import {assertBuilt, runCli, tempConfigDir} from './helpers.js';

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
});

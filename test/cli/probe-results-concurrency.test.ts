// Two real lab probes (the built CLI) finishing together on one config folder: both runs are kept, each in
// its own file, both listed by `results list`, and `table` gives one row for their shared cell (the median
// of the two, with both ids). Needs root; run under `flock /tmp/np-lab.lock` like every lab test.
import {spawn} from 'node:child_process';
import {rmSync} from 'node:fs';
import {afterAll, expect, it} from 'vitest';
import {describeLab} from '../helpers/lab.js';
import {assertBuilt, cliPath, root, runCli, tempConfigDir} from './helpers.js';

const configDir = tempConfigDir();
afterAll(() => {
	rmSync(configDir, {recursive: true, force: true});
});

function probe(): Promise<{status: number | null; stdout: string; stderr: string}> {
	const args = ['probe', '--provider', 'lab', '--flow-cap', '0.3', '--aggregate-cap', '0.6'];
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [cliPath, ...args, '--streams', '1,2', '--duration', '1', '--json'], {
			cwd: root,
			env: {...process.env, NETPLACE_CONFIG_DIR: configDir, NO_COLOR: '1'},
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => {
			stdout += chunk.toString();
		});
		child.stderr.on('data', (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		child.on('error', reject);
		child.on('close', (status) => resolve({status, stdout, stderr}));
	});
}

describeLab('two lab probes at once', () => {
	it('both runs survive and both count in their cell', async () => {
		assertBuilt();
		const results = await Promise.all([probe(), probe()]);
		const ids = results.map((result) => {
			expect(result.stderr).toContain('teardown: complete');
			expect(result.status).toBe(0);
			return (JSON.parse(result.stdout) as {runId: string}).runId;
		});
		const listed = JSON.parse(runCli(['results', 'list', '--json'], {configDir}).stdout) as Array<{
			id: string;
			status: string;
		}>;
		expect(listed.map((run) => run.id).sort()).toEqual([...ids].sort());
		expect(listed.every((run) => run.status === 'complete')).toBe(true);
		const rows = JSON.parse(runCli(['table', '--cloud', 'lab', '--json'], {configDir}).stdout) as Array<{
			source: string;
			runs?: number;
			runIds?: string[];
		}>;
		const probes = rows.filter((row) => row.source === 'probe');
		expect(probes).toHaveLength(1);
		expect(probes[0]?.runs).toBe(2);
		expect([...(probes[0]?.runIds ?? [])].sort()).toEqual([...ids].sort());
	}, 120_000);
});

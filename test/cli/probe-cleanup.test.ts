// A probe that crashes (SIGKILL, no teardown) leaves its namespaces; the BUILT `netplace cleanup --provider
// lab` lists them with their delete commands. Only this run's orphans are deleted here (through the provider),
// so lab tests of other runs on a shared machine are left alone. Needs root.
import {spawn} from 'node:child_process';
import {rmSync} from 'node:fs';
import {afterAll, expect, it} from 'vitest';
import {createLabProvider} from '../../source/providers/lab/index.js';
import {describeLab} from '../helpers/lab.js';
import {leftovers, namespaceInodes, namespacesOf, nothingLeft} from '../helpers/probe-helpers.js';
import {assertBuilt, cliPath, root, runCli, tempConfigDir} from './helpers.js';

const configDir = tempConfigDir();
afterAll(() => {
	rmSync(configDir, {recursive: true, force: true});
});

describeLab('netplace cleanup --provider lab (built CLI)', () => {
	it('lists what a killed probe left, and deleting those orphans leaves nothing', async () => {
		assertBuilt();
		const child = spawn(
			process.execPath,
			[cliPath, 'probe', '--provider', 'lab', '--aggregate-cap', '1', '--rtt', '1', '--duration', '30'],
			{
				cwd: root,
				env: {...process.env, NETPLACE_CONFIG_DIR: configDir, NO_COLOR: '1'},
				stdio: ['ignore', 'pipe', 'pipe'],
			},
		);
		const exit = new Promise<void>((resolve) => {
			child.on('exit', () => resolve());
		});
		let stderr = '';
		const runId = await new Promise<string>((resolve, reject) => {
			child.stderr.on('data', (chunk: Buffer) => {
				stderr += chunk.toString();
				if (/1 stream: running/.test(stderr)) resolve(/probe (np-[0-9a-z-]+):/.exec(stderr)?.[1] ?? '');
			});
			void exit.then(() => reject(new Error(`exited before a test ran: ${stderr}`)));
		});
		const inodes = namespaceInodes(runId);
		child.kill('SIGKILL');
		await exit;
		expect(namespacesOf(runId)).toHaveLength(2);

		const listed = runCli(['cleanup', '--provider', 'lab'], {configDir});
		expect(listed.status).toBe(0);
		expect(listed.stdout).toContain(`namespace ${runId}-0-srv (run ${runId}): `);
		expect(listed.stdout).toContain(`namespace ${runId}-0-cli (run ${runId}): `);
		expect(listed.stdout).toContain('run again with --yes to delete them');
		expect(namespacesOf(runId)).toHaveLength(2);

		const provider = createLabProvider();
		const ours = (await provider.findOrphans()).filter((orphan) => orphan.runId === runId);
		expect(await provider.deleteOrphans(ours)).toEqual({complete: true, left: []});
		expect(leftovers(runId, inodes)).toEqual(nothingLeft);
		expect(runCli(['cleanup', '--provider', 'lab'], {configDir}).stdout).not.toContain(runId);
	});
});

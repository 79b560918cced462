// The BUILT CLI probing the real lab, interrupted: Ctrl-C mid-test -> teardown, exit 130, nothing left behind,
// and a second Ctrl-C during teardown ignored (it measures nothing: the processes project). Needs root.
import {spawn} from 'node:child_process';
import {expect, it} from 'vitest';
import {describeLab} from '../helpers/lab.js';
import {leftovers, namespaceInodes, nothingLeft} from '../helpers/probe-helpers.js';
import {assertBuilt, cliPath, configDirForFile, root} from './helpers.js';

const configDir = configDirForFile();

describeLab('netplace probe --provider lab (built CLI), interrupted', () => {
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
				env: {...process.env, NETPLACE_CONFIG_DIR: configDir(), NO_COLOR: '1'},
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

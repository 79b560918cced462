// Issue 42, finding 3: a `--provider ssh` run killed before its teardown (kill -9) left `iperf3 -s`
// listening on the user's receiver, unauthenticated, for good, and `cleanup --provider ssh` said "nothing left
// behind". Now each server runs under `timeout` (its life bounded by the run's planned hold) and is recorded
// with the run as it starts: `cleanup --provider ssh` lists it, `--yes` stops it on the host, and the record
// goes. Against two of the lab's namespaces with sshd in each (the user's two hosts). Needs root.
import {type ChildProcess, execFileSync, spawn} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {expect, it} from 'vitest';
import {describeLab} from '../helpers/lab.js';
import {iperf3In, labSshHosts} from '../helpers/lab-ssh-hosts.js';
import {cliPath, root, runCli} from './helpers.js';

/** Every command line running in a namespace. */
function commandsIn(namespace: string): string[] {
	const pids = execFileSync('ip', ['netns', 'pids', namespace], {encoding: 'utf8'}).split('\n');
	return pids.flatMap((pid) => {
		try {
			return pid.trim() === ''
				? []
				: [readFileSync(`/proc/${pid.trim()}/cmdline`, 'utf8').replaceAll('\0', ' ').trim()];
		} catch {
			return [];
		}
	});
}

describeLab(
	'probe --provider ssh killed (kill -9) mid-test, then cleanup --provider ssh',
	() => {
		const hosts = labSshHosts({flowCapGbps: 1, aggregateCapGbps: 2});

		it('leaves a bounded iperf3 server, which cleanup lists, stops with --yes, and then forgets', async () => {
			const args = hosts.probeArgs(['--accept-new-host-key', '--streams', '1', '--duration', '60']);
			const child: ChildProcess = spawn(process.execPath, [cliPath, ...args], {
				cwd: root,
				env: {...process.env, NETPLACE_CONFIG_DIR: hosts.configDir, NO_COLOR: '1'},
				stdio: ['ignore', 'ignore', 'pipe'],
			});
			let stderr = '';
			const exit = new Promise<void>((resolve) => child.on('exit', () => resolve()));
			await new Promise<void>((resolve, reject) => {
				child.stderr?.on('data', (chunk: Buffer) => {
					stderr += chunk.toString();
					if (/1 stream: running/.test(stderr)) resolve();
				});
				void exit.then(() => reject(new Error(`ended early: ${stderr}`)));
			});
			const {server} = hosts.pair();
			// Bounded: the server runs under `timeout`, twice the planned hold and ten minutes at most.
			expect(commandsIn(server.id).filter((line) => /^timeout \d+ iperf3 -s -p 5201$/.test(line))).toHaveLength(1);
			child.kill('SIGKILL');
			await exit;
			expect(iperf3In(server.id).length).toBeGreaterThan(0);

			const listed = runCli(['cleanup', '--provider', 'ssh'], {configDir: hosts.configDir});
			expect(listed.status).toBe(0);
			expect(listed.stdout).toMatch(/process timeout \d+ iperf3 -s -p 5201 on root@[\d.]+ \(pid \d+\)/);
			expect(listed.stdout).toContain('run again with --yes');
			expect(iperf3In(server.id).length).toBeGreaterThan(0);

			const deleted = runCli(['cleanup', '--provider', 'ssh', '--yes'], {configDir: hosts.configDir});
			expect(deleted.stderr).toBe('');
			expect(deleted.status).toBe(0);
			expect(iperf3In(server.id)).toEqual([]);
			const after = runCli(['cleanup', '--provider', 'ssh'], {configDir: hosts.configDir});
			expect(after.stdout).toMatch(/nothing left behind by netplace on ssh/);
		}, 300_000);
	},
	{overSsh: true},
);

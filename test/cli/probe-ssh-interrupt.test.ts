// `probe --provider ssh` (built CLI) against two of the lab's namespaces with sshd in each, where nothing is
// measured: an unknown host key refused without --accept-new-host-key, and Ctrl-C mid-test leaving no iperf3
// behind. (The run that measures the shaped pair is probe-ssh-provider.test.ts, in the serial project.)
import {type ChildProcess, spawn} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {expect, it} from 'vitest';
import {describeLab} from '../helpers/lab.js';
import {iperf3In, labSshHosts} from '../helpers/lab-ssh-hosts.js';
import {cliPath, root, runCli} from './helpers.js';

describeLab(
	'probe --provider ssh against sshd in the lab: refusal and interrupt',
	() => {
		const hosts = labSshHosts({flowCapGbps: 1, aggregateCapGbps: 2});

		it('refuses an unknown host key without --accept-new-host-key: one line with its fingerprint, exit 2', () => {
			const result = runCli(hosts.probeArgs(['--streams', '1', '--duration', '2']), {configDir: hosts.configDir});
			expect(result.status).toBe(2);
			expect(result.stderr).toMatch(/host key of root@198\.19\.[\d.]+ is unknown \(SHA256:[A-Za-z0-9+/]{43}, not in /);
			expect(result.stderr).toContain('--accept-new-host-key');
			expect(result.stdout).toBe('');
			expect(readFileSync(hosts.knownHosts, 'utf8')).toBe('');
			expect(iperf3In(hosts.pair().server.id)).toEqual([]);
		}, 120_000);

		it('Ctrl-C mid-test stops the iperf3 servers it started on the receiver: none left, exit 130', async () => {
			const child: ChildProcess = spawn(
				process.execPath,
				[cliPath, ...hosts.probeArgs(['--accept-new-host-key', '--streams', '1', '--duration', '60'])],
				{
					cwd: root,
					env: {...process.env, NETPLACE_CONFIG_DIR: hosts.configDir, NO_COLOR: '1'},
					stdio: ['ignore', 'pipe', 'pipe'],
				},
			);
			let stderr = '';
			const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
			await new Promise<void>((resolve, reject) => {
				child.stderr?.on('data', (chunk: Buffer) => {
					stderr += chunk.toString();
					if (/1 stream: running/.test(stderr)) resolve();
				});
				void exit.then(() => reject(new Error(`ended early: ${stderr}`)));
			});
			const {client, server} = hosts.pair();
			expect(iperf3In(server.id).length).toBeGreaterThan(0);
			child.kill('SIGINT');
			expect(await exit).toBe(130);
			expect(stderr).toContain('teardown: complete');
			expect(iperf3In(server.id)).toEqual([]);
			expect(iperf3In(client.id)).toEqual([]);
		}, 300_000);
	},
	{overSsh: true},
);

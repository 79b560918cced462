// Issue 9: "an `--over-ssh` probe hangs ~30 s after printing its result": a wait on the remote pid (and the
// kill's) was a ref'd timer that outlived the work. A separate node process drives SshTransport (built for it by
// test/helpers/built-module.ts) against a real sshd as a probe does (connect, a background server, stop it, a
// command, close) and then reports what still keeps its event loop alive (process.getActiveResourcesInfo): no
// timer may be left, so the process ends as soon as its work is done. Content, not time. Run under
// `flock /tmp/np-lab.lock`.
import {spawn} from 'node:child_process';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {root} from '../../cli/helpers.js';
import {builtModule} from '../../helpers/built-module.js';
import {type LocalSshd, prepareSshd, sshdUnavailable} from './local-sshd.js';

const unavailable = sshdUnavailable();
const script = (transport: string) => `
import {SshTransport} from ${JSON.stringify(transport)};
const options = JSON.parse(process.env.NP_TEST_SSH);
const ssh = new SshTransport({...options, readyTimeoutMs: 5000});
await ssh.connect({retries: 20, delayMs: 100});
const server = await ssh.startBackground(['sleep', '37.3']);
await server.stop();
await server.exited;
const result = await ssh.exec(['echo', 'done']);
await ssh.close();
setImmediate(() => {
	process.stdout.write(JSON.stringify({stdout: result.stdout, alive: process.getActiveResourcesInfo()}));
});
`;

describe.skipIf(unavailable !== null)(
	`a process using SshTransport ends when its work ends${unavailable ? ` (skipped: ${unavailable})` : ''}`,
	() => {
		let sshd: LocalSshd;
		let transport: string;
		beforeAll(async () => {
			transport = builtModule('source/providers/ssh/ssh-transport.ts');
			sshd = await prepareSshd();
			await sshd.start();
		});
		afterAll(async () => {
			await sshd?.dispose();
		});

		it('after stop and close, no timer keeps it alive', async () => {
			const options = {
				host: '127.0.0.1',
				port: sshd.port,
				username: sshd.username,
				privateKey: sshd.clientKey.privateKey,
				hostKeyPolicy: {sha256: sshd.hostKeyFingerprint},
			};
			const child = spawn(process.execPath, ['--input-type=module', '-e', script(transport)], {
				cwd: root,
				env: {...process.env, NP_TEST_SSH: JSON.stringify(options)},
				stdio: ['ignore', 'pipe', 'pipe'],
			});
			let stdout = '';
			let stderr = '';
			child.stdout.on('data', (chunk: Buffer) => {
				stdout += chunk.toString();
			});
			child.stderr.on('data', (chunk: Buffer) => {
				stderr += chunk.toString();
			});
			const report = await new Promise<{stdout: string; alive: string[]}>((resolve, reject) => {
				child.stdout.on('data', () => {
					try {
						resolve(JSON.parse(stdout) as {stdout: string; alive: string[]});
					} catch {
						// Not all of it yet.
					}
				});
				child.on('close', (code) => reject(new Error(`exited ${code} before its report: ${stderr}`)));
			});
			expect(report.stdout.trim()).toBe('done');
			expect(report.alive.filter((resource) => resource === 'Timeout')).toEqual([]);
			child.kill();
		}, 60_000);
	},
);

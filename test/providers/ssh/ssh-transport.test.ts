import {execFileSync} from 'node:child_process';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {SshTransport} from '../../../source/providers/ssh/ssh-transport.js';
import {freePort, type LocalSshd, prepareSshd, sshdUnavailable} from './local-sshd.js';

const unavailable = sshdUnavailable();
if (unavailable && process.env.NETPLACE_REQUIRE_LAB === '1') {
	throw new Error(`NETPLACE_REQUIRE_LAB=1 but a real sshd cannot run: ${unavailable}`);
}

function processRunning(pattern: string): boolean {
	try {
		execFileSync('pgrep', ['-f', pattern]);
		return true;
	} catch {
		return false;
	}
}

describe.skipIf(unavailable !== null)(
	`SshTransport against a real sshd${unavailable ? ` (skipped: ${unavailable})` : ''}`,
	() => {
		let sshd: LocalSshd;
		let ssh: SshTransport;
		const retries: string[] = [];

		beforeAll(async () => {
			sshd = await prepareSshd();
			ssh = new SshTransport({
				host: '127.0.0.1',
				port: sshd.port,
				username: sshd.username,
				privateKey: sshd.clientKey.privateKey,
				hostKeyPolicy: {sha256: sshd.hostKeyFingerprint},
				readyTimeoutMs: 5000,
			});
			// sshd is not up yet: the first attempt fails, and sshd starts before the retry.
			await ssh.connect({
				retries: 20,
				delayMs: 100,
				onRetry: (attempt, reason) => {
					retries.push(`${attempt}: ${reason}`);
					if (retries.length === 1) void sshd.start();
				},
			});
		});

		afterAll(async () => {
			await ssh?.close();
			await sshd?.dispose();
		});

		it('connected only after retrying while the host was down, with the pinned host key', () => {
			expect(retries.length).toBeGreaterThanOrEqual(1);
			expect(retries[0]).toMatch(/ECONNREFUSED/);
			expect(ssh.hostKey).toBe(sshd.hostKeyFingerprint);
		});

		it('passes metacharacters through as literal arguments', async () => {
			const words = [
				'a b',
				"it's",
				'$(touch /tmp/netplace-ssh-pwned)',
				'`id`',
				'x;y',
				'*',
				'\\',
				'"q"',
				'',
				'new\nline',
			];
			const result = await ssh.exec(['printf', '%s\\0', ...words]);
			expect(result.code).toBe(0);
			expect(result.stdout.split('\0').slice(0, -1)).toEqual(words);
			const check = await ssh.exec(['test', '-e', '/tmp/netplace-ssh-pwned']);
			expect(check.code).toBe(1);
		});

		it('returns exit codes and stderr, and streams stdout as it arrives', async () => {
			const failed = await ssh.exec(['sh', '-c', 'echo oops >&2; exit 3']);
			expect(failed).toMatchObject({code: 3, stdout: '', stderr: 'oops\n'});
			const chunks: string[] = [];
			const streamed = await ssh.exec(['sh', '-c', 'for i in 1 2 3; do echo line$i; sleep 0.1; done'], {
				onStdout: (chunk) => chunks.push(chunk),
			});
			expect(streamed.stdout).toBe('line1\nline2\nline3\n');
			expect(chunks.join('')).toBe(streamed.stdout);
			expect(chunks.length).toBeGreaterThan(1);
		});

		// ssh2 can read a short command's whole life (output, exit status, close) with the channel's opening:
		// listeners added after an await lost the exit status, one exec in about a hundred at four at once
		// (4 of 400 before the fix, 0 of 1,600 after), and a check such as iperf3's read "not installed".
		it('hears every exit status and pid line, four short commands at a time', async () => {
			const results = await Promise.all(
				[0, 1, 2, 3].map(async () => {
					const codes: (number | null)[] = [];
					for (let i = 0; i < 100; i++) codes.push((await ssh.exec(['sh', '-c', 'echo ok; exit 7'])).code);
					return codes;
				}),
			);
			const codes = results.flat();
			expect(codes.filter((code) => code !== 7)).toEqual([]);
		});

		it('times out, and kills the remote command', async () => {
			const started = Date.now();
			await expect(ssh.exec(['sleep', '31.7'], {timeoutMs: 500})).rejects.toThrow(/timed out after 500 ms/);
			// On a loaded 2-core machine each SSH session takes seconds to start; the point is it ends well before 31.7 s.
			expect(Date.now() - started).toBeLessThan(20_000);
			await expect.poll(() => processRunning('sleep 31.7'), {timeout: 20_000}).toBe(false);
		});

		it('aborts on a signal and kills the remote command', async () => {
			const controller = new AbortController();
			const running = ssh.exec(['sleep', '32.9'], {signal: controller.signal});
			await expect.poll(() => processRunning('sleep 32.9'), {timeout: 20_000}).toBe(true);
			controller.abort();
			await expect(running).rejects.toMatchObject({exitCode: 130});
			await expect.poll(() => processRunning('sleep 32.9'), {timeout: 20_000}).toBe(false);
		});

		it('runs iperf3 -s in the background, serves a client over SSH, and stops it', async () => {
			const port = await freePort();
			const server = await ssh.startBackground(['iperf3', '-s', '-p', String(port)]);
			let result = await ssh.exec(['iperf3', '-c', '127.0.0.1', '-p', String(port), '-t', '1', '-J']);
			for (let attempt = 0; attempt < 50 && /Connection refused/.test(result.stdout); attempt++) {
				result = await ssh.exec(['iperf3', '-c', '127.0.0.1', '-p', String(port), '-t', '1', '-J']);
			}

			const report = JSON.parse(result.stdout) as {end: {sum_received: {bits_per_second: number}}};
			expect(report.end.sum_received.bits_per_second).toBeGreaterThan(1e8);
			expect(processRunning(`iperf3 -s -p ${port}`)).toBe(true);
			await server.stop();
			await server.exited;
			expect(processRunning(`iperf3 -s -p ${port}`)).toBe(false);
			await server.stop(); // idempotent
		});

		it('refuses a host key that does not match the pin', async () => {
			const wrong = new SshTransport({
				host: '127.0.0.1',
				port: sshd.port,
				username: sshd.username,
				privateKey: sshd.clientKey.privateKey,
				hostKeyPolicy: {sha256: 'SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'},
			});
			await expect(wrong.connect({retries: 3, delayMs: 10})).rejects.toThrow(/host key .* expected SHA256:AAAA/);
		});

		it('gives up after its retries with one line naming the target, never the key', async () => {
			const closedPort = await freePort();
			const nowhere = new SshTransport({
				host: '127.0.0.1',
				port: closedPort,
				username: 'probe',
				privateKey: sshd.clientKey.privateKey,
				hostKeyPolicy: {sha256: sshd.hostKeyFingerprint},
			});
			const error = await nowhere.connect({retries: 2, delayMs: 10}).then(
				() => new Error('connected'),
				(caught: unknown) => caught as Error,
			);
			expect(error.message).toMatch(new RegExp(`probe@127.0.0.1:${closedPort} failed after 3 attempt`));
			expect(error.message).not.toContain('PRIVATE KEY');
			expect(error.message.split('\n')).toHaveLength(1);
		});

		it('after close, exec fails cleanly', async () => {
			const other = new SshTransport({
				host: '127.0.0.1',
				port: sshd.port,
				username: sshd.username,
				privateKey: sshd.clientKey.privateKey,
				hostKeyPolicy: {sha256: sshd.hostKeyFingerprint},
			});
			await other.connect();
			expect((await other.exec(['echo', 'hi'])).stdout).toBe('hi\n');
			await other.close();
			await expect(other.exec(['echo', 'hi'])).rejects.toThrow(/not connected/);
		});
	},
);

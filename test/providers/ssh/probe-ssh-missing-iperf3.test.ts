// `probe --provider ssh` where one end has no iperf3 (its sshd gives sessions a PATH without it): the run
// stops before any test with one line naming the host and how its own package manager installs iperf3
// (read from its /etc/os-release), installs nothing, starts nothing. Two real sshds on 127.0.0.1 and
// 127.0.0.2 (one port, two addresses), one key for both, as a user's two hosts would be.
import {mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {type EphemeralKeyPair, ephemeralKeyPair} from '../../../source/providers/cloud/ssh-keys.js';
import {installHint} from '../../../source/providers/ssh/iperf3-check.js';
import {assertBuilt, runCli} from '../../cli/helpers.js';
import {freePort, type LocalSshd, prepareSshd, sshdUnavailable} from './local-sshd.js';

const unavailable = sshdUnavailable();
const scratch = mkdtempSync(join(tmpdir(), 'netplace-ssh-noiperf-'));
const knownHosts = join(scratch, 'known_hosts');
let key: EphemeralKeyPair;
let withIperf3: LocalSshd;
let without: LocalSshd;

describe.skipIf(unavailable !== null)(
	`probe --provider ssh, iperf3 missing on one end${unavailable ? ` [skipped: ${unavailable}]` : ''}`,
	() => {
		beforeAll(async () => {
			assertBuilt();
			// A PATH with what the check reads (cat, ip) and no iperf3.
			const bin = join(scratch, 'bin');
			rmSync(bin, {recursive: true, force: true});
			mkdirSync(bin);
			for (const tool of ['cat', 'ip', 'sh', 'kill']) symlinkSync(`/usr/bin/${tool}`, join(bin, tool));
			key = await ephemeralKeyPair('netplace-test');
			const port = await freePort();
			withIperf3 = await prepareSshd({listen: '127.0.0.1', port, clientKey: key});
			without = await prepareSshd({listen: '127.0.0.2', port, clientKey: key, config: [`SetEnv PATH=${bin}`]});
			await withIperf3.start();
			await without.start();
			writeFileSync(knownHosts, '', {mode: 0o600});
		}, 120_000);

		afterAll(async () => {
			await withIperf3?.dispose();
			await without?.dispose();
			await key?.dispose();
			rmSync(scratch, {recursive: true, force: true});
		});

		it('names the host without iperf3 and its install command, exit 1, before any test', () => {
			const user = withIperf3.username;
			const result = runCli(
				[
					'probe',
					'--provider',
					'ssh',
					'--hosts',
					`${user}@127.0.0.1,${user}@127.0.0.2`,
					'--port',
					String(withIperf3.port),
					'--identity',
					key.privateKeyPath,
					'--known-hosts',
					knownHosts,
					'--accept-new-host-key',
					'--duration',
					'1',
				],
				{configDir: join(scratch, 'config'), timeoutMs: 120_000},
			);
			const hint = installHint(readFileSync('/etc/os-release', 'utf8')).install;
			expect(hint).not.toBeNull();
			expect(result.status).toBe(1);
			expect(result.stderr).toContain(`iperf3 is not on ${user}@127.0.0.2:${withIperf3.port}`);
			expect(result.stderr).toContain(`install it with \`${hint}\``);
			expect(result.stderr).toContain('netplace installs nothing');
			expect(result.stderr).not.toContain(`iperf3 is not on ${user}@127.0.0.1`);
			expect(result.stderr).not.toMatch(/stream: running/);
			expect(result.stdout).toBe('');
		}, 150_000);
	},
);

describe('installHint (from /etc/os-release)', () => {
	it('apt on Debian and Ubuntu, dnf on the Red Hat family and Amazon Linux, none where it cannot tell', () => {
		expect(installHint('ID=ubuntu\nID_LIKE=debian\nPRETTY_NAME="Ubuntu 24.04 LTS"\n')).toEqual({
			install: 'sudo apt-get install -y iperf3',
			system: 'Ubuntu 24.04 LTS',
		});
		expect(installHint('ID="rocky"\nID_LIKE="rhel centos fedora"\n').install).toBe('sudo dnf install -y iperf3');
		expect(installHint('ID="amzn"\nID_LIKE="fedora"\n').install).toBe('sudo dnf install -y iperf3');
		expect(installHint('ID=plan9\n')).toEqual({install: null, system: null});
		expect(installHint('')).toEqual({install: null, system: null});
	});
});

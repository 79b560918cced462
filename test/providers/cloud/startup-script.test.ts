// The first-boot script, run for real by /bin/sh with stand-ins for apt-get, shutdown and sleep on PATH (its
// /var/tmp paths moved to a temp folder). apt-get answers as it does while unattended-upgrades holds the dpkg
// lock ("E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process N (unattended-upgr)"),
// then succeeds: the script waits (-o DPkg::Lock::Timeout), retries and becomes ready. An install that keeps
// failing leaves its own error where the ready check reports it at once.

import {execFile} from 'node:child_process';
import {chmod, mkdtemp, readFile, rm, symlink, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {promisify} from 'node:util';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {
	dpkgLockTimeoutSeconds,
	readyCheckArgv,
	readyCheckFailedCode,
	startupScript,
} from '../../../source/providers/cloud/startup-script.js';

const run = promisify(execFile);
let folder: string;
let bin: string;

async function tool(name: string, body: string): Promise<void> {
	await writeFile(join(bin, name), `#!/bin/sh\n${body}\n`);
	await chmod(join(bin, name), 0o755);
}

beforeEach(async () => {
	folder = await mkdtemp(join(tmpdir(), 'netplace-boot-'));
	bin = join(folder, 'bin');
	await run('mkdir', ['-p', bin]);
	for (const name of ['sh', 'grep', 'tail', 'touch', 'cat', 'head', 'chmod']) {
		const {stdout} = await run('sh', ['-c', `command -v ${name}`]);
		await symlink(stdout.trim(), join(bin, name));
	}

	await tool('shutdown', `echo "$@" > ${folder}/shutdown-args`);
	await tool('sleep', 'exit 0');
	await tool('debconf-set-selections', 'cat >/dev/null');
});

afterEach(async () => {
	await rm(folder, {recursive: true, force: true});
});

async function boot(failures: number, forever = false): Promise<void> {
	// apt-get: `failures` lock errors, then success (the install puts iperf3 on PATH), or always a failure.
	await tool(
		'apt-get',
		[
			`echo "$@" >> ${folder}/apt-calls`,
			`n=$(cat ${folder}/apt-count 2>/dev/null || echo 0); n=$((n+1)); echo $n > ${folder}/apt-count`,
			forever
				? 'case "$*" in *install*) echo "E: Unable to locate package iperf3" >&2; exit 100;; esac; exit 0'
				: `if [ $n -le ${failures} ]; then echo "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 1234 (unattended-upgr)" >&2; exit 100; fi`,
			`case "$*" in *install*) printf '#!/bin/sh\\necho "iperf 3.16 (cJSON 1.7.15)"\\n' > ${bin}/iperf3; chmod 755 ${bin}/iperf3;; esac`,
		].join('\n'),
	);
	const script = startupScript({ttlMinutes: 25, guestMarginMinutes: 5}).replaceAll('/var/tmp', folder);
	await writeFile(join(folder, 'boot.sh'), script);
	await run('/bin/sh', [join(folder, 'boot.sh')], {env: {PATH: bin}});
}

async function readyCheck(): Promise<{code: number; stdout: string}> {
	const [shell, flag, command] = readyCheckArgv as [string, string, string];
	const result = await run(shell, [flag, command.replaceAll('/var/tmp', folder)], {env: {PATH: bin}}).then(
		({stdout}) => ({code: 0, stdout}),
		(error: {code: number; stdout: string}) => ({code: error.code, stdout: error.stdout}),
	);
	return result;
}

describe('first-boot script', () => {
	it('waits for the dpkg lock and retries: ready after two lock errors; guest shutdown at TTL + margin', async () => {
		await boot(2);
		const calls = (await readFile(join(folder, 'apt-calls'), 'utf8')).trim().split('\n');
		expect(calls.every((call) => call.includes(`DPkg::Lock::Timeout=${dpkgLockTimeoutSeconds}`))).toBe(true);
		expect(calls.filter((call) => call.endsWith(' update'))).toHaveLength(3); // two failures, then one success
		expect(calls.filter((call) => call.includes(' install '))).toHaveLength(1);
		expect(await readFile(join(folder, 'shutdown-args'), 'utf8')).toMatch(/^-h \+30 netplace TTL/);
		const ready = await readyCheck();
		expect(ready.code).toBe(0);
		expect(ready.stdout.split('\n')[0]).toBe('iperf 3.16 (cJSON 1.7.15)');
	});

	it('an install that keeps failing: the ready check reports its own error at once (exit 3)', async () => {
		await boot(0, true);
		const calls = (await readFile(join(folder, 'apt-calls'), 'utf8')).trim().split('\n');
		expect(calls.filter((call) => call.includes(' install '))).toHaveLength(3);
		const ready = await readyCheck();
		expect(ready.code).toBe(readyCheckFailedCode);
		expect(ready.stdout).toContain('iperf3 install failed:');
		expect(ready.stdout).toContain('E: Unable to locate package iperf3');
	});
});

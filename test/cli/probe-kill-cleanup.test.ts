// `kill -9` of an --over-ssh lab probe (built CLI) leaves its namespaces, processes and key folder, and
// `cleanup --provider lab --yes` deletes them: nothing left, key folder included. In the serial project:
// `cleanup --yes` deletes every orphan of the lab on this machine, so no other file's deliberate orphan
// (probe-cleanup, lab-provider-orphans) may exist beside it. Needs root.
import {existsSync} from 'node:fs';
import {expect, it} from 'vitest';
import {describeLab} from '../helpers/lab.js';
import {startLabProbe, waitFor} from '../helpers/lab-probe-process.js';
import {leftovers, namespaceInodes, nothingLeft} from '../helpers/probe-helpers.js';
import {configDirForFile, runCli} from './helpers.js';

const configDir = configDirForFile();

describeLab('kill -9 of a lab probe, then cleanup (built CLI)', () => {
	it('kill -9 of an --over-ssh probe, then cleanup --provider lab --yes: nothing left, key folder included', async () => {
		const started = startLabProbe(configDir(), ['--over-ssh']);
		await waitFor(started, /created key-folder (\S+)/);
		const keyFolder = /created key-folder (\S+)/.exec(started.stderr())?.[1] ?? '';
		await waitFor(started, /1 stream: running/);
		const inodes = namespaceInodes(started.runId());
		started.child.kill('SIGKILL');
		await started.exit;
		expect(existsSync(keyFolder)).toBe(true);
		const listed = runCli(['cleanup', '--provider', 'lab'], {configDir: configDir()});
		expect(listed.stdout).toContain(`key-folder ${keyFolder}`);
		const cleaned = runCli(['cleanup', '--provider', 'lab', '--yes'], {configDir: configDir()});
		expect(cleaned.status).toBe(0);
		expect(existsSync(keyFolder)).toBe(false);
		expect(leftovers(started.runId(), inodes)).toEqual(nothingLeft);
	}, 90_000);
});

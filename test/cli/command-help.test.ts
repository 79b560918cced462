// `netplace <command> --help` for every command (its flags from the one flag table, each with its bound,
// and two examples) and did-you-mean for a mistyped command or flag (issue 28).

import {describe, expect, it} from 'vitest';
import {commandDocs} from '../../source/cli/command-docs.js';
import {requestBounds} from '../../source/domain/bounds.js';
import {commandFlags} from '../../source/request/command-flags.js';
import {closestName} from '../../source/request/did-you-mean.js';
import {flagSchema, kebabFlag} from '../../source/request/flags.js';
import {configDirForFile} from './helpers.js';
import {runInProcess} from './in-process.js';

const configDir = configDirForFile();
const commands = Object.keys(commandFlags).filter((name) => name !== 'wizard');
const flagSchemaNames = new Set(Object.keys(flagSchema).map((name) => `--${kebabFlag(name)}`));

describe('netplace <command> --help', () => {
	it('has a usage line and two examples for every command the CLI takes', async () => {
		expect(Object.keys(commandDocs).sort()).toEqual(Object.keys(commandFlags).sort());
	});

	it.each(commands)('%s --help lists every flag it takes, within 80 columns, and exits 0', async (command) => {
		const result = await runInProcess([command, '--help'], {configDir: configDir()});
		expect(result.status).toBe(0);
		expect(result.stderr).toBe('');
		expect(result.stdout).toContain(`$ netplace ${command}`);
		for (const flag of commandFlags[command] ?? []) {
			expect(result.stdout, `--${kebabFlag(flag)}`).toMatch(new RegExp(`^  --${kebabFlag(flag)}\\b`, 'm'));
		}

		for (const example of commandDocs[command]?.examples ?? []) expect(result.stdout).toContain(`$ ${example}`);
		for (const line of result.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
	});

	it('gives each number flag the bound the command checks it against (advise: 1-4096 streams, probe: 1-128)', async () => {
		const advise = (await runInProcess(['advise', '--help'], {configDir: configDir()})).stdout.replaceAll(/\s+/g, ' ');
		expect(advise).toContain(`an integer from 1 to ${requestBounds.workloadStreams.max}`);
		expect(advise).toContain(`a number above 0 and at most ${requestBounds.minGbps.max} Gbps`);
		const probe = (await runInProcess(['probe', '--help'], {configDir: configDir()})).stdout.replaceAll(/\s+/g, ' ');
		expect(probe).toContain(`--streams 1,8 stream counts to test`);
		expect(probe).toContain(`an integer from 1 to ${requestBounds.probeStreams.max}`);
		expect(probe).toContain(`an integer from ${requestBounds.sustained.min} to ${requestBounds.sustained.max} s`);
	});

	it('--help after the command`s other flags is still the command`s help', async () => {
		const result = await runInProcess(['size', '--cloud', 'aws', '--help'], {configDir: configDir()});
		expect(result.status).toBe(0);
		expect(result.stdout).toContain('$ netplace size');
	});

	it('netplace --help and every COMMAND --help list the same flags (one source: the flag docs)', async () => {
		const flagsIn = (text: string) =>
			new Set([...text.matchAll(/(?<![\w-])--[a-z][a-z0-9-]+/g)].map((match) => match[0]));
		const global = flagsIn((await runInProcess(['--help'], {configDir: configDir()})).stdout);
		const everyCommand = new Set<string>();
		for (const command of Object.keys(commandDocs).filter((name) => name !== 'wizard')) {
			const own = (await runInProcess([command, '--help'], {configDir: configDir()})).stdout;
			const listed = [...own.matchAll(/^ {2}(--[a-z][a-z0-9-]+)/gm)].map((match) => match[1] ?? '');
			for (const flag of listed) everyCommand.add(flag);
			expect(
				listed.filter((flag) => !global.has(flag)),
				command,
			).toEqual([]);
		}

		// And the global help names no flag that no command's help lists (the wizard's are size's too).
		const listedFlags = [...global].filter((flag) => flagSchemaNames.has(flag));
		expect(listedFlags.filter((flag) => !everyCommand.has(flag))).toEqual([]);
	});

	it('netplace --help takes its examples from the same table', async () => {
		const result = await runInProcess(['--help'], {configDir: configDir()});
		for (const doc of Object.values(commandDocs)) {
			for (const example of doc.examples) expect(result.stdout).toContain(`$ ${example}`);
		}
	});
});

describe('did you mean', () => {
	it('names the command meant, exit 2, one line', async () => {
		for (const [typed, meant] of [
			['sise', 'size'],
			['advice', 'advise'],
			['reslts', 'results'],
			['profile', 'profiles'],
		] as const) {
			const result = await runInProcess([typed], {configDir: configDir()});
			expect(result.status).toBe(2);
			expect(result.stderr).toContain(`unknown command "${typed}" (did you mean ${meant}?`);
			expect(result.stderr.trim().split('\n')).toHaveLength(1);
		}

		expect((await runInProcess(['sise', '--help'], {configDir: configDir()})).stderr).toContain('did you mean size?');
	});

	it('names the flag meant, exit 2', async () => {
		const result = await runInProcess(['size', '--stream', '4'], {configDir: configDir()});
		expect(result.status).toBe(2);
		expect(result.stderr).toContain('unknown flag --stream (did you mean --streams?');
		expect((await runInProcess(['advise', '--min-gpbs', '3'], {configDir: configDir()})).stderr).toContain(
			'did you mean --min-gbps?',
		);
		expect((await runInProcess(['advise', '--colour'], {configDir: configDir()})).stderr).not.toContain('did you mean');
	});

	it('guesses only within a typo’s reach', async () => {
		expect(closestName('--lab-profil', ['--lab-profile', '--profile'])).toBe('--lab-profile');
		expect(closestName('frobnicate', ['size', 'advise'])).toBeNull();
		expect(closestName('us-est-1', ['us-east-1', 'us-west-1', 'eu-west-1'])).toBe('us-east-1');
	});
});

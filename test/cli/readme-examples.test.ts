// Every `netplace …` example in README.md runs as written (the built CLI, through sh, so quotes and
// redirections mean what they say): lines of ```sh blocks, and `$ netplace …` lines shown in ```text
// blocks. The output shown under a `$ netplace advise|size|table|shapes …` line (not --live) is today's:
// each line it shows is printed, in order, at 80 columns without colour ("..." elides). No cloud credentials here (an empty HOME, no AWS/GCP/OCI variables): an example that needs them
// must end in the one-line credentials error, never a stack trace. Lab examples (`sudo netplace probe
// --provider lab …`) measure throughput: they run only with NETPLACE_README_LAB=1, as root, and the runner
// takes the lab lock (`flock /tmp/np-lab.lock`); otherwise they are listed as skipped, with the reason.
// Examples probing your own hosts (`--provider ssh` without `--dry-run`) are listed as skipped too: there
// are no hosts to reach here (test/cli/probe-ssh-provider.test.ts runs one against the lab's sshd).
// (`--repeat 3 --json` at the default 20 s per test runs about two and a half minutes.)
//
// They run in a FRESH CLONE set up as the README's first block says: `git clone` of this repository (its
// committed HEAD) into a temporary folder, node_modules linked from here (no network), the build `npm
// install` runs through `prepare`, then `npm install -g .` (into a temporary prefix, not the machine's):
// each example then runs as written, `netplace` found on the PATH. The clone's tree must stay clean.

import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {root} from './helpers.js';

interface Example {
	readonly line: number;
	readonly command: string;
	/** The output shown under a `$ netplace …` line, as the README prints it ("..." elides lines). */
	readonly output: string[];
}

/** The examples, in README order. */
function readmeExamples(text: string): Example[] {
	const examples: Example[] = [];
	let fence: string | null = null;
	let last: Example | null = null;
	for (const [index, raw] of text.split('\n').entries()) {
		const open = /^```(\w*)/.exec(raw);
		if (open) {
			fence = fence === null ? (open[1] ?? '') : null;
			last = null;
			continue;
		}

		if (fence === null) continue;
		const shown = /^\$ ((?:sudo )?netplace .*)$/.exec(raw)?.[1];
		const listed = fence === 'sh' || fence === '' ? /^((?:sudo )?netplace .*)$/.exec(raw)?.[1] : undefined;
		const command = (shown ?? listed)?.replace(/\s+#.*$/, '').trim();
		if (command) {
			last = shown === undefined ? null : {line: index + 1, command, output: []};
			examples.push(last ?? {line: index + 1, command, output: []});
		} else if (last !== null) {
			if (raw.startsWith('$ ')) last = null;
			else last.output.push(raw.trimEnd());
		}
	}

	return examples;
}

/** Answers that depend on nothing but the bundled catalogue and the flags: their shown output must be today's. */
const answersOnly = (command: string): boolean =>
	/^netplace (advise|size|table|shapes)\b/.test(command) && !/--live\b/.test(command);

/** The shown lines that are not in the output, in order ("..." skips any number of lines). */
function missingLines(shown: readonly string[], output: string): string[] {
	const lines = output.split('\n').map((line) => line.trimEnd());
	const missing: string[] = [];
	let at = 0;
	for (const line of shown) {
		if (line === '...') continue;
		const found = lines.indexOf(line, at);
		if (found < 0) missing.push(line);
		else at = found + 1;
	}

	return missing;
}

const examples = readmeExamples(readFileSync(join(root, 'README.md'), 'utf8'));
const isLab = (command: string): boolean => /--provider lab\b/.test(command) && /^sudo /.test(command);
/** Your own hosts over SSH or your own cluster, for real (not --dry-run): there are none here to reach. */
const needsHosts = (command: string): boolean => /--provider (ssh|k8s)\b/.test(command) && !/--dry-run\b/.test(command);
const runLab = process.env.NETPLACE_README_LAB === '1' && process.getuid?.() === 0;
let home: string;
let clone: string;
let prefix: string;

function inClone(command: string, args: readonly string[], timeout = 300_000): string {
	const result = spawnSync(command, args, {cwd: clone, encoding: 'utf8', timeout});
	if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr}${result.stdout}`);
	return result.stdout;
}

beforeAll(() => {
	home = mkdtempSync(join(tmpdir(), 'netplace-readme-'));
	clone = join(home, 'netplace');
	prefix = join(home, 'prefix');
	const cloned = spawnSync('git', ['clone', '-q', root, clone], {encoding: 'utf8'});
	if (cloned.status !== 0) throw new Error(`git clone: ${cloned.stderr}`);
	symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'));
	inClone('npm', ['run', 'build']);
	inClone('npm', [
		'install',
		'-g',
		'.',
		'--prefix',
		prefix,
		'--offline',
		'--ignore-scripts',
		'--no-audit',
		'--no-fund',
	]);
}, 600_000);

afterAll(() => {
	rmSync(home, {recursive: true, force: true});
});

describe('the README set-up in a fresh clone', () => {
	it('says to put netplace on the PATH, and installing leaves the tree clean', () => {
		const setUp = /```sh\n([\s\S]*?)```/.exec(readFileSync(join(root, 'README.md'), 'utf8'))?.[1] ?? '';
		expect(setUp).toMatch(/^git clone /m);
		expect(setUp).toMatch(/^npm install\b/m);
		expect(setUp).toMatch(/^npm install -g \./m);
		// package-lock.json once named another bin than package.json, and npm install rewrote it in every clone.
		const read = (name: string) => JSON.parse(readFileSync(join(clone, name), 'utf8')) as Record<string, unknown>;
		const lock = read('package-lock.json') as {packages: Record<string, {bin?: unknown}>};
		expect(lock.packages['']?.bin).toEqual(read('package.json')['bin']);
		expect(inClone('git', ['status', '--porcelain', '--untracked-files=no'])).toBe('');
		const {stdout} = spawnSync('netplace', ['--version'], {encoding: 'utf8', env: {PATH: clonePath()}});
		expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
	});
});

/** The installed `netplace` first, then node's folder and the system's. */
function clonePath(): string {
	return [join(prefix, 'bin'), dirname(process.execPath), process.env.PATH ?? '/usr/bin:/bin'].join(':');
}

function run(command: string, timeout: number): {status: number | null; stdout: string; stderr: string} {
	// exec: a timeout signals netplace itself (which tears down), not only the shell. The tests run as root
	// (or skip the lab examples), so `sudo` is dropped; `netplace` is the clone's, from the PATH.
	const line = command.replace(/^(sudo )?netplace /, 'exec netplace ');
	const env: Record<string, string> = {
		PATH: clonePath(),
		HOME: home,
		NETPLACE_CONFIG_DIR: join(home, 'config'),
		AWS_EC2_METADATA_DISABLED: 'true',
		METADATA_SERVER_DETECTION: 'none',
		AWS_CONFIG_FILE: join(home, 'no-aws-config'),
		AWS_SHARED_CREDENTIALS_FILE: join(home, 'no-aws-credentials'),
		OCI_CONFIG_FILE: join(home, 'no-oci-config'),
		GOOGLE_APPLICATION_CREDENTIALS: join(home, 'no-gcp-key.json'),
		NO_COLOR: '1',
		COLUMNS: '80',
	};
	// From the clone, as the README's examples say (explain reads the suite's own fixtures); HOME stays the temp folder.
	const result = spawnSync('sh', ['-c', line], {cwd: clone, encoding: 'utf8', timeout, env});
	return {status: result.status, stdout: result.stdout, stderr: result.stderr};
}

describe(`the README's ${examples.length} netplace examples run as written`, () => {
	it('finds the examples (the aws dry-run among them, with its --region)', () => {
		expect(examples.length).toBeGreaterThanOrEqual(5);
		expect(examples.map((example) => example.command)).toContainEqual(
			expect.stringMatching(/^netplace probe --provider aws .*--region \S+.*--dry-run$/),
		);
	});

	for (const {line, command, output: shown} of examples) {
		const lab = isLab(command);
		const hosts = needsHosts(command);
		const skipped =
			lab && !runLab
				? ' (lab: NETPLACE_README_LAB=1 as root)'
				: hosts
					? ' (needs two hosts over SSH, or a cluster)'
					: '';
		it.skipIf((lab && !runLab) || hosts)(
			`README.md:${line} ${command}${skipped}`,
			() => {
				const result = run(command, lab ? 400_000 : 60_000);
				const stderrLines = result.stderr.trim().split('\n').filter(Boolean);
				expect(result.stderr, command).not.toMatch(/^\s+at .+\(.*:\d+:\d+\)$/m); // never a stack trace
				if (result.status === 0) {
					// `… > file` sends the output to the file: that file must hold it.
					const redirect = /\s>\s*(\S+)$/.exec(command)?.[1];
					const output = redirect === undefined ? result.stdout : readFileSync(join(clone, redirect), 'utf8');
					expect(output.length, command).toBeGreaterThan(0);
					// What the README shows under the command is what it prints today (80 columns, no colour).
					if (answersOnly(command)) expect(missingLines(shown, output), `README.md:${line} shows`).toEqual([]);
					return;
				}

				// Only missing credentials may stop an example here: one line naming the chain, exit 1.
				expect(result.status, `${command}\n${result.stderr}`).toBe(1);
				expect(stderrLines.at(-1), command).toMatch(/^netplace: no usable (aws|gcp|oci) credentials/);
			},
			lab ? 420_000 : 90_000,
		);
	}
});

// Every `netplace …` example in README.md runs as written (the built CLI, through sh, so quotes and
// redirections mean what they say): lines of ```sh blocks, and `$ netplace …` lines shown in ```text
// blocks. No cloud credentials here (an empty HOME, no AWS/GCP/OCI variables): an example that needs them
// must end in the one-line credentials error, never a stack trace. Lab examples (`sudo netplace probe
// --provider lab …`) measure throughput: they run only with NETPLACE_README_LAB=1, as root, and the runner
// takes the lab lock (`flock /tmp/np-lab.lock`); otherwise they are listed as skipped, with the reason.
// (`--repeat 3 --json` at the default 20 s per test runs about two and a half minutes.)

import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {assertBuilt, cliPath, root} from './helpers.js';

interface Example {
	readonly line: number;
	readonly command: string;
}

/** The examples, in README order. */
function readmeExamples(text: string): Example[] {
	const examples: Example[] = [];
	let fence: string | null = null;
	for (const [index, raw] of text.split('\n').entries()) {
		const open = /^```(\w*)/.exec(raw);
		if (open) {
			fence = fence === null ? (open[1] ?? '') : null;
			continue;
		}

		if (fence === null) continue;
		const shown = /^\$ ((?:sudo )?netplace .*)$/.exec(raw)?.[1];
		const listed = fence === 'sh' || fence === '' ? /^((?:sudo )?netplace .*)$/.exec(raw)?.[1] : undefined;
		const command = (shown ?? listed)?.replace(/\s+#.*$/, '').trim();
		if (command) examples.push({line: index + 1, command});
	}

	return examples;
}

const examples = readmeExamples(readFileSync(join(root, 'README.md'), 'utf8'));
const isLab = (command: string): boolean => /--provider lab\b/.test(command) && /^sudo /.test(command);
const runLab = process.env.NETPLACE_README_LAB === '1' && process.getuid?.() === 0;
let home: string;

beforeAll(() => {
	assertBuilt();
	home = mkdtempSync(join(tmpdir(), 'netplace-readme-'));
});

afterAll(() => {
	rmSync(home, {recursive: true, force: true});
});

function run(command: string, timeout: number): {status: number | null; stdout: string; stderr: string} {
	// exec: a timeout signals netplace itself (which tears down), not only the shell.
	const line = command.replace(/^(sudo )?netplace /, `exec "${process.execPath}" "${cliPath}" `);
	const env: Record<string, string> = {
		PATH: process.env.PATH ?? '/usr/bin:/bin',
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
	const result = spawnSync('sh', ['-c', line], {cwd: home, encoding: 'utf8', timeout, env});
	return {status: result.status, stdout: result.stdout, stderr: result.stderr};
}

describe(`the README's ${examples.length} netplace examples run as written`, () => {
	it('finds the examples (the aws dry-run among them, with its --region)', () => {
		expect(examples.length).toBeGreaterThanOrEqual(5);
		expect(examples.map((example) => example.command)).toContainEqual(
			expect.stringMatching(/^netplace probe --provider aws .*--region \S+.*--dry-run$/),
		);
	});

	for (const {line, command} of examples) {
		const lab = isLab(command);
		it.skipIf(lab && !runLab)(
			`README.md:${line} ${command}${lab && !runLab ? ' (lab: NETPLACE_README_LAB=1 as root)' : ''}`,
			() => {
				const result = run(command, lab ? 400_000 : 60_000);
				const stderrLines = result.stderr.trim().split('\n').filter(Boolean);
				expect(result.stderr, command).not.toMatch(/^\s+at .+\(.*:\d+:\d+\)$/m); // never a stack trace
				if (result.status === 0) {
					// `… > file` sends the output to the file: that file must hold it.
					const redirect = /\s>\s*(\S+)$/.exec(command)?.[1];
					const output = redirect === undefined ? result.stdout : readFileSync(join(home, redirect), 'utf8');
					expect(output.length, command).toBeGreaterThan(0);
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

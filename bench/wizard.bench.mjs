// The wizard's first frame (the published build: dist/cli.cjs loading dist/long-running.js, esbuild's
// bundles) against a bare, unbundled Ink render of one `<Text>` (a script importing ink and react from
// node_modules), interleaved in one run (2 warm-ups, then RUNS rounds), medians and ratio. Both run under a real pseudo-terminal (util-linux `script`), so the
// wizard takes its interactive path (a live Ink render() waiting for keys), exactly as a person starts it.
// The clock stops when the expected text arrives on the terminal; the process group is then ended and
// waited for, so one run's shutdown never overlaps the next run's start. Both run with NODE_ENV=production.
// Target (issue 8): wizard <= 0.6x bare Ink (the bundle's gain: one file instead of Ink's and React's
// modules). Run it alone (`flock /tmp/np-bench.lock`): the load average is printed with it.

import {spawn} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {benchEnv, environmentNote, loadAverage, median, timeInterleaved} from './interleaved.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli.cjs');
const runs = Number(process.env.BENCH_RUNS ?? 15);
const warmups = 2;
const target = 0.6;

if (!existsSync(cli)) {
	console.error(`wizard: ${cli} is missing (npm run build)`);
	process.exit(1);
}

const bareInk = [
	"import React from 'react';",
	"import {render, Text} from 'ink';",
	"const app = render(React.createElement(Text, null, 'Which cloud?'));",
	'app.unmount();',
	'await app.waitUntilExit();',
].join('\n');

const configDir = mkdtempSync(join(tmpdir(), 'netplace-bench-'));
// The bare script is a file like dist/cli.cjs (not `-e`), placed inside the project (in .tmp/, git-ignored)
// so that it resolves the project's ink and react.
mkdirSync(join(root, '.tmp'), {recursive: true});
const bareDir = mkdtempSync(join(root, '.tmp', 'bench-'));
const bareFile = join(bareDir, 'bare-ink.mjs');
writeFileSync(bareFile, `${bareInk}\n`);
const env = benchEnv({NODE_ENV: 'production', NETPLACE_CONFIG_DIR: configDir});
const cases = [
	{name: 'bare Ink <Text>', args: [bareFile], expect: 'Which cloud?'},
	{name: 'wizard first frame', args: [cli], expect: 'Which cloud?'},
];

/**
 * Milliseconds from spawn until `expected` shows on stdout. Resolves only after the process has exited,
 * so one run's shutdown never overlaps the next run's start.
 */
function timeOnce(entry) {
	return new Promise((resolve, reject) => {
		const argv = [process.execPath, ...entry.args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
		// A fresh pseudo-terminal has no size: give it a person's (100x50) before node starts.
		const command = `stty cols 100 rows 50 && exec ${argv}`;
		const start = process.hrtime.bigint();
		// `script` gives the child a pseudo-terminal; -f flushes every write, -e passes the exit code on.
		const child = spawn('script', ['-qfec', command, '/dev/null'], {
			cwd: root,
			env,
			stdio: ['pipe', 'pipe', 'pipe'],
			detached: true,
		});
		let output = '';
		let elapsed = null;
		child.stdout.setEncoding('utf8');
		child.stdout.on('data', (chunk) => {
			output += chunk;
			if (elapsed === null && output.includes(entry.expect)) {
				elapsed = Number(process.hrtime.bigint() - start) / 1e6;
				// The wizard now waits for keys: end the whole process group (script and node).
				try {
					process.kill(-child.pid, 'SIGKILL');
				} catch {}
			}
		});
		child.stderr.resume();
		child.on('close', () => {
			if (elapsed === null)
				reject(new Error(`${entry.name}: "${entry.expect}" never appeared; output: ${output.trim().slice(0, 400)}`));
			else resolve(elapsed);
		});
	});
}

const loadBefore = loadAverage();
let times;
try {
	times = await timeInterleaved(cases, {warmups, runs, timeOnce});
} finally {
	rmSync(configDir, {recursive: true, force: true});
	rmSync(bareDir, {recursive: true, force: true});
}

const bare = median(times.get(cases[0].name));
const wizard = median(times.get(cases[1].name));
const ratio = wizard / bare;
console.log(`runs: ${runs} each, interleaved, after ${warmups} warm-ups`);
console.log(`before: ${loadBefore}; after: ${loadAverage()}`);
console.log(environmentNote());
for (const entry of cases) {
	console.log(`${entry.name.padEnd(20)} median ${median(times.get(entry.name)).toFixed(1)} ms`);
}

const pass = ratio <= target;
console.log(`wizard / bare Ink: ${ratio.toFixed(3)}x (target <= ${target}x) ${pass ? 'PASS' : 'FAIL'}`);
process.exit(pass ? 0 : 1);

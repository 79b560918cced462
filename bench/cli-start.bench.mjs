// Start-up cost of the scripting commands of the published build (dist/cli.cjs, the esbuild bundle):
// `advise --json`, `size --json` over the full catalogue and `table --json` against a bare `node -e 0`,
// interleaved in one run (2 warm-ups, then RUNS rounds), medians and ratios; then the peak memory (max RSS)
// of `size --json`, median and highest over the same number of runs.
// A row for start-up alone (dist/cli.cjs loaded, a bad flag refused) shows how much of each
// command is start-up and how much its own work. Targets: advise <= 2.5x with the plain build (issue 29:
// esbuild bundles, no code cache, no V8 flags), size's peak memory <= 80 MB (issue 7); size and table are
// shown beside them. Runs with an empty private config folder, so it times the commands as a machine without saved
// probe results sees them. Run it alone (`flock /tmp/np-bench.lock`): the load average is printed with it.

import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {benchEnv, environmentNote, loadAverage, median, timeInterleaved} from './interleaved.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli.cjs');
const runs = Number(process.env.BENCH_RUNS ?? 21);
const warmups = 2;
const memoryTargetMb = 80;
const sizeArgs = ['size', '--json', '--cloud', 'any', '--streams', '4', '--min-gbps', '30'];
// Preloaded for the memory runs only: writes the process's peak resident set (KB) to fd 3 as it exits.
const maxRss = join(root, 'bench', 'fixtures', 'max-rss.mjs');

if (!existsSync(cli)) {
	console.error(`cli-start: ${cli} is missing (npm run build)`);
	process.exit(1);
}

const configDir = mkdtempSync(join(tmpdir(), 'netplace-bench-'));
const env = benchEnv({NETPLACE_CONFIG_DIR: configDir});
const cases = [
	{name: 'bare node -e 0', args: ['-e', '0'], target: null},
	// Start-up alone, for reading the rows below: dist/cli.cjs loaded, argv refused, exit 2.
	{name: 'cli.cjs, bad flag', args: [cli, '--no-such-flag'], target: null, status: 2},
	{name: 'advise --json', args: [cli, 'advise', '--json'], target: 2.5},
	{name: 'size --json', args: [cli, ...sizeArgs], target: null},
	{name: 'table --json', args: [cli, 'table', '--json'], target: null},
];

function run(args, stdio = ['ignore', 'ignore', 'pipe'], status = 0) {
	const result = spawnSync(process.execPath, args, {cwd: root, env, stdio});
	if (result.status !== status) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
	return result;
}

function timeOnce(entry) {
	const start = process.hrtime.bigint();
	run(entry.args, undefined, entry.status);
	return Number(process.hrtime.bigint() - start) / 1e6;
}

function peakMb() {
	const result = run(['--import', maxRss, cli, ...sizeArgs], ['ignore', 'ignore', 'pipe', 'pipe']);
	return Number(result.output[3].toString()) / 1024;
}

const loadBefore = loadAverage();
let times;
const peaks = [];
try {
	times = await timeInterleaved(cases, {warmups, runs, timeOnce});
	for (let round = 0; round < runs; round++) peaks.push(peakMb());
} finally {
	rmSync(configDir, {recursive: true, force: true});
}

const bareTimes = times.get(cases[0].name);
const bare = median(bareTimes);
let failed = 0;
console.log(
	`cli-start: ${runs} interleaved runs each after ${warmups} warm-ups; ratio = median / bare median (the target)`,
);
console.log(`before: ${loadBefore}; after: ${loadAverage()}`);
console.log(environmentNote());
console.log(
	`${'command'.padEnd(16)} ${'median ms'.padStart(10)} ${'min ms'.padStart(8)} ${'ratio'.padStart(7)} ${'paired'.padStart(7)} ${'target'.padStart(8)}  result`,
);
for (const entry of cases) {
	const values = times.get(entry.name);
	const value = median(values);
	const ratio = value / bare;
	// Paired: the median of each round's ratio to the bare run beside it (steadier on a busy machine).
	const paired = median(values.map((time, index) => time / bareTimes[index]));
	const pass = entry.target === null || ratio <= entry.target;
	if (!pass) failed++;
	const verdict = entry.target === null ? '' : pass ? 'PASS' : 'FAIL';
	console.log(
		`${entry.name.padEnd(16)} ${value.toFixed(1).padStart(10)} ${Math.min(...values)
			.toFixed(1)
			.padStart(
				8,
			)} ${`${ratio.toFixed(2)}x`.padStart(7)} ${`${paired.toFixed(2)}x`.padStart(7)} ${(entry.target === null ? '' : `<=${entry.target}x`).padStart(8)}  ${verdict}`,
	);
}

const peak = Math.max(...peaks);
const memoryPass = peak <= memoryTargetMb;
if (!memoryPass) failed++;
console.log(
	`size --json peak memory (max RSS, ${runs} runs): median ${median(peaks).toFixed(1)} MB, highest ${peak.toFixed(1)} MB (target <= ${memoryTargetMb} MB) ${memoryPass ? 'PASS' : 'FAIL'}`,
);

process.exit(failed === 0 ? 0 : 1);

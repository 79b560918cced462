// Start-up cost of the scripting commands: `node dist/cli.js advise --json` and `table --json` against a
// bare `node -e 0`, interleaved in one run (2 warm-ups, then RUNS rounds), medians and ratios.
// Target (issue 2): advise and table <= 1.6x bare Node. Runs with an empty private config folder, so
// it times the commands as a machine without saved probe results sees them.

import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {median, timeInterleaved} from './interleaved.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli.js');
const runs = Number(process.env.BENCH_RUNS ?? 21);
const warmups = 2;
const target = 1.6;

if (!existsSync(cli)) {
	console.error(`cli-start: ${cli} is missing (npm run build)`);
	process.exit(1);
}

const configDir = mkdtempSync(join(tmpdir(), 'netplace-bench-'));
const env = {
	...process.env,
	NETPLACE_CONFIG_DIR: configDir,
	AWS_EC2_METADATA_DISABLED: 'true',
	METADATA_SERVER_DETECTION: 'none',
	NO_COLOR: '1',
};
const cases = [
	{name: 'bare node -e 0', args: ['-e', '0']},
	{name: 'advise --json', args: [cli, 'advise', '--json']},
	{name: 'table --json', args: [cli, 'table', '--json']},
];

function timeOnce(args) {
	const start = process.hrtime.bigint();
	const result = spawnSync(process.execPath, args, {cwd: root, env, stdio: ['ignore', 'ignore', 'pipe']});
	const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
	if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
	return elapsed;
}

let times;
try {
	times = await timeInterleaved(cases, {warmups, runs, timeOnce: (entry) => timeOnce(entry.args)});
} finally {
	rmSync(configDir, {recursive: true, force: true});
}

const bare = median(times.get(cases[0].name));
let failed = 0;
console.log(
	`cli-start: ${runs} interleaved runs each after ${warmups} warm-ups; ratio = median / bare median (the target)`,
);
console.log(
	`${'command'.padEnd(16)} ${'median ms'.padStart(10)} ${'min ms'.padStart(8)} ${'ratio'.padStart(7)} ${'paired'.padStart(7)} ${'target'.padStart(8)}  result`,
);
for (const entry of cases) {
	const values = times.get(entry.name);
	const value = median(values);
	const ratio = value / bare;
	// Paired: the median of each round's ratio to the bare run beside it (steadier on a busy machine).
	const paired = median(values.map((time, index) => time / times.get(cases[0].name)[index]));
	const isBare = entry === cases[0];
	const pass = isBare || ratio <= target;
	if (!pass) failed++;
	console.log(
		`${entry.name.padEnd(16)} ${value.toFixed(1).padStart(10)} ${Math.min(...values)
			.toFixed(1)
			.padStart(
				8,
			)} ${`${ratio.toFixed(2)}x`.padStart(7)} ${`${paired.toFixed(2)}x`.padStart(7)} ${(isBare ? '' : `<=${target}x`).padStart(8)}  ${isBare ? '' : pass ? 'PASS' : 'FAIL'}`,
	);
}

process.exit(failed === 0 ? 0 : 1);

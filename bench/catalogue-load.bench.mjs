// The bundled shape catalogue's cost to a command that needs it: a child process that imports the loader,
// loads the catalogue and prices every record in one region, against a bare `node -e 0` (interleaved,
// 2 warm-ups, then RUNS rounds; medians and ratios), and `shapes --json` over one shape. Peak memory:
// the loading child's maxRSS after every record was priced.
// Targets (issue 7's budget for `size`: <= 1.4x bare, <= 80 MB): the catalogue alone <= 1.25x, <= 80 MB.

import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {benchEnv, environmentNote, median, timeInterleaved} from './interleaved.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const loader = join(root, 'dist', 'sizing', 'catalogue.js');
const cli = join(root, 'dist', 'cli.cjs');
const runs = Number(process.env.BENCH_RUNS ?? 21);
const targets = {ratio: 1.25, rssMb: 80};

if (!existsSync(loader)) {
	console.error(`catalogue-load: ${loader} is missing (npm run build)`);
	process.exit(1);
}

const load = [
	`const m = await import(${JSON.stringify(pathToFileURL(loader).href)});`,
	"const c = m.loadCatalogue(); let n = 0; for (const s of c.shapes) { if (m.priceIn(s, 'us-central1')) n++; }",
	'if (process.argv.includes("--rss")) console.log(process.resourceUsage().maxRSS / 1024);',
].join('\n');
const cases = [
	{name: 'bare node -e 0', args: ['-e', '0']},
	{name: 'load + price all', args: ['--input-type=module', '-e', load]},
	{name: 'shapes --json', args: [cli, 'shapes', '--json', '--search', 'c8gn.4xlarge']},
];
const env = benchEnv();

function timeOnce(args) {
	const start = process.hrtime.bigint();
	const result = spawnSync(process.execPath, args, {cwd: root, env, stdio: ['ignore', 'ignore', 'pipe']});
	const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
	if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
	return elapsed;
}

const times = await timeInterleaved(cases, {warmups: 2, runs, timeOnce: (entry) => timeOnce(entry.args)});
const bare = median(times.get(cases[0].name));
const loadRatio = median(times.get(cases[1].name)) / bare;
console.log(`catalogue-load: ${runs} interleaved runs after 2 warm-ups; ratio = median / bare median`);
console.log(environmentNote());
for (const entry of cases) {
	const value = median(times.get(entry.name));
	console.log(
		`${entry.name.padEnd(18)} ${value.toFixed(1).padStart(8)} ms ${`${(value / bare).toFixed(2)}x`.padStart(7)}`,
	);
}

const rss = Number(
	spawnSync(process.execPath, ['--input-type=module', '-e', load, '--', '--rss'], {env, encoding: 'utf8'}).stdout,
);
console.log(`peak RSS after loading and pricing every record: ${rss.toFixed(1)} MB (target <= ${targets.rssMb})`);
const pass = loadRatio <= targets.ratio && rss <= targets.rssMb;
console.log(`load + price all ${loadRatio.toFixed(2)}x (target <= ${targets.ratio}x): ${pass ? 'PASS' : 'FAIL'}`);
process.exit(pass ? 0 : 1);

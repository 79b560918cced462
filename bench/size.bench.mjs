// `netplace size` over the full catalogue (issue 7's benchmark):
// 1. `size --json --cloud any --streams 4 --min-gbps 30` against a bare `node -e 0`, interleaved child
//    processes (2 warm-ups, then RUNS rounds), ratio of medians: target <= 1.4x;
// 2. the in-process search over every configuration of the catalogue (the whole enumeration, predicted,
//    priced and ranked, on a catalogue read afresh each time so no memo of an earlier search helps),
//    median of RUNS searches after 3 warm-ups: target <= 20 ms; beside it `size()` itself (which leaves out
//    shapes below a target when enough others meet it) and a repeated search over the same evidence
//    (the wizard's what-if case);
// 3. peak memory (maxRSS) of the `size --json` process: target <= 80 MB.

import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {loadAverage, median, timeInterleaved} from './interleaved.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const cli = join(dist, 'cli.js');
const runs = Number(process.env.BENCH_RUNS ?? 21);
const targets = {ratio: 1.4, searchMs: 20, rssMb: 80};
const sizeArgs = ['size', '--json', '--cloud', 'any', '--streams', '4', '--min-gbps', '30'];
const env = {...process.env, AWS_EC2_METADATA_DISABLED: 'true', METADATA_SERVER_DETECTION: 'none', NO_COLOR: '1'};

if (!existsSync(cli)) {
	console.error(`size: ${cli} is missing (npm run build)`);
	process.exit(1);
}

function run(args) {
	const start = process.hrtime.bigint();
	const result = spawnSync(process.execPath, args, {cwd: root, env, stdio: ['ignore', 'ignore', 'pipe']});
	const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
	if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
	return elapsed;
}

// 1. Start to answer, against bare node.
const cases = [
	{name: 'bare node -e 0', args: ['-e', '0']},
	{name: 'size --json', args: [cli, ...sizeArgs]},
];
const times = await timeInterleaved(cases, {warmups: 2, runs, timeOnce: (entry) => run(entry.args)});
const bare = median(times.get(cases[0].name));
const sizeMs = median(times.get(cases[1].name));
const ratio = sizeMs / bare;
console.log(`size: ${runs} interleaved runs after 2 warm-ups; ${loadAverage()}`);
console.log(`bare node -e 0      ${bare.toFixed(1).padStart(8)} ms`);
console.log(
	`size --json         ${sizeMs.toFixed(1).padStart(8)} ms ${ratio.toFixed(2)}x (target <= ${targets.ratio}x)`,
);

// 2. The search in this process.
const load = (path) => import(pathToFileURL(join(dist, path)).href);
const [
	{loadCatalogue, loadCatalogueFrom},
	search,
	{enumerate},
	{evidenceView},
	{referenceMeasurements},
	{parseWorkload},
] = await Promise.all([
	load('sizing/catalogue.js'),
	load('sizing/search.js'),
	load('sizing/enumerate.js'),
	load('advisor/evidence.js'),
	load('advisor/catalogue.js'),
	load('advisor/workload.js'),
]);
const catalogueFile = join(dist, 'sizing', 'data', 'catalogue.json');
const workload = parseWorkload({cloud: 'any', streams: 4, minGbps: 30});
const evidence = evidenceView(referenceMeasurements());

// The model remembers its limits per catalogue record: each round reads the catalogue afresh (untimed), so
// no round finds the work of an earlier one. The what-if case keeps one catalogue, as the wizard does.
function timed(work, {freshCatalogue = true} = {}) {
	const values = [];
	const kept = loadCatalogue().shapes;
	for (let round = 0; round < runs + 3; round++) {
		const shapes = freshCatalogue ? loadCatalogueFrom(catalogueFile).shapes : kept;
		const start = performance.now();
		work(shapes);
		if (round >= 3) values.push(performance.now() - start);
	}

	return median(values);
}

const configurations = enumerate(workload, loadCatalogue().shapes, evidence).length;
const whole = timed((shapes) => search.sizeFrom(workload, enumerate(workload, shapes, evidence), shapes, evidence));
const sized = timed((shapes) => search.size(workload, shapes, evidence));
const again = timed((shapes) => search.size({...workload, streams: 8}, shapes, evidence), {freshCatalogue: false});
console.log(
	`search over every configuration (${configurations}), nothing remembered: ${whole.toFixed(1)} ms median (target <= ${targets.searchMs})`,
);
console.log(`size() as the command runs it, nothing remembered:    ${sized.toFixed(1)} ms median`);
console.log(`size() again on the same catalogue (a what-if):       ${again.toFixed(1)} ms median`);

// 3. Peak memory of the command.
const report = 'process.on("exit", () => process.stderr.write("\\nmaxrss " + process.resourceUsage().maxRSS + "\\n"));';
const rss = spawnSync(
	process.execPath,
	['--import', `data:text/javascript,${encodeURIComponent(report)}`, cli, ...sizeArgs],
	{
		env,
		encoding: 'utf8',
	},
);
const rssMb = Number(/maxrss (\d+)/.exec(rss.stderr)?.[1] ?? Number.NaN) / 1024;
console.log(`size --json peak RSS: ${rssMb.toFixed(1)} MB (target <= ${targets.rssMb})`);

const pass = ratio <= targets.ratio && whole <= targets.searchMs && rssMb <= targets.rssMb;
console.log(`size: ${pass ? 'PASS' : 'FAIL'}`);
process.exit(pass ? 0 : 1);

// The search in process over the full catalogue (issue 7's benchmark; `size --json` against bare node and
// its peak memory are in bench/cli-start.bench.mjs, with the other commands' start-up):
//  - every configuration of the catalogue (the whole enumeration, predicted, priced and ranked), on a
//    catalogue read afresh each round so nothing an earlier search worked out helps: median of RUNS
//    searches after 3 warm-ups, target <= 20 ms;
//  - beside it `size()` as the command runs it (shapes that cannot reach the target, or rank above the
//    answer, are not predicted) and a repeated search on the same catalogue (the wizard's what-if case).

import {existsSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {loadAverage, median} from './interleaved.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const cli = join(dist, 'cli.cjs');
const runs = Number(process.env.BENCH_RUNS ?? 21);
const targets = {searchMs: 20};

if (!existsSync(cli)) {
	console.error(`size: ${cli} is missing (npm run build)`);
	process.exit(1);
}

console.log(`size: in-process search, ${runs} rounds after 3 warm-ups; ${loadAverage()}`);
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
	load('domain/evidence.js'),
	load('domain/study-cells.js'),
	load('request/workload.js'),
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

const pass = whole <= targets.searchMs;
console.log(`size: ${pass ? 'PASS' : 'FAIL'}`);
process.exit(pass ? 0 : 1);

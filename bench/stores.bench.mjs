// The stores under load (issue 9). (1) 20 `advise --save pN` at once against the same 20 one after another,
// each in a fresh config folder: the lock must serialise only the few milliseconds of each write, so at
// once should cost well under sequential (all 20 must be kept either way). (2) `advise --json` with 10,000
// stored probe runs (100 cells) against an empty store, interleaved: advise reads the per-cell summary, not
// the runs. Target: <= 1.2x.

import {spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {benchEnv, median, timeInterleaved} from './interleaved.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli.cjs');
const runs = Number(process.env.BENCH_RUNS ?? 11);
const storedRuns = Number(process.env.BENCH_STORED_RUNS ?? 10_000);
const target = 1.2;

if (!existsSync(cli)) {
	console.error(`stores: ${cli} is missing (npm run build)`);
	process.exit(1);
}

const baseEnv = benchEnv();
const folders = [];
const folder = () => {
	const dir = mkdtempSync(join(tmpdir(), 'netplace-bench-stores-'));
	folders.push(dir);
	return dir;
};

function save(dir, name) {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [cli, 'advise', '--json', '--save', name], {
			cwd: root,
			env: {...baseEnv, NETPLACE_CONFIG_DIR: dir},
			stdio: 'ignore',
		});
		child.on('error', reject);
		child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`advise --save ${name} exited ${code}`))));
	});
}

function kept(dir) {
	return Object.keys(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles).length;
}

const names = Array.from({length: 20}, (_, index) => `p${index}`);
const saves = await timeInterleaved([{name: 'concurrent'}, {name: 'sequential'}], {
	warmups: 1,
	runs: 3,
	async timeOnce(entry) {
		const dir = folder();
		const start = performance.now();
		if (entry.name === 'concurrent') await Promise.all(names.map((name) => save(dir, name)));
		else for (const name of names) await save(dir, name);
		const elapsed = performance.now() - start;
		if (kept(dir) !== 20) throw new Error(`${entry.name}: ${kept(dir)} of 20 profiles kept`);
		return elapsed;
	},
});
const concurrent = median(saves.get('concurrent'));
const sequential = median(saves.get('sequential'));
console.log(`20 advise --save at once   ${concurrent.toFixed(0)} ms wall (all 20 kept)`);
console.log(`20 advise --save in turn   ${sequential.toFixed(0)} ms wall (all 20 kept)`);
console.log(
	`at once / in turn          ${(concurrent / sequential).toFixed(2)}x (2 cores: the lock serialises only the writes)`,
);

function storeRuns(dir, count) {
	mkdirSync(join(dir, 'results'));
	for (let index = 0; index < count; index++) {
		const runId = `np-bench-${index}`;
		const cell = index % 100;
		const run = {
			runId,
			provider: 'lab',
			shape: `bench-${cell}`,
			region: null,
			pairs: [
				{
					placement: 'default',
					published: {gbps: 2, kind: 'lab-cap'},
					results: [
						{streams: 1, gbps: 0.6 + (index % 7) / 100, min: 0.6, max: 0.7, samples: 1, retransmits: 0},
						{streams: 8, gbps: 1.9, min: 1.9, max: 1.9, samples: 1, retransmits: 2},
					],
					rtt: {medianMs: 0.17, avgMs: 0.19, mdevMs: 0.03},
					perFlowCeiling: {present: true, singleToAggregate: 0.33},
					percentOfPublished: 95,
					sustained: null,
				},
			],
			teardown: {complete: true, left: []},
			settings: {streams: [1, 8], durationSeconds: 20, repeat: 1, sustainedSeconds: null, pingCount: 50},
			finishedAt: new Date(Date.UTC(2026, 10, 1) + index * 60_000).toISOString(),
		};
		const entry = {version: 2, savedAt: run.finishedAt, run};
		writeFileSync(join(dir, 'results', `${runId}.json`), JSON.stringify(entry));
	}
}

const empty = folder();
const full = folder();
storeRuns(full, storedRuns);
// The first read builds the index and the per-cell summary (as the first save after an upgrade would).
const first = spawnSync(process.execPath, [cli, 'advise', '--json'], {env: {...baseEnv, NETPLACE_CONFIG_DIR: full}});
if (first.status !== 0) throw new Error(`advise over ${storedRuns} runs failed: ${first.stderr}`);

const cases = [
	{name: 'advise --json, empty store', dir: empty},
	{name: `advise --json, ${storedRuns} runs`, dir: full},
];
const times = await timeInterleaved(cases, {
	warmups: 2,
	runs,
	timeOnce(entry) {
		const start = process.hrtime.bigint();
		const result = spawnSync(process.execPath, [cli, 'advise', '--json'], {
			cwd: root,
			env: {...baseEnv, NETPLACE_CONFIG_DIR: entry.dir},
			stdio: ['ignore', 'ignore', 'pipe'],
		});
		if (result.status !== 0) throw new Error(`${entry.name} failed: ${result.stderr}`);
		return Number(process.hrtime.bigint() - start) / 1e6;
	},
});
const emptyMs = median(times.get(cases[0].name));
const fullMs = median(times.get(cases[1].name));
const ratio = fullMs / emptyMs;
console.log(`${cases[0].name.padEnd(32)} ${emptyMs.toFixed(1)} ms (median of ${runs})`);
console.log(
	`${cases[1].name.padEnd(32)} ${fullMs.toFixed(1)} ms  ${ratio.toFixed(2)}x  target <= ${target}x  ${ratio <= target ? 'ok' : 'MISSED'}`,
);
for (const dir of folders) rmSync(dir, {recursive: true, force: true});
process.exit(ratio <= target ? 0 : 1);

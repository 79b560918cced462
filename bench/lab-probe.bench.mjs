// netplace's lab probe against raw iperf3 run by hand in the same lab shaping, in the same run (issue 3):
// - figures: netplace's 1- and 8-stream Gbps over raw iperf3's (target >= 0.97), medians of ROUNDS rounds,
//   netplace and raw interleaved;
// - wall time: `node dist/cli.cjs probe … --duration 5` from spawn to exit, over the sum of its iperf3 tests'
//   durations as iperf3 runs them (-t 5 plus the -O 1 warm-up: 2 x 6 s) (target <= 1.4). The ratio over
//   -t alone (2 x 5 s) is printed beside it.
// Needs root (network namespaces); prints a skip line otherwise.
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {benchEnv, median} from './interleaved.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli.cjs');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const duration = 5;
const streams = [1, 8];
const shaping = {flowCapGbps: 1, aggregateCapGbps: 3};
const figureTarget = 0.97;
const wallTarget = 1.4;

if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
	console.log('lab-probe: skipped (the lab needs root: network namespaces and tc)');
	process.exit(0);
}

if (!existsSync(cli)) {
	console.error(`lab-probe: ${cli} is missing (npm run build)`);
	process.exit(1);
}

const {createLabProvider} = await import(join(root, 'dist/providers/lab/index.js'));
const {parseIperf3} = await import(join(root, 'dist/probe/iperf3-parse.js'));
const configDir = mkdtempSync(join(tmpdir(), 'netplace-bench-probe-'));
const env = benchEnv({NETPLACE_CONFIG_DIR: configDir});

function netplaceProbe() {
	const args = [
		cli,
		'probe',
		'--provider',
		'lab',
		'--flow-cap',
		String(shaping.flowCapGbps),
		'--aggregate-cap',
		String(shaping.aggregateCapGbps),
		'--streams',
		streams.join(','),
		'--duration',
		String(duration),
		'--json',
	];
	const start = process.hrtime.bigint();
	const result = spawnSync(process.execPath, args, {cwd: root, env, encoding: 'utf8'});
	const wallSeconds = Number(process.hrtime.bigint() - start) / 1e9;
	if (result.status !== 0) throw new Error(`netplace probe exited ${result.status}: ${result.stderr}`);
	const run = JSON.parse(result.stdout);
	const gbps = Object.fromEntries(run.pairs[0].results.map((row) => [row.streams, row.gbps]));
	return {wallSeconds, gbps};
}

function netns(namespace, argv) {
	return ['ip', ['netns', 'exec', namespace, ...argv]];
}

async function rawIperf(pair, streamCount) {
	const [command, args] = netns(pair.server.id, ['iperf3', '-s', '-1', '-p', '5299']);
	const server = spawn(command, args, {stdio: 'ignore'});
	try {
		for (let attempt = 0; attempt < 100; attempt++) {
			const listening = spawnSync(...netns(pair.server.id, ['ss', '-Hltn', 'sport', '=', ':5299']), {encoding: 'utf8'});
			if (listening.stdout.trim()) break;
			await new Promise((resolve) => setTimeout(resolve, 50));
		}

		const client = spawnSync(
			...netns(pair.client.id, [
				'iperf3',
				'-c',
				pair.server.address,
				'-p',
				'5299',
				'-P',
				String(streamCount),
				'-t',
				String(duration),
				'-O',
				'1',
				'-J',
			]),
			{encoding: 'utf8'},
		);
		const report = parseIperf3(client.stdout, client.stderr, client.status);
		if (!report.ok) throw new Error(`raw iperf3 -P ${streamCount}: ${report.error}`);
		return report.gbps;
	} finally {
		server.kill('SIGTERM');
	}
}

const provider = createLabProvider();
const rawRunId = `np-bench${Date.now().toString(36).slice(-5)}`;
const figures = {netplace: {1: [], 8: []}, raw: {1: [], 8: []}};
const walls = [];
let failed = false;
try {
	const [pair] = await provider.provision({shape: 'custom', placements: ['default'], lab: shaping}, rawRunId);
	for (let round = 0; round < rounds; round++) {
		const probe = netplaceProbe();
		walls.push(probe.wallSeconds);
		for (const count of streams) {
			figures.netplace[count].push(probe.gbps[count]);
			figures.raw[count].push(await rawIperf(pair, count));
		}

		console.log(
			`round ${round + 1}: netplace ${streams.map((count) => `${count}:${probe.gbps[count].toFixed(3)}`).join(' ')} Gbps in ${probe.wallSeconds.toFixed(2)} s; raw ${streams.map((count) => `${count}:${figures.raw[count].at(-1).toFixed(3)}`).join(' ')} Gbps`,
		);
	}
} finally {
	const report = await provider.teardown(rawRunId);
	if (!report.complete) console.error(`lab-probe: raw pair teardown left ${JSON.stringify(report.left)}`);
	rmSync(configDir, {recursive: true, force: true});
}

console.log(
	`lab shaping: per-flow cap ${shaping.flowCapGbps} Gbit, aggregate cap ${shaping.aggregateCapGbps} Gbit; ${rounds} rounds, medians`,
);
for (const count of streams) {
	const ours = median(figures.netplace[count]);
	const raw = median(figures.raw[count]);
	const ratio = ours / raw;
	const pass = ratio >= figureTarget;
	failed ||= !pass;
	console.log(
		`  ${count} stream${count === 1 ? ' ' : 's'}: netplace ${ours.toFixed(3)} Gbps, raw iperf3 ${raw.toFixed(3)} Gbps, ratio ${ratio.toFixed(3)} (target >= ${figureTarget}) ${pass ? 'PASS' : 'FAIL'}`,
	);
}

const wall = median(walls);
const tests = streams.length * (duration + 1);
const wallRatio = wall / tests;
const wallPass = wallRatio <= wallTarget;
failed ||= !wallPass;
console.log(
	`  wall time: ${wall.toFixed(2)} s for ${streams.length} tests of -t ${duration} -O 1 (${tests} s): ratio ${wallRatio.toFixed(2)} (target <= ${wallTarget}) ${wallPass ? 'PASS' : 'FAIL'}; over -t alone (${streams.length * duration} s): ${(wall / (streams.length * duration)).toFixed(2)}`,
);
process.exit(failed ? 1 : 0);

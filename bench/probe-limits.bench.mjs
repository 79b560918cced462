// Issue 11's two lab benches, ratios within one run (needs root; prints a skip line otherwise):
// - sweep: a five-point sweep (`--streams 1,2,4,8,16`, -t 3) through runProbe in the lab: its wall time from
//   the first test's start to the last test's end over the sum of its tests' durations as iperf3 runs them
//   (-t plus the -O 1 warm-up; provisioning, ping and teardown excluded) (target <= 1.3);
// - delay line: throughput at the lab's largest scaled cap (the c8gn.4xlarge cluster cell x 0.2 = 9.948 Gbit)
//   with `--rtt 1` (TCP through the delay lines) over without, medians of ROUNDS interleaved rounds of
//   `-P 8 -t 3` (target >= 0.9: the delay must not become the bottleneck it emulates).
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {median} from './interleaved.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const sweepTarget = 1.3;
const delayTarget = 0.9;

if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
	console.log('probe-limits: skipped (the lab needs root: network namespaces and tc)');
	process.exit(0);
}

const {createLabProvider} = await import(join(root, 'dist/providers/lab/index.js'));
const {runProbe} = await import(join(root, 'dist/probe/run-probe.js'));
const {resolveLabShaping} = await import(join(root, 'dist/providers/lab/shaping-spec.js'));
let failed = false;

// Sweep: time from the first test's start to the last test's end, over the tests' own durations.
{
	const duration = 3;
	const streams = [1, 2, 4, 8, 16];
	const ratios = [];
	for (let round = 0; round < rounds; round++) {
		let first = null;
		let last = null;
		const run = await runProbe(
			createLabProvider(),
			{shape: 'custom', placements: ['default'], lab: {flowCapGbps: 0.7, aggregateCapGbps: 2.1}},
			{streams, durationSeconds: duration, repeat: 1, sustainedSeconds: null, pingCount: 10},
			{
				onEvent(event) {
					if (event.type === 'step-started' && event.step.kind === 'streams') first ??= performance.now();
					if (event.type === 'step-done' && event.stepId.includes('/streams-')) last = performance.now();
				},
			},
		);
		if (run.failed || first === null || last === null)
			throw new Error(`sweep failed: ${JSON.stringify(run.pairs[0]?.errors)}`);
		const seconds = (last - first) / 1000;
		ratios.push(seconds / (streams.length * (duration + 1)));
		console.log(
			`  sweep round ${round + 1}: ${seconds.toFixed(2)} s for ${streams.length} tests of ${duration + 1} s; knee ${run.pairs[0].sweep?.kneeStreams}`,
		);
	}

	const ratio = median(ratios);
	const pass = ratio <= sweepTarget;
	failed ||= !pass;
	console.log(
		`  five-point sweep: wall / sum of test durations ${ratio.toFixed(3)} (target <= ${sweepTarget}) ${pass ? 'PASS' : 'FAIL'}`,
	);
}

// Delay line at the largest scaled cap.
{
	const spec = resolveLabShaping({profile: 'aws/c8gn.4xlarge/cluster'}, 'cluster');
	const cap = spec.aggregateCapGbps;
	const provider = createLabProvider();
	const plain = `np-bp${Date.now().toString(36).slice(-5)}`;
	const delayed = `${plain}d`;
	const [bare] = await provider.provision(
		{shape: 'custom', placements: ['default'], lab: {aggregateCapGbps: cap}},
		plain,
	);
	const [slow] = await provider.provision(
		{shape: 'custom', placements: ['default'], lab: {aggregateCapGbps: cap, rttMs: 1}},
		delayed,
	);
	const {parseIperf3} = await import(join(root, 'dist/probe/iperf3-parse.js'));
	const iperf = async (pair) => {
		const server = await provider.startBackground(pair.server, ['iperf3', '-s', '-1', '-p', '5299']);
		try {
			for (let attempt = 0; attempt < 50; attempt++) {
				const result = await provider.exec(
					pair.client,
					['iperf3', '-c', pair.server.address, '-p', '5299', '-P', '8', '-t', '3', '-O', '1', '-J'],
					{timeoutMs: 30_000},
				);
				const report = parseIperf3(result.stdout, result.stderr, result.code);
				if (report.ok) return report;
				if (!/refused/i.test(report.error)) throw new Error(report.error);
			}

			throw new Error('iperf3 server never answered');
		} finally {
			await server.stop();
		}
	};

	const without = [];
	const withDelay = [];
	const rtts = [];
	try {
		for (let round = 0; round < rounds; round++) {
			without.push((await iperf(bare)).gbps);
			const report = await iperf(slow);
			withDelay.push(report.gbps);
			const means = report.streamFigures.map((stream) => stream.meanRttMs).filter((value) => value !== null);
			rtts.push(means.reduce((sum, value) => sum + value, 0) / means.length);
		}
	} finally {
		await provider.teardown(plain);
		await provider.teardown(delayed);
	}

	const ratio = median(withDelay) / median(without);
	const pass = ratio >= delayTarget;
	failed ||= !pass;
	console.log(
		`  delay line at ${cap} Gbit (-P 8): without ${without.map((v) => v.toFixed(2)).join('/')} Gbps, --rtt 1 ${withDelay.map((v) => v.toFixed(2)).join('/')} Gbps (TCP RTT ${rtts.map((v) => v.toFixed(2)).join('/')} ms): ratio ${ratio.toFixed(3)} (target >= ${delayTarget}) ${pass ? 'PASS' : 'FAIL'}`,
	);
}

process.exit(failed ? 1 : 0);

// What bounds a lab probe (issue 11), with real iperf3 in real namespaces: the CPU-bound flag, one process
// against several, and the stream sweep's knee. Run under the lab lock (flock /tmp/np-lab.lock).
import {cpus, loadavg} from 'node:os';
import {afterAll, expect, it} from 'vitest';
import {runProbe} from '../../source/probe/run-probe.js';
import type {PairResult, ProbeSettings} from '../../source/probe/types.js';
import {createLabProvider} from '../../source/providers/lab/index.js';
import type {LabTarget, Provider} from '../../source/providers/provider.js';
import {keptLabPair} from '../helpers/kept-pair.js';
import {describeLab} from '../helpers/lab.js';

const base: ProbeSettings = {streams: [1], durationSeconds: 2, repeat: 1, sustainedSeconds: null, pingCount: 10};

// One aggregate-2 pair serves every run of it (one process and two, round after round); the one-process runs
// sweep 1, 2 and 4 streams, and the first of them with a sweep is also the sweep without a flow cap.
const aggregate2 = keptLabPair();
const noCapSweeps: PairResult[] = [];
afterAll(async () => {
	expect(await aggregate2.release()).toEqual({complete: true, left: []});
});

/**
 * Every test here is 2 s without the 1 s warm-up (`-O 0`): at the lab's sub-millisecond RTTs TCP reaches a cap
 * within milliseconds, so the warm-up changes no figure. Measured with iperf3 alone, five runs each at load
 * average 5-10: flow cap 1 / aggregate 3 Gbit, one flow 0.946-0.956 Gbps with `-t 2 -O 0`, 0.857-0.956 with
 * `-t 2 -O 1`; 8 streams 2.831-2.869 and 2.648-2.850; aggregate 2 Gbit, 8 streams 1.812-1.913 and 1.755-1.885.
 */
async function probe(lab: LabTarget, settings: Partial<ProbeSettings>, provider = createLabProvider()) {
	const target = {shape: 'custom', placements: ['default'], lab} as const;
	const run = await runProbe(provider, target, {...base, ...settings}, {omitSeconds: 0});
	expect(run.teardown.complete).toBe(true);
	expect(run.pairs[0]?.errors).toBeUndefined();
	return run.pairs[0]!;
}

/**
 * A sweep needs enough valid tests: one this machine's other programs starved is set aside (CPU-bound), and at
 * load average 18 that left a 1, 2, 4 sweep without one (1 stream read 1.64 Gbps under a 2 Gbit cap). Such a
 * run is measured again (up to three runs).
 */
async function sweepOf(lab: LabTarget, streams: number[], provider?: Provider) {
	let pair = await probe(lab, {streams}, provider);
	for (let run = 1; run < 3 && pair.sweep == null; run++) pair = await probe(lab, {streams}, provider);
	return pair;
}

/**
 * The CPU-bound flag reads iperf3's own figure and the host's /proc/stat (host-cpu.ts): iperf3's getrusage
 * misses the veth's softirq work (measured: an unshaped pair at 30 Gbps with iperf3 at 46% / 49% of a core),
 * and a starved iperf3 waits rather than runs (at load average 16 on 2 cores: 6.8 Gbps at 6.8% client CPU),
 * but the host's core is full either way, most of it kernel time. The capped pair reaches what its cap allows,
 * so however busy the machine's other programs keep its cores, the cap, not the CPU, bound it. Measured at
 * load average 10-11 on the 2-core build machine: unshaped 24.5 / 22.5 Gbps, iperf3 43% / 47%, busiest core
 * 100% with 63% / 95% kernel: flagged; 1 Gbit 0.954 / 0.956 Gbps, busiest core 65% / 81%: not flagged.
 * On an otherwise idle 2-core machine no core fills: unshaped 12 to 14 Gbps, iperf3 74% to 84%, both cores
 * 63% to 66% busy, nearly all kernel (the machine rule); 1 Gbit: all cores 10% to 12%.
 * Skipped only on a machine far busier than that.
 */
const crowded = loadavg()[0]! > cpus().length * 6;

describeLab('probe limits in the lab (real iperf3)', () => {
	it.skipIf(crowded)('an unshaped pair is flagged CPU-bound; a 1 Gbit-capped pair is not', async () => {
		const unshaped = await probe({}, {processes: 1});
		// A capped run that other programs starved below 90% of its cap reads its busy host (at load average 8:
		// 0.853 Gbps, a core 99% busy) or the path (load 9: 0.769 Gbps) as the bound: measured again, up to three runs.
		let capped = await probe({aggregateCapGbps: 1}, {processes: 1});
		for (let run = 1; run < 3 && capped.results[0]?.limit !== 'instance'; run++)
			capped = await probe({aggregateCapGbps: 1}, {processes: 1});
		const [free] = unshaped.results;
		const [held] = capped.results;
		const host = (result: typeof free): string => {
			const client = result?.cpu?.host?.client;
			return client
				? `${JSON.stringify(client.busiest)}, all cores ${client.busyPercent}% over ${client.seconds} s`
				: 'null';
		};
		console.info(
			`unshaped: ${free?.gbps} Gbps, iperf3 CPU ${free?.cpu?.client}% / ${free?.cpu?.server}%, host ${host(free)}, bound ${free?.cpu?.bound} (${free?.cpu?.boundBy?.join('; ')}); 1 Gbit: ${held?.gbps} Gbps, iperf3 CPU ${held?.cpu?.client}% / ${held?.cpu?.server}%, host ${host(held)}, bound ${held?.cpu?.bound}; load ${loadavg()[0]}`,
		);
		expect(free?.cpu?.host?.client).not.toBeNull();
		expect(free?.cpu?.bound).toBe(true);
		expect(free?.limit).toBe('cpu');
		expect(held?.cpu?.host?.client).not.toBeNull();
		expect(held?.cpu?.bound).toBe(false);
		expect(held?.limit).toBe('instance');
	});

	it('several processes give the figure one process gives where one is not CPU-bound (within 3%)', async () => {
		const lab = {aggregateCapGbps: 2};
		// One process and two in turn, medians compared: a slow spell on this shared machine then falls on both
		// modes alike instead of on whichever ran during it. A cap bounds both from above, so one round that agrees
		// is the answer; medians 3% apart get another round (up to five): at load average 18 one round read 1.748
		// against 1.88 around it, and three medians 3.5% apart. A round in which other programs left either test
		// CPU-bound (at load average 9 the one process read 1.70) measured the machine: it is run again, not counted.
		const ones: number[] = [];
		const twos: number[] = [];
		const median = (values: number[]): number => {
			const sorted = [...values].sort((a, b) => a - b);
			const half = Math.floor(sorted.length / 2);
			return sorted.length % 2 === 1 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
		};
		const apart = (): number => Math.abs(median(twos) - median(ones)) / median(ones);
		const bound: string[] = [];
		for (let round = 0; round < 5 && (ones.length === 0 || apart() >= 0.03); round++) {
			const oneProcess = await probe(lab, {streams: [1, 2, 4], processes: 1}, aggregate2);
			if (oneProcess.sweep != null) noCapSweeps.push(oneProcess);
			const one = oneProcess.results.find((result) => result.streams === 4);
			const [two] = (await probe(lab, {streams: [4], processes: 2}, aggregate2)).results;
			expect(one?.mode?.processes).toBe(1);
			expect(two?.mode?.processes).toBe(2);
			if (one?.cpu?.bound !== false || two?.cpu?.bound !== false) {
				bound.push(`${one?.gbps} / ${two?.gbps}`);
				continue;
			}

			ones.push(one.gbps);
			twos.push(two.gbps);
		}

		if (bound.length > 0) console.info(`CPU-bound rounds, run again: ${bound.join(', ')} Gbps`);
		expect(ones.length).toBeGreaterThan(0);

		console.info(`4 streams at 2 Gbit: one process ${ones.join(', ')} Gbps; two processes ${twos.join(', ')} Gbps`);
		expect(apart()).toBeLessThan(0.03);
	});

	it('a sweep with caps 0.7 per flow / 2.1 aggregate: knee at 3 streams, per-flow about 0.67, aggregate about 2.0', async () => {
		// 1 and 2 streams below the knee (the per-flow cap), 4 and 8 on the plateau (the aggregate: with 4 alone the
		// sweep reads "still rising at 4 streams"; 16 would add a third plateau point, nothing more).
		const pair = await sweepOf({flowCapGbps: 0.7, aggregateCapGbps: 2.1}, [1, 2, 4, 8]);
		console.info(
			`sweep 0.7/2.1: ${pair.results.map((result) => `${result.streams}:${result.gbps}`).join(' ')}; ${pair.sweep?.text}; predicted ${JSON.stringify(pair.predicted)} gap ${JSON.stringify(pair.gap)}`,
		);
		expect(pair.sweep?.kneeStreams).toBe(3);
		expect(Math.abs(pair.sweep!.perFlowCapGbps! - 0.67) / 0.67).toBeLessThan(0.1);
		expect(Math.abs(pair.sweep!.aggregateGbps - 2.0) / 2.0).toBeLessThan(0.1);
		expect(pair.results.find((result) => result.streams === 1)?.limit).toBe('per-flow-cap');
		expect(pair.verdict?.bindingLimit).toBe('instance');
		expect(pair.gap?.aggregatePercent).toBeGreaterThan(90);
	});

	it('without a flow cap the sweep finds no per-flow cap', async () => {
		// The one-process sweeps above; measured again only if none had one (its tests all set aside).
		const pair = noCapSweeps[0] ?? (await sweepOf({aggregateCapGbps: 2}, [1, 2, 4], aggregate2));
		console.info(
			`sweep, aggregate 2 only: ${pair.results.map((result) => `${result.streams}:${result.gbps}`).join(' ')}; ${pair.sweep?.text}`,
		);
		expect(pair.sweep?.perFlowCapGbps).toBeNull();
		expect(pair.sweep?.text).toMatch(/^no per-flow cap found/);
	});
});

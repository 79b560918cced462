// The lab delays TCP as well as ICMP (issue 11): iperf3's own RTT (the sender's `mean_rtt`) reads the target,
// and a window-limited flow follows window / RTT. Real namespaces, real iperf3; run under the lab lock.
import {afterAll, expect, it} from 'vitest';
import {type Iperf3Report, parseIperf3} from '../../../source/probe/iperf3-parse.js';
import {createLabProvider} from '../../../source/providers/lab/index.js';
import type {HostPair, Provider} from '../../../source/providers/provider.js';
import {describeLab} from '../../helpers/lab.js';

const provider: Provider = createLabProvider();
const runs: string[] = [];

async function pairWith(name: string, rttMs: number, aggregateCapGbps: number | null): Promise<HostPair> {
	const id = `np-w${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}-${name}`;
	runs.push(id);
	const [pair] = await provider.provision(
		{shape: 'custom', placements: ['default'], lab: {rttMs, aggregateCapGbps}},
		id,
	);
	return pair!;
}

/** The 20 ms pair (aggregate cap 1 Gbit) serves both tests: a 128K window at 20 ms moves some 0.07 Gbit, far under the cap. */
let at20: Promise<HostPair> | undefined;
const pairAt20 = (): Promise<HostPair> => {
	at20 ??= pairWith('r20', 20, 1);
	return at20;
};

type Ok = Extract<Iperf3Report, {ok: true}>;

/**
 * `-t 1` after the `-O 1` warm-up: by then a 20 ms flow has left slow start (a 128K window in some 5 round trips,
 * the 1 Gbit cap's 2.5 MB in some 8) and its mean_rtt and Gbps are those of the steady flow.
 */
async function iperf(pair: HostPair, extra: readonly string[]): Promise<Ok> {
	const server = await provider.startBackground(pair.server, ['iperf3', '-s', '-1', '-p', '5202']);
	try {
		for (let attempt = 0; attempt < 50; attempt++) {
			const result = await provider.exec(
				pair.client,
				['iperf3', '-c', pair.server.address, '-p', '5202', '-t', '1', '-O', '1', '-J', ...extra],
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
}

const meanRtt = (report: Ok): number => report.streamFigures[0]?.meanRttMs ?? Number.NaN;

describeLab('lab TCP delay (NFQUEUE both directions)', () => {
	afterAll(async () => {
		for (const id of runs) expect((await provider.teardown(id)).complete).toBe(true);
	});

	it('--rtt 20: iperf3 mean_rtt within 15% of 20 ms, forward and reverse', async () => {
		const pair = await pairAt20();
		const forward = await iperf(pair, ['-P', '1']);
		const reverse = await iperf(pair, ['-P', '1', '-R']);
		console.info(
			`lab --rtt 20 --aggregate-cap 1: forward ${forward.gbps.toFixed(3)} Gbps mean_rtt ${meanRtt(forward)} ms; reverse ${reverse.gbps.toFixed(3)} Gbps; ${pair.notes?.join(' | ') ?? ''}`,
		);
		expect(Math.abs(meanRtt(forward) - 20) / 20).toBeLessThan(0.15);
		expect(reverse.reverse).toBe(true);
		// A 1 Gbit cap still carries its goodput through a 20 ms path (the delay is not a bottleneck).
		expect(forward.gbps).toBeGreaterThan(0.8);
		expect(reverse.gbps).toBeGreaterThan(0.8);
	});

	it('a fixed window (-w 128K): doubling the RTT (10 -> 20 ms) halves the throughput, within 15%', async () => {
		const short = await pairWith('w10', 10, null);
		const long = await pairAt20();
		// window / RTT bounds each flow from above, and a flow other programs starve reads low (at load average 7 the
		// 20 ms flow once read 62.9 Mbps against 74.5-78.1, ratio 0.427): both are measured again while the ratio
		// of the best of each is off (up to three rounds).
		const runs: Array<[Ok, Ok]> = [];
		const best = (index: 0 | 1): Ok => runs.map((pair) => pair[index]).sort((a, b) => b.gbps - a.gbps)[0]!;
		const ratio = (): number => best(1).gbps / best(0).gbps;
		for (let round = 0; round < 3 && (round === 0 || Math.abs(ratio() - 0.5) / 0.5 >= 0.15); round++) {
			runs.push([await iperf(short, ['-P', '1', '-w', '128K']), await iperf(long, ['-P', '1', '-w', '128K'])]);
		}

		const [at10, at20] = [best(0), best(1)];
		console.info(
			`-w 128K: ${(at10.gbps * 1000).toFixed(1)} Mbps at ${meanRtt(at10)} ms, ${(at20.gbps * 1000).toFixed(1)} Mbps at ${meanRtt(at20)} ms: ratio ${ratio().toFixed(3)} (${runs.length} round${runs.length === 1 ? '' : 's'})`,
		);
		expect(Math.abs(ratio() - 0.5) / 0.5).toBeLessThan(0.15);
	});
});

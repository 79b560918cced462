// The lab for real: namespaces, HTB shaping measured with iperf3, the RTT delay line measured with ping,
// teardown that leaves nothing. Needs root; skips with the reason elsewhere (fails under NETPLACE_REQUIRE_LAB=1).
import {execFileSync} from 'node:child_process';
import {afterAll, expect, it} from 'vitest';
import {parseIperf3} from '../../../source/probe/iperf3-parse.js';
import {createLabProvider} from '../../../source/providers/lab/index.js';
import {delayLineProcesses} from '../../../source/providers/lab/namespaces.js';
import {parsePing} from '../../../source/providers/ping-parse.js';
import type {HostPair, Provider} from '../../../source/providers/provider.js';
import {describeLab} from '../../helpers/lab.js';

const goodput = 0.955;
const created: Array<{provider: Provider; runId: string}> = [];

function runId(name: string): string {
	return `np-t${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}-${name}`;
}

async function provisionPair(provider: Provider, id: string, lab: Record<string, number | null>): Promise<HostPair> {
	created.push({provider, runId: id});
	const pairs = await provider.provision({shape: 'custom', placements: ['default'], lab}, id);
	expect(pairs).toHaveLength(1);
	return pairs[0]!;
}

/**
 * One second, no warm-up left out: at the lab's sub-millisecond RTTs TCP reaches a cap within milliseconds, and
 * HTB's bucket starts with a burst of a few kilobytes, so one second reads the cap as `-t 2 -O 1` does (measured
 * on the 2-core build machine, five runs each at load average 5-10: `-t 1 -O 0` one flow at 1 Gbit
 * 0.926-0.954 Gbps but one starved run, 8 streams at 3 Gbit 2.852-2.866; `-t 2 -O 1` 0.857-0.956 and
 * 2.648-2.850).
 */
async function iperf(provider: Provider, pair: HostPair, extra: readonly string[]): Promise<number> {
	const server = await provider.startBackground(pair.server, ['iperf3', '-s', '-1', '-p', '5201']);
	try {
		// The server listens within milliseconds; retry the connect rather than sleeping.
		for (let attempt = 0; attempt < 50; attempt++) {
			const result = await provider.exec(
				pair.client,
				['iperf3', '-c', pair.server.address, '-p', '5201', '-t', '1', '-O', '0', '-J', ...extra],
				{
					timeoutMs: 20_000,
				},
			);
			const report = parseIperf3(result.stdout, result.stderr, result.code);
			if (report.ok) return report.gbps;
			if (!/refused/i.test(report.error)) throw new Error(report.error);
		}

		throw new Error('iperf3 server never answered');
	} finally {
		await server.stop();
	}
}

/**
 * A cap is an upper bound: shaping can only be caught out by a figure above it or well below it. On a busy
 * 2-core machine a starved iperf3 can read low, so a low reading is measured again at once (up to eight 1 s
 * runs, the best kept, some 12 s for a slow spell to pass, as five 2 s runs gave): a clean-clone CI run once read
 * an aggregate 2 Gbit pair at 1.715/1.709/1.690 Gbps in three runs back to back, 10.2% under, where three runs of
 * the suite on the same kind of machine read 1.881 to 1.907 (2% at most), and at load average 7 one flow read
 * 1.443 to 1.691 five times in 8 s. A reading above the band fails at once.
 */
async function capped(
	provider: Provider,
	pair: HostPair,
	extra: readonly string[],
	expected: number,
): Promise<{best: number; runs: number[]}> {
	const runs: number[] = [];
	for (let attempt = 0; attempt < 8; attempt++) {
		const gbps = await iperf(provider, pair, extra);
		runs.push(gbps);
		if (gbps >= expected * 0.9) break;
	}

	return {best: Math.max(...runs), runs};
}

const shown = (figure: {runs: number[]}): string => figure.runs.map((gbps) => gbps.toFixed(3)).join('/');

function leftovers(id: string): {
	namespaces: string[];
	delayLines: number;
	rootNftTables: string;
	rootQueueRules: number;
} {
	const namespaces = execFileSync('ip', ['netns', 'list'], {encoding: 'utf8'})
		.split('\n')
		.filter((line) => line.startsWith(`${id}-`));
	const rootNftTables = execFileSync('nft', ['list', 'tables'], {encoding: 'utf8'});
	const rootQueueRules = execFileSync('iptables', ['-S'], {encoding: 'utf8'})
		.split('\n')
		.filter((line) => line.includes(`NFQUEUE`)).length;
	return {
		namespaces,
		delayLines: delayLineProcesses().filter((entry) => entry.prefix === id).length,
		rootNftTables,
		rootQueueRules,
	};
}

afterAll(async () => {
	for (const {provider, runId: id} of created) {
		await provider.teardown(id);
	}
});

describeLab('lab provider (real namespaces, tc, iperf3)', () => {
	it('flow cap 1 / aggregate 3 Gbit: one flow ~0.955, eight ~2.87, reverse shaped too; teardown leaves nothing', async () => {
		const provider = createLabProvider();
		const id = runId('caps');
		const pair = await provisionPair(provider, id, {flowCapGbps: 1, aggregateCapGbps: 3});
		expect(pair.published).toMatchObject({gbps: 3, kind: 'lab-cap'});
		const single = await capped(provider, pair, ['-P', '1'], goodput);
		const eight = await capped(provider, pair, ['-P', '8'], 3 * goodput);
		const reverse = await capped(provider, pair, ['-P', '1', '-R'], goodput);
		console.info(`lab caps 1/3 Gbit: single ${shown(single)}, eight ${shown(eight)}, reverse single ${shown(reverse)}`);
		expect(Math.abs(single.best - goodput) / goodput).toBeLessThan(0.1);
		expect(Math.abs(reverse.best - goodput) / goodput).toBeLessThan(0.1);
		expect(Math.abs(eight.best - 3 * goodput) / (3 * goodput)).toBeLessThan(0.1);

		const report = await provider.teardown(id);
		expect(report).toEqual({complete: true, left: []});
		const left = leftovers(id);
		expect(left.namespaces).toEqual([]);
		expect(left.delayLines).toBe(0);
		expect(left.rootNftTables).not.toContain('netplace');
	});

	it('no flow cap, aggregate 2 Gbit: one flow gets about the aggregate', async () => {
		const provider = createLabProvider();
		const id = runId('agg');
		const pair = await provisionPair(provider, id, {aggregateCapGbps: 2});
		const single = await capped(provider, pair, ['-P', '1'], 2 * goodput);
		const eight = await capped(provider, pair, ['-P', '8'], 2 * goodput);
		console.info(`lab no flow cap, aggregate 2 Gbit: single ${shown(single)}, eight ${shown(eight)}`);
		expect(Math.abs(single.best - 2 * goodput) / (2 * goodput)).toBeLessThan(0.1);
		expect(single.best / eight.best).toBeGreaterThan(0.9);
		expect((await provider.teardown(id)).complete).toBe(true);
	});

	it('profile aws/c8g.4xlarge/default x 0.2: one flow ~0.99 x 0.955, the RTT target calibrated or reported below the floor', async () => {
		const provider = createLabProvider();
		const id = runId('prof');
		created.push({provider, runId: id});
		const [pair] = await provider.provision(
			{shape: 'lab', placements: ['default'], lab: {profile: 'aws/c8g.4xlarge/default'}},
			id,
		);
		expect(pair?.published).toMatchObject({gbps: 2.978, kind: 'lab-cap'});
		const single = await capped(provider, pair!, ['-P', '1'], 0.992 * goodput);
		console.info(`lab profile aws/c8g.4xlarge/default: single ${shown(single)}; ${pair!.notes?.join(' | ') ?? ''}`);
		expect(Math.abs(single.best - 0.992 * goodput) / (0.992 * goodput)).toBeLessThan(0.1);
		expect(pair!.notes?.some((note) => /RTT target 0\.17 ms/.test(note))).toBe(true);
		expect((await provider.teardown(id)).complete).toBe(true);
	});

	it('RTT target 2 ms: ping median within 15%; the delay line and its rule go at teardown', async () => {
		const provider = createLabProvider();
		const id = runId('rtt');
		const pair = await provisionPair(provider, id, {aggregateCapGbps: 2, rttMs: 2});
		expect(pair.notes?.some((note) => note.includes('RTT target 2 ms'))).toBe(true);
		const result = await provider.exec(pair.client, ['ping', '-n', '-c', '20', '-i', '0.02', pair.server.address], {
			timeoutMs: 20_000,
		});
		const ping = parsePing(result.stdout, result.stderr);
		expect(ping.ok).toBe(true);
		if (!ping.ok) return;
		console.info(
			`lab RTT target 2 ms: median ${ping.medianMs}, avg ${ping.avgMs}, mdev ${ping.mdevMs}; ${pair.notes?.join(' | ') ?? ''}`,
		);
		expect(Math.abs(ping.medianMs - 2) / 2).toBeLessThan(0.15);
		// TCP is held where it arrives in both namespaces; ICMP twice in the server (tc-commands delayQueueRules).
		const clientRules = await provider.exec(pair.client, ['iptables', '-S', 'INPUT']);
		expect(clientRules.stdout).toMatch(/-i np0 -p tcp -j NFQUEUE/);
		const serverRules = await provider.exec(pair.server, ['iptables', '-S']);
		expect(serverRules.stdout).toMatch(/-A INPUT -i np0 -p tcp -j NFQUEUE/);
		expect(serverRules.stdout).toMatch(/-A INPUT -i np0 -p icmp -j NFQUEUE/);
		expect(serverRules.stdout).toMatch(/-A OUTPUT -o np0 -p icmp -j NFQUEUE/);
		expect(delayLineProcesses().filter((entry) => entry.prefix === id)).toHaveLength(2);

		expect((await provider.teardown(id)).complete).toBe(true);
		const left = leftovers(id);
		expect(left).toMatchObject({namespaces: [], delayLines: 0});
	});

	it('says so when the RTT target is below the floor, and adds no delay', async () => {
		const provider = createLabProvider();
		const id = runId('floor');
		const pair = await provisionPair(provider, id, {rttMs: 0.01});
		expect(pair.notes?.some((note) => /below what this machine can reproduce/.test(note))).toBe(true);
		expect(delayLineProcesses().filter((entry) => entry.prefix === id)).toHaveLength(0);
		expect((await provider.teardown(id)).complete).toBe(true);
	});
});

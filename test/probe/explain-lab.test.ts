// `netplace explain` on iperf3 outputs the lab makes here (issue 39): each case sets one limit with the lab's own
// parts (HTB per-flow and aggregate classes, the delay line, an nftables random drop, taskset, an MTU mismatch
// between the namespaces), runs real iperf3 -J across the pair, and the file must be attributed to the limit the
// lab set. Run alone (the serial project): a figure read on a busy machine is retried, never loosened.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, expect, it} from 'vitest';
import type {ExplainedTest} from '../../source/advice/explain-answer.js';
import {defaultWorkload} from '../../source/domain/types.js';
import {createLabProvider} from '../../source/providers/lab/index.js';
import type {HostPair, LabTarget, Provider} from '../../source/providers/provider.js';
import {explainImports, readImports} from '../../source/session/explain.js';
import {describeLab} from '../helpers/lab.js';

const scratch = mkdtempSync(join(tmpdir(), 'np-explain-lab-'));
const port = '15291';
/**
 * Both iperf3 ends at nice -20 unless a case says otherwise. On this shared 2-core machine nice ranks a process
 * only within its session's autogroup (sched_autogroup_enabled), so under other sessions' load a case's figure
 * still reads low at times: its band is retried, never loosened. The CPU case, whose rule reads iperf3's own
 * share of a core, runs both ends in the real-time class instead (see there).
 */
const niced = ['nice', '-n', '-20'];
let sequence = 0;

interface LabPair {
	readonly provider: Provider;
	readonly pair: HostPair;
	readonly runId: string;
}

async function labPair(lab: LabTarget): Promise<LabPair> {
	const provider = createLabProvider();
	const runId = `np-x${process.pid.toString(36)}${(sequence++).toString(36)}`;
	const [pair] = await provider.provision({shape: 'custom', placements: ['default'], lab}, runId);
	return {provider, pair: pair!, runId};
}

async function release({provider, runId}: LabPair): Promise<void> {
	expect((await provider.teardown(runId)).complete).toBe(true);
}

/** How each end's iperf3 is started (default: nice -20). */
interface Wraps {
	readonly client?: readonly string[];
	readonly server?: readonly string[];
}

/** Runs `iperf3 -c … -J` across the pair (each end as `wraps` starts it); the output saved to a file. */
async function iperf3File(lab: LabPair, name: string, args: readonly string[], wraps: Wraps = {}) {
	const serverStart = [...(wraps.server ?? niced), 'iperf3', '-s', '-p', port, '-1'];
	const server = await lab.provider.startBackground(lab.pair.server, serverStart);
	try {
		const client = [...(wraps.client ?? niced), 'iperf3', '-c', lab.pair.server.address, '-p', port, '-J', ...args];
		let result = await lab.provider.exec(lab.pair.client, client, {timeoutMs: 60_000});
		// The server may not listen yet: iperf3 says so in its JSON; asked again until it does.
		for (let tries = 0; tries < 50 && /Connection refused/.test(result.stdout); tries++)
			result = await lab.provider.exec(lab.pair.client, client, {timeoutMs: 60_000});
		const path = join(scratch, `${name}.json`);
		writeFileSync(path, result.stdout);
		return path;
	} finally {
		await server.stop();
	}
}

function explained(files: readonly string[]): ExplainedTest[] {
	const answer = explainImports(readImports(files), defaultWorkload, [], []);
	for (const test of answer.tests)
		console.info(
			`${test.test.file.split('/').at(-1)}: ${test.test.gbps?.toFixed(3)} Gbps, ${test.attribution.limit}: ${test.attribution.evidence.join(' | ')} -> ${test.next}`,
		);
	return [...answer.tests];
}

/** A case's measurement is made again up to this many times when the limit it reads is not the one set. */
const attempts = 3;

/**
 * The case's files explained, made again while they read another limit than the lab set (on this shared machine
 * a run can read low: a run of 4 streams through 0.5 Gbit flow caps carried 1.41 Gbps, not 2, at load 14). The
 * rule and its bands are never loosened: the last attempt's reading is what the test then checks.
 */
async function retried(
	make: () => Promise<readonly string[]>,
	holds: (tests: readonly ExplainedTest[]) => boolean,
): Promise<ExplainedTest[]> {
	let tests: ExplainedTest[] = [];
	for (let attempt = 1; attempt <= attempts; attempt++) {
		tests = explained(await make());
		if (holds(tests)) return tests;
		console.info(`attempt ${attempt} of ${attempts} read another limit than the lab set`);
	}

	return tests;
}

const limitsOf = (tests: readonly ExplainedTest[]) => tests.map((test) => test.attribution.limit);
const allAre =
	(limit: string) =>
	(tests: readonly ExplainedTest[]): boolean =>
		tests.length > 0 && tests.every((test) => test.attribution.limit === limit);

afterAll(() => rmSync(scratch, {recursive: true, force: true}));

describeLab('explain on lab-made iperf3 outputs (real iperf3)', () => {
	it('a per-flow cap (HTB class per flow 0.5 Gbit, aggregate 4): 1 and 4 streams add up', async () => {
		const lab = await labPair({flowCapGbps: 0.5, aggregateCapGbps: 4});
		try {
			const make = async () => [
				await iperf3File(lab, 'flow-cap-p1', ['-t', '2', '-P', '1']),
				await iperf3File(lab, 'flow-cap-p4', ['-t', '2', '-P', '4']),
			];
			expect(limitsOf(await retried(make, allAre('per-flow-cap')))).toEqual(['per-flow-cap', 'per-flow-cap']);
		} finally {
			await release(lab);
		}
	});

	it('an aggregate cap (one HTB class of 1 Gbit, no flow cap): 4 streams carry what 1 does', async () => {
		const lab = await labPair({aggregateCapGbps: 1});
		try {
			const make = async () => [
				await iperf3File(lab, 'aggregate-p1', ['-t', '2', '-P', '1']),
				await iperf3File(lab, 'aggregate-p4', ['-t', '2', '-P', '4']),
			];
			expect(limitsOf(await retried(make, allAre('instance')))).toEqual(['instance', 'instance']);
		} finally {
			await release(lab);
		}
	});

	it('window ÷ RTT (the delay line at 20 ms, iperf3 -w 128K)', async () => {
		const lab = await labPair({rttMs: 20, aggregateCapGbps: 4});
		try {
			const make = async () => [await iperf3File(lab, 'window', ['-t', '3', '-O', '1', '-w', '128K'])];
			const [test] = await retried(make, allAre('window'));
			expect(test?.attribution.limit).toBe('window');
			expect(test?.next).toMatch(/^tune the hosts/);
		} finally {
			await release(lab);
		}
	});

	it('loss (an nftables rule dropping 2% of the packets at random, cubic)', async () => {
		const lab = await labPair({aggregateCapGbps: 2});
		try {
			const rules = join(scratch, 'drop.nft');
			writeFileSync(
				rules,
				`table inet npexplain {\n\tchain input {\n\t\ttype filter hook input priority 0;\n\t\ttcp dport ${port} numgen random mod 100 < 2 drop\n\t}\n}\n`,
			);
			const nft = await lab.provider.exec(lab.pair.server, ['nft', '-f', rules]);
			expect(nft.stderr).toBe('');
			const make = async () => [await iperf3File(lab, 'loss', ['-t', '2', '-C', 'cubic'])];
			const [test] = await retried(make, allAre('loss'));
			expect(test?.attribution.limit).toBe('loss');
			expect(test?.attribution.evidence.join(' ')).toContain('congestion control cubic');
		} finally {
			await release(lab);
		}
	});

	it('CPU: taskset holds the sender to one core whose work per byte it cannot keep up with', async () => {
		// The bound is set, not hoped for. The sender is pinned to core 0 (taskset) and reads its data from
		// /dev/urandom (iperf3 -F): generating it costs the sender's one core more per byte than the receiver's copy
		// costs the other, so the sender's own CPU is what holds the test. Both ends run SCHED_FIFO (chrt -f 1), each
		// on its own core: this machine schedules by autogroup, so nice -20 gives a process no more than its session's
		// share of a core (an ordinary run at load 5 read the sender at 22% with the receiver at 77%, or the sender at
		// 52%), and the rule would read the other programs. Measured at load 15 (two busy loops added): the sender at
		// 97.2% to 97.5% of its core, 4.0 Gbps, the receiver at 18% to 22%; the same pinned pair without the
		// source carries 18 to 21 Gbps. The real-time class is throttled at 95% of each second
		// (sched_rt_runtime_us), and the receiver takes a fifth of its core: the machine is not starved.
		const lab = await labPair({});
		try {
			const realtime = (core: string) => ['chrt', '-f', '1', 'taskset', '-c', core];
			const wraps = {client: realtime('0'), server: realtime('1')};
			const make = async () => [await iperf3File(lab, 'cpu', ['-t', '2', '-F', '/dev/urandom'], wraps)];
			const [test] = await retried(make, allAre('cpu'));
			const cpu = test?.test.cpu;
			console.info(
				`taskset -c 0 sender from /dev/urandom: ${test?.test.gbps?.toFixed(2)} Gbps, iperf3 CPU client ${cpu?.clientPercent?.toFixed(1)}% / server ${cpu?.serverPercent?.toFixed(1)}%`,
			);
			expect(test?.attribution.limit).toBe('cpu');
			// The end the lab pinned is the one the rule names: the sender, at 75% of its one core or more.
			expect(test?.attribution.evidence[0]).toMatch(/^client iperf3 at \d+% of the 100% it can use/);
			expect(cpu?.clientPercent ?? 0).toBeGreaterThanOrEqual(75);
			expect(test?.next).toMatch(/^measure again where the host is not the limit/);
		} finally {
			await release(lab);
		}
	});

	it('an MTU black hole (both ends at 9000, the receiver dropped to 1500 once traffic flows): a stall', async () => {
		const lab = await labPair({});
		try {
			// One segment per packet on the sender (no GSO): a veth forwards a GSO packet whatever its segments'
			// size, so only whole 9000-byte frames meet the receiver's MTU.
			const offload = ['ip', 'link', 'set', 'np0', 'gso_max_segs', '1'];
			expect((await lab.provider.exec(lab.pair.client, offload)).code).toBe(0);
			// Once 5 MB more have arrived the receiver's MTU falls to 1500: 9000-byte segments are dropped at its
			// veth, no ICMP comes back (the hop is a link, not a router), and the data stops while the control
			// connection's small packets still pass.
			const rx = '/sys/class/net/np0/statistics/rx_bytes';
			const drop = `from=$(cat ${rx}); while [ $(($(cat ${rx}) - from)) -lt 5000000 ]; do sleep 0.02; done; ip link set np0 mtu 1500`;
			const make = async () => {
				for (const host of [lab.pair.client, lab.pair.server])
					expect((await lab.provider.exec(host, ['ip', 'link', 'set', 'np0', 'mtu', '9000'])).code).toBe(0);
				const lowered = lab.provider.exec(lab.pair.server, ['sh', '-c', drop], {timeoutMs: 60_000});
				// Six seconds: however late this busy machine runs the shell that lowers the MTU, seconds of stall follow.
				const file = await iperf3File(lab, 'black-hole', ['-t', '6', '-i', '0.5']);
				expect((await lowered).code).toBe(0);
				return [file];
			};
			const [test] = await retried(make, allAre('mtu'));
			expect(test?.attribution.limit).toBe('mtu');
			expect(test?.attribution.evidence.join(' ')).toMatch(/pmtu\) was 9000 bytes/);
		} finally {
			await release(lab);
		}
	});
});

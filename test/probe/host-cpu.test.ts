// The host's own CPU over a test (issue 11): /proc/stat readings recorded beside real lab probes
// (test/fixtures/README.md), the CPU-bound rule that counts softirq, and the flag combining it with iperf3's.
import {describe, expect, it} from 'vitest';
import {hostCpuBetween, parseProcStat} from '../../source/probe/host-cpu.js';
import {parseProcStatPair, procStatArgv} from '../../source/probe/host-cpu-reading.js';
import {parseIperf3Version} from '../../source/probe/iperf3-figures.js';
import {cpuVerdict, expectedGbps} from '../../source/probe/test-mode.js';
import {fixture} from './fixtures.js';

const v312 = {iperf3: parseIperf3Version('iperf 3.12'), cores: 2};
const quiet = {
	streams: 1,
	cpu: {hostTotal: 15, hostUser: 1, hostSystem: 14, remoteTotal: 44, remoteUser: 2, remoteSystem: 42},
};

describe('/proc/stat', () => {
	it('reads every cpu line of a 10-column kernel, steal counted busy, guest not counted twice', () => {
		const stat = parseProcStat(fixture('proc-stat/lab-unshaped-window.txt').split('@@')[0]!);
		expect([...(stat?.cores.keys() ?? [])]).toEqual(['cpu', 'cpu0', 'cpu1']);
		// cpu0 791836 0 87553 274862 630 0 13131 2202 0 0
		expect(stat?.cores.get('cpu0')).toEqual({
			busy: 791836 + 87553 + 13131 + 2202,
			kernel: 87553 + 13131,
			softirq: 13131,
			total: 791836 + 87553 + 274862 + 630 + 13131 + 2202,
		});
	});

	it("reads a 2.6 kernel's 7 columns (no steal) and nothing from text without cpu lines", () => {
		const stat = parseProcStat(fixture('proc-stat/kernel-2.6-seven-columns.txt'));
		expect(stat?.cores.get('cpu0')).toEqual({
			busy: 259246 + 7001 + 60190 + 772,
			kernel: 60190 + 772,
			softirq: 0,
			total: 259246 + 7001 + 60190 + 34250993 + 137517 + 772,
		});
		expect(parseProcStat('cat: /proc/stat: No such file or directory\n')).toBeNull();
		expect(parseProcStat('')).toBeNull();
	});

	it('an unshaped lab pair: core cpu0 full, 63% of it kernel (softirq 17%): the host bound the test', () => {
		const cpu = parseProcStatPair(fixture('proc-stat/lab-unshaped-window.txt'));
		// cpu0 over the window: user 55, system 69, softirq 26 of 150 ticks; cpu1: user 141, system 8 of 149.
		expect(cpu).toMatchObject({
			cores: 2,
			busyPercent: 100,
			seconds: 1.5,
			saturated: true,
			busiest: {core: 'cpu0', busyPercent: 100, kernelPercent: 63.3, softirqPercent: 17.3},
		});
		expect(cpu?.source).toMatch(/^\/proc\/stat over 1\.5 s inside the test/);
	});

	it('an unshaped lab pair on an idle machine: no core full, both cores 63% busy, nearly all kernel: the machine bound it', () => {
		const cpu = parseProcStatPair(fixture('proc-stat/lab-unshaped-idle-window.txt'));
		// The total line over the window: user 3, system 102, softirq 71, steal 1, idle 105 of 282 ticks.
		expect(cpu).toMatchObject({
			cores: 2,
			busyPercent: 62.8,
			kernelPercent: 61.3,
			saturated: true,
			busiest: {core: 'cpu1', busyPercent: 64.8, kernelPercent: 63.4, softirqPercent: 28.2},
		});
		expect(cpu?.busiest.busyPercent).toBeLessThan(90);
	});

	it('the machine rule needs both: half the cores busy, and most of that kernel time', () => {
		const stat = (idle: number, user: number, system: number) =>
			`cpu  ${2 * user} 0 ${2 * system} ${2 * idle} 0 0 0 0 0 0\ncpu0 ${user} 0 ${system} ${idle} 0 0 0 0 0 0\ncpu1 ${user} 0 ${system} ${idle} 0 0 0 0 0 0\n`;
		const window = (idle: number, user: number, system: number) =>
			hostCpuBetween(parseProcStat(stat(0, 0, 0)), parseProcStat(stat(idle, user, system)));
		expect(window(40, 5, 55)?.saturated).toBe(true);
		// Busy, but other programs' user time (a loaded machine): not the test's packet work.
		expect(window(40, 40, 20)?.saturated).toBe(false);
		// Kernel time, but under half the machine.
		expect(window(60, 2, 38)?.saturated).toBe(false);
	});

	it('a 1 Gbit-capped pair on the same busy machine: cores full of other programs, little kernel time: not bound', () => {
		const cpu = parseProcStatPair(fixture('proc-stat/lab-capped-1g-window.txt'));
		// cpu1: user 125, system 17, softirq 7 of 149 ticks (16% kernel); cpu0: user 145, system 6 of 151.
		expect(cpu).toMatchObject({
			saturated: false,
			busiest: {core: 'cpu1', busyPercent: 100, kernelPercent: 16.1, softirqPercent: 4.7},
		});
	});

	it('unusable pairs of readings give null: no marker, a missing reading, counters gone backwards', () => {
		const text = fixture('proc-stat/lab-unshaped-window.txt');
		const [first, second] = text.split('@@netplace-proc-stat@@');
		expect(parseProcStatPair(first!)).toBeNull();
		expect(parseProcStatPair(`${first}@@netplace-proc-stat@@\n`)).toBeNull();
		expect(hostCpuBetween(parseProcStat(second!), parseProcStat(first!))).toBeNull();
	});

	it('the sampler reads inside the measured seconds: after the 1 s omitted warm-up, until before the end', () => {
		expect(procStatArgv(2)[2]).toBe(
			'sleep 1.25; cat /proc/stat; echo @@netplace-proc-stat@@; sleep 1.5; cat /proc/stat',
		);
		expect(procStatArgv(20)[2]).toContain('sleep 19.5; cat /proc/stat');
	});
});

describe('the CPU-bound flag with the host reading', () => {
	const unshaped = parseProcStatPair(fixture('proc-stat/lab-unshaped-window.txt'));
	const capped = parseProcStatPair(fixture('proc-stat/lab-capped-1g-window.txt'));

	it("iperf3 well under a core, the host's core full of packet work: bound, and says which reading", () => {
		const verdict = cpuVerdict([quiet], {client: unshaped, server: null}, {client: v312, server: v312, reached: false});
		expect(verdict).toEqual({
			bound: true,
			why: ['client host: busiest core cpu0 100% (kernel 63%, softirq 17%), all 2 cores 100% (kernel 34%)'],
			ends: ['client'],
		});
	});

	it('neither reading full: not bound; an unread host leaves the flag to iperf3', () => {
		const facts = {client: v312, server: v312, reached: false};
		expect(cpuVerdict([quiet], {client: capped, server: capped}, facts)).toEqual({bound: false, why: [], ends: []});
		expect(cpuVerdict([quiet], {client: null, server: null}, facts).bound).toBe(false);
		const busyIperf = {...quiet, cpu: {...quiet.cpu, hostTotal: 99.8}};
		expect(cpuVerdict([busyIperf], {client: null, server: null}, facts)).toEqual({
			bound: true,
			why: ['client iperf3 at 100% of the 100% it can use (CPU-bound from 75%)'],
			ends: ['client'],
		});
	});

	it('a full core does not flag a test that reached what it was expected to reach: that limit bound it', () => {
		const full = {client: unshaped, server: unshaped};
		expect(cpuVerdict([quiet], full, {client: v312, server: v312, reached: true})).toEqual({
			bound: false,
			why: [],
			ends: [],
		});
	});

	it('expected: the model min(aggregate, streams x single flow), else published, else unknown', () => {
		const model = {singleFlowGbps: 0.669, aggregateGbps: 2.006};
		expect(expectedGbps(1, model, 2.1)).toBeCloseTo(0.669, 3);
		expect(expectedGbps(16, model, 2.1)).toBeCloseTo(2.006, 3);
		expect(expectedGbps(8, {singleFlowGbps: null, aggregateGbps: null}, 12.5)).toBe(12.5);
		expect(expectedGbps(8, null, null)).toBeNull();
	});
});

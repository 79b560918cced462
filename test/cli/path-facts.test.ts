// The path and the hosts, told right (issue 37), as a new user types it, in text and JSON: buffers named as
// Linux names them, the path's MTU bounding the host's, tune inside the kernel's limits, congestion control
// as a fact of the hosts, small rates in Mbps.
import {describe, expect, it} from 'vitest';
import {configDirForFile} from './helpers.js';
import {runInProcess} from './in-process.js';

const configDir = configDirForFile();

interface SizeJson {
	readonly configurations: Array<{
		shape: string;
		pricePerHour: number;
		predicted: {singleFlowGbps: number; aggregateGbps: number; bindingLimit: string; basis: string[]};
	}>;
	readonly hostTuning: {summary: string; lines: Array<{setting: string; command: string; optional?: true}>} | null;
}

async function json<T>(argv: readonly string[]): Promise<T> {
	const result = await runInProcess([...argv, '--json'], {configDir: configDir()});
	expect(result.status, result.stderr).toBe(0);
	return JSON.parse(result.stdout) as T;
}

async function text(argv: readonly string[]): Promise<string> {
	const result = await runInProcess(argv, {configDir: configDir()});
	expect(result.status, result.stderr).toBe(0);
	return result.stdout;
}

const crossRegion = ['--cloud', 'aws', '--shape', 'c8gn.4xlarge', '--streams', '1', '--path', 'cross-region'];

describe('buffers named as Linux names them', () => {
	it('net.core.rmem_max (212992, a usual host) does not hold the window: one flow stays at the defaults’ 0.24 Gbps', async () => {
		const answer = await json<SizeJson>(['size', ...crossRegion, '--rtt', '70', '--rmem-max', '212992']);
		const [first] = answer.configurations;
		// Linux defaults: 0.5 x min(6 MiB, 4 MiB) = 2 MiB / 70 ms = 0.2397 Gbps, not 0.012
		expect(first?.predicted.singleFlowGbps).toBe(0.24);
		expect(first?.predicted.basis.join('\n')).toContain(
			'net.core.rmem_max 208 KiB: bound only a buffer a program asks for (SO_RCVBUF / SO_SNDBUF, iperf3 -w)',
		);
	});

	it('--tcp-rmem-max is autotuning’s ceiling and sets the window: 212992 holds one flow to 0.012 Gbps (12.2 Mbps)', async () => {
		const answer = await json<SizeJson>(['size', ...crossRegion, '--rtt', '70', '--tcp-rmem-max', '212992']);
		// 0.5 x 212992 = 106496 B x 8 / 0.070 s = 12.2 Mbps
		expect(answer.configurations[0]?.predicted.singleFlowGbps).toBe(0.0122);
		expect(answer.configurations[0]?.predicted.basis.join('\n')).toContain('(tcp_rmem max)');
		const shown = await text(['size', ...crossRegion, '--rtt', '70', '--tcp-rmem-max', '212992']);
		expect(shown).toContain('12.2 Mbps');
		expect(shown).not.toMatch(/\b0(\.0+)? Gbps/);
	});
});

describe('the path’s MTU bounds the host’s', () => {
	it('--mtu 9001 between AWS Regions computes with 1500 (MSS 1448), not MSS 8949, and says it clamped', async () => {
		const argv = ['size', '--shape', 'm7i.16xlarge', '--streams', '1', '--path', 'cross-region'];
		const answer = await json<SizeJson>([...argv, '--rtt', '70', '--loss', '0.01', '--mtu', '9001']);
		const basis = answer.configurations[0]?.predicted.basis.join('\n') ?? '';
		expect(basis).toContain("path MTU 1500: the hosts' 9001 clamped to the path's 1500");
		expect(basis).toContain('MSS 1448 B');
		expect(basis).not.toContain('8949');
		// CUBIC at MSS 1448: 23.7 Mbps (MSS 8949 would be six times that)
		expect(answer.configurations[0]?.predicted.singleFlowGbps).toBe(0.0237);
	});

	it('tune with the same flags: the clamp and the PMTUD warning agree (1500), never "path MTU 9001 (given)"', async () => {
		const argv = ['tune', '--shape', 'm7i.16xlarge', '--streams', '1', '--path', 'cross-region'];
		const shown = await text([...argv, '--rtt', '70', '--loss', '0.01', '--mtu', '9001']);
		expect(shown).toContain("# note: path MTU 1500 (the hosts' 9001 clamped to the path's 1500");
		expect(shown).toContain('reaches this 1500-byte path through path MTU discovery');
		expect(shown).not.toContain('path MTU 9001');
	});

	it('GCP: a VPC set to 8896 carries it; 9000 is clamped to 8896', async () => {
		const gcp = ['size', '--cloud', 'gcp', '--shape', 'c4a-standard-16', '--streams', '1', '--rtt', '36'];
		const at8896 = await json<SizeJson>([...gcp, '--path', 'cross-region', '--mtu', '8896', '--loss', '0.01']);
		expect(at8896.configurations[0]?.predicted.basis.join('\n')).toContain('MSS 8844 B');
		const at9000 = await json<SizeJson>([...gcp, '--path', 'cross-region', '--mtu', '9000', '--loss', '0.01']);
		expect(at9000.configurations[0]?.predicted.basis.join('\n')).toContain(
			"the hosts' 9000 clamped to the path's 8896",
		);
	});
});

describe('tune stays inside the kernel', () => {
	it.each([
		[['--cloud', 'gcp', '--shape', 'n2-standard-80', '--tier1', '--path', 'cross-region', '--rtt', '500']],
		[['--cloud', 'aws', '--shape', 'm6i.32xlarge', '--ena-express', '--rtt', '900']],
	])('%j: no value above 2147483647, 1 GiB at most, and the streams that reach the flow', async (argv) => {
		const shown = await text(['tune', ...argv]);
		const values = [...shown.matchAll(/sysctl -w net\.[\w.]+="?([\d ]+)"?/g)].flatMap((match) =>
			(match[1] ?? '').split(' ').map(Number),
		);
		expect(values.length).toBeGreaterThan(0);
		for (const value of values) expect(value).toBeLessThanOrEqual(1_073_741_824);
		expect(shown).toMatch(
			/more than the kernel's ceiling allows one flow \(1 GiB buffers carry [\d.]+ Gbps\): set 1 GiB and open \d+ streams/,
		);
	});

	it('no --shape: tunes the configuration size ranks first (the plan’s card)', async () => {
		const size = await json<SizeJson>(['size', '--cloud', 'aws', '--path', 'cross-region', '--rtt', '70']);
		const tune = await json<{configuration: {shape: string}}>([
			'tune',
			'--cloud',
			'aws',
			'--path',
			'cross-region',
			'--rtt',
			'70',
		]);
		expect(tune.configuration.shape).toBe(size.configurations[0]?.shape);
	});
});

describe('congestion control is a fact of the hosts', () => {
	const lossy = ['--cloud', 'aws', '--streams', '1', '--path', 'internet', '--rtt', '150', '--loss', '0.1'];

	it('advise on a lossy internet path: Mbps, never "0 Gbps"; the cheapest shape for the same rate first; streams are worth opening', async () => {
		const shown = await text(['advise', ...lossy]);
		expect(shown).not.toMatch(/\b0 Gbps/);
		// CUBIC: 1.054 x 11584 b x 0.15^-0.25 x 0.001^-0.75 = 3.49 Mbps
		expect(shown).toContain('single flow           3.49 Mbps');
		expect(shown).toContain('loss-based congestion control');
		expect(shown).toMatch(/CONSIDER\s+parallel streams/);
		const answer = await json<SizeJson>(['size', ...lossy]);
		const [first, ...rest] = answer.configurations;
		expect(first?.predicted.singleFlowGbps).toBe(0.00349);
		for (const other of rest) expect(other.pricePerHour).toBeGreaterThanOrEqual(first?.pricePerHour ?? 0);
	});

	it('--cc reno takes Mathis (2.44 Mbps); --cc bbr applies no loss bound and says what is documented instead', async () => {
		const reno = await json<SizeJson>(['size', ...lossy, '--cc', 'reno']);
		// 11584 b / (0.15 s x sqrt(0.001)) = 2.44 Mbps
		expect(reno.configurations[0]?.predicted.singleFlowGbps).toBe(0.00244);
		const bbr = await json<SizeJson>(['size', ...lossy, '--cc', 'bbr']);
		expect(bbr.configurations[0]?.predicted.bindingLimit).not.toBe('loss');
		expect(bbr.configurations[0]?.predicted.basis.join('\n')).toContain("BBR: no loss bound applied: Linux's bbr (v1)");
		expect(bbr.configurations[0]?.predicted.basis.join('\n')).toContain('draft-ietf-ccwg-bbr-06');
	});

	it('tune on the lossy path offers BBR with fq, commented out, with the trade', async () => {
		const shown = await text(['tune', ...lossy]);
		expect(shown).toContain('# sudo sysctl -w net.core.default_qdisc=fq');
		expect(shown).toContain('# sudo modprobe tcp_bbr && sudo sysctl -w net.ipv4.tcp_congestion_control=bbr');
		expect(shown).toContain('takes more than its share from CUBIC and Reno flows');
		expect(shown).toContain('one CUBIC flow carries at most 3.49 Mbps');
	});
});

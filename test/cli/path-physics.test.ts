// Path physics on the CLI: a long path no longer promises the per-flow cap and says what to set;
// `netplace tune` prints a block to paste; bad path figures are one line, exit 2.
import {describe, expect, it} from 'vitest';
import {configDirForFile} from './helpers.js';
import {runInProcess} from './in-process.js';

const configDir = configDirForFile();

describe('bad path figures: one line, exit 2', () => {
	it.each([
		[['size', '--rtt', '0'], '--rtt must be a number above 0 and at most 1000 ms, got "0"'],
		[['size', '--mtu', '70000'], '--mtu must be an integer from 576 to 9216 bytes, got "70000"'],
		[['advise', '--rmem-max', 'abc'], '--rmem-max must be an integer from 4096 to 2147483647 bytes, got "abc"'],
		[
			['size', '--tcp-rmem-max', '2147483648'],
			'--tcp-rmem-max must be an integer from 4096 to 2147483647 bytes, got "2147483648"',
		],
		[['size', '--cc', 'vegas'], '--cc must be cubic, bbr or reno (got "vegas")'],
		[['tune', '--wmem-max', '12.5'], '--wmem-max must be an integer from 4096 to 2147483647 bytes, got "12.5"'],
		[['size', '--path', 'cross-continent'], '--path must be same-zone, cross-zone, cross-region or internet'],
		[['size', '--loss', 'abc'], '--loss must be a number above 0 and at most 10 %, got "abc"'],
		[['tune', '--loss', '0'], '--loss must be a number above 0 and at most 10 %, got "0"'],
		[['advise', '--loss', '12%'], '--loss must be a number above 0 and at most 10 %, got "12"'],
	] as const)('%j', async (argv, message) => {
		const result = await runInProcess(argv, {configDir: configDir()});
		expect(result.status).toBe(2);
		expect(result.stdout).toBe('');
		expect(result.stderr.trim().split('\n')).toHaveLength(1);
		expect(result.stderr).toContain(message);
	});
});

describe('size on a long path', () => {
	it('a lossy path: one CUBIC flow is held by the loss (RFC 9438, at least Mathis), named as the binding limit', async () => {
		const argv = [
			'size',
			'--cloud',
			'aws',
			'--streams',
			'1',
			'--path',
			'cross-region',
			'--rtt',
			'70',
			'--loss',
			'0.01',
		];
		const json = await runInProcess([...argv, '--json'], {configDir: configDir()});
		expect(json.status).toBe(0);
		const answer = JSON.parse(json.stdout) as {
			workload: {lossPercent: number};
			configurations: Array<{predicted: {singleFlowGbps: number; bindingLimit: string; basis: string[]}}>;
		};
		expect(answer.workload.lossPercent).toBe(0.01);
		// CUBIC (the default): 1.054 x 1448 B x 8 x 0.070^-0.25 x 0.0001^-0.75 = 0.0237 Gbps (Reno's Mathis: 0.0165)
		for (const configuration of answer.configurations) {
			expect(configuration.predicted.bindingLimit).toBe('loss');
			expect(configuration.predicted.singleFlowGbps).toBe(0.0237);
			expect(configuration.predicted.basis.join('\n')).toContain('MSS 1448 B, 70 ms, p 0.0001 = 23.7 Mbps');
		}
	});

	it('cross-region at 70 ms: one AWS flow is held by the window, not promised the 5 Gbps cap, and says what to set', async () => {
		const json = await runInProcess(
			['size', '--cloud', 'aws', '--streams', '1', '--path', 'cross-region', '--rtt', '70', '--hosts-as-is', '--json'],
			{
				configDir: configDir(),
			},
		);
		expect(json.status).toBe(0);
		const answer = JSON.parse(json.stdout) as {
			workload: {path: string; rttMs: number};
			configurations: Array<{predicted: {singleFlowGbps: number; bindingLimit: string}}>;
			hostTuning: {needed: boolean; lines: Array<{setting: string; command: string}>};
		};
		expect(answer.workload).toMatchObject({path: 'cross-region', rttMs: 70});
		for (const configuration of answer.configurations) {
			expect(configuration.predicted.singleFlowGbps).toBeLessThan(1);
			expect(configuration.predicted.bindingLimit).toBe('window');
		}

		expect(answer.hostTuning.needed).toBe(true);
		expect(answer.hostTuning.lines.map((line) => line.setting)).toEqual([
			'net.core.rmem_max',
			'net.core.wmem_max',
			'net.ipv4.tcp_rmem',
			'net.ipv4.tcp_wmem',
		]);

		const text = await runInProcess(
			['size', '--cloud', 'aws', '--streams', '1', '--path', 'cross-region', '--rtt', '70', '--hosts-as-is'],
			{
				configDir: configDir(),
			},
		);
		expect(text.stdout).toContain('TCP window / RTT');
		expect(text.stdout).toContain('Host tuning');
		expect(text.stdout).toMatch(/sudo sysctl -w net\.ipv4\.tcp_rmem="4096 131072 \d+"/);
	});
});

describe('advise: the host-tuning step', () => {
	it('cross-region at 70 ms: a step lifts one flow from the window to the cap, in --json and the Markdown export', async () => {
		// Inside the burst window (--within 5m): the pick's peak carries the capped flow the step lifts it to.
		const argv = [
			'advise',
			'--cloud',
			'aws',
			'--streams',
			'1',
			'--path',
			'cross-region',
			'--rtt',
			'70',
			'--within',
			'5m',
		];
		const json = await runInProcess([...argv, '--json'], {configDir: configDir()});
		expect(json.status).toBe(0);
		const advice = JSON.parse(json.stdout) as {steps: Array<{id: string; verdict: string; title: string}>};
		const step = advice.steps.find((entry) => entry.id === 'host-tuning');
		// The plan tunes its hosts (DESIGN.md "The plan"): the step is the card's own, from the hosts as they are.
		expect(step?.verdict).toBe('do');
		expect(step?.title).toMatch(/^host tuning: one flow 0\.24 → 4\.96 Gbps/);
		expect(advice.steps.some((entry) => entry.id === 'ena-express')).toBe(false);
		const markdown = await runInProcess([...argv, '--format', 'markdown'], {configDir: configDir()});
		expect(markdown.stdout).toMatch(/\*\*host tuning: one flow 0\.24 → 4\.96 Gbps/);
	});

	it('the same zone: no host-tuning step (the window does not bind)', async () => {
		const json = await runInProcess(['advise', '--cloud', 'aws', '--streams', '1', '--json'], {configDir: configDir()});
		const advice = JSON.parse(json.stdout) as {steps: Array<{id: string}>};
		expect(advice.steps.some((entry) => entry.id === 'host-tuning')).toBe(false);
	});
});

describe('netplace tune', () => {
	it('prints a block whose every line is a comment or a command', async () => {
		const result = await runInProcess(
			['tune', '--cloud', 'aws', '--shape', 'c8gn.4xlarge', '--path', 'cross-region', '--rtt', '70'],
			{
				configDir: configDir(),
			},
		);
		expect(result.status).toBe(0);
		const lines = result.stdout.trim().split('\n');
		for (const line of lines) expect(line).toMatch(/^(# |sudo sysctl -w |DEV=)/);
		expect(lines).toContain('sudo sysctl -w net.ipv4.tcp_wmem="4096 16384 87031808"');
		expect(result.stdout).toContain('# for: aws c8gn.4xlarge');
	});

	it('--json carries the path figures with their sources and the prescription', async () => {
		const result = await runInProcess(['tune', '--cloud', 'gcp', '--path', 'cross-zone', '--json'], {
			configDir: configDir(),
		});
		expect(result.status).toBe(0);
		const answer = JSON.parse(result.stdout) as {
			path: {rttMs: number | null; rttSource: string; mtu: number; mtuSource: string};
			prescription: {needed: boolean; summary: string};
		};
		expect(answer.path.rttMs).toBeNull();
		expect(answer.path.rttSource).toContain('give --rtt MS');
		expect(answer.path.mtu).toBe(1460);
		expect(answer.path.mtuSource).toContain('docs.cloud.google.com/vpc/docs/mtu');
		expect(answer.prescription.needed).toBe(false);
	});

	it("is size's answer: the same prescription as size --json's hostTuning, the window held on a long path", async () => {
		const argv = ['--cloud', 'aws', '--path', 'cross-region', '--rtt', '70', '--json'];
		const [tune, size] = await Promise.all(
			[
				['tune', ...argv],
				['size', ...argv],
			].map((args) => runInProcess(args, {configDir: configDir()})),
		);
		const tuned = JSON.parse(tune?.stdout ?? '') as {prescription: {needed: boolean; summary: string}};
		const sized = JSON.parse(size?.stdout ?? '') as {hostTuning: {needed: boolean; summary: string}};
		expect(tuned.prescription.needed).toBe(true);
		expect(tuned.prescription).toEqual(sized.hostTuning);
	});

	it('no configuration fits: one comment, in text and --json alike, exit 0', async () => {
		const argv = ['tune', '--cloud', 'oci', '--min-vcpus', '4096', '--min-memory', '65536'];
		const [text, json] = await Promise.all(
			[argv, [...argv, '--json']].map((args) => runInProcess(args, {configDir: configDir()})),
		);
		expect(text?.status).toBe(0);
		expect(text?.stdout).toBe('# netplace tune: no configuration fits these constraints\n');
		const answer = JSON.parse(json?.stdout ?? '') as {configuration: unknown; block: string[]};
		expect(answer.configuration).toBeNull();
		expect(answer.block).toEqual(['# netplace tune: no configuration fits these constraints']);
	});

	it('is in netplace --help', async () => {
		const help = await runInProcess(['--help'], {configDir: configDir()});
		expect(help.stdout).toContain('netplace tune [workload flags] [--json]');
		expect(help.stdout).toContain('--rmem-max BYTES');
	});
});

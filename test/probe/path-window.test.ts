// Path physics verified in the lab (issue 25): real namespaces, the real delay line, real iperf3. Hosts left at a
// small receive buffer (tcp_rmem max 1 MiB) over a 30 ms round trip hold one flow to its window / RTT, below
// the 0.5 Gbit flow cap; the probe reads both hosts' settings, predicts the flow from them within 15% of
// iperf3's figure, names `window`, and prints the settings that lift it. Applied inside the namespaces, those
// settings bring the flow up to the cap. The delay line on this 2-core machine carries 0.5 Gbit at 30 ms
// (0.478 measured; 1 Gbit read 0.75 under load), so the cap is 0.5. A low reading under other helpers' load
// is measured again (up to three runs), never waited for. One pair serves every run: the cure is applied in
// its namespaces, as a user would on their hosts.
import {afterAll, expect, it} from 'vitest';
import {runProbe} from '../../source/probe/run-probe.js';
import type {PairResult, PathCheck, ProbeSettings} from '../../source/probe/types.js';
import type {HostPair, Provider} from '../../source/providers/provider.js';
import {keptLabPair} from '../helpers/kept-pair.js';
import {describeLab} from '../helpers/lab.js';
import {goodput} from '../helpers/probe-helpers.js';

const rttMs = 30;
const flowCapGbps = 0.5;
const smallRmem = 1_048_576;
// 2 s after the 1 s warm-up (the shortest test the probe counts valid): a 30 ms flow fills a 1 MiB window in some
// 7 round trips, and the cured 0.5 Gbit flow its 1.9 MB in some 8, both inside the warm-up.
const settings: ProbeSettings = {streams: [1], durationSeconds: 2, repeat: 1, sustainedSeconds: null, pingCount: 30};
const lab = keptLabPair();
afterAll(async () => {
	expect(await lab.release()).toEqual({complete: true, left: []});
});

/** `sudo sysctl -w net.ipv4.tcp_rmem="4096 131072 4194304"` -> the key and the value. */
function sysctlOf(command: string): [string, string] {
	const match = /^sudo sysctl -w ([\w.]+)=(.+)$/.exec(command);
	if (match === null) throw new Error(`not a sysctl line: ${command}`);
	return [match[1] ?? '', (match[2] ?? '').replace(/^"|"$/g, '')];
}

/** The kept lab pair, with these sysctls set in both its namespaces before each run. */
function labWith(sysctls: ReadonlyArray<readonly [string, string]>): Provider {
	return {
		...lab,
		async provision(target, runId, options) {
			const pairs = await lab.provision(target, runId, options);
			for (const pair of pairs) await setAll(lab, pair, sysctls);
			return pairs;
		},
	};
}

async function setAll(lab: Provider, pair: HostPair, sysctls: ReadonlyArray<readonly [string, string]>): Promise<void> {
	for (const host of [pair.client, pair.server]) {
		for (const [key, value] of sysctls) {
			const result = await lab.exec(host, ['sysctl', '-w', `${key}=${value}`]);
			if (result.code !== 0) throw new Error(`sysctl ${key}: ${result.stderr}`);
		}
	}
}

async function probe(sysctls: ReadonlyArray<readonly [string, string]>): Promise<PairResult> {
	const run = await runProbe(
		labWith(sysctls),
		{shape: 'custom', placements: ['default'], lab: {rttMs, flowCapGbps, aggregateCapGbps: 2 * flowCapGbps}},
		settings,
	);
	expect(run.teardown).toEqual({complete: true, left: []});
	expect(run.failed).toBe(false);
	const pair = run.pairs[0];
	if (pair === undefined) throw new Error('no pair');
	return pair;
}

/** Probe again while the single flow reads under `floor` (another helper's load starves the delay line). */
async function probeUntil(
	sysctls: ReadonlyArray<readonly [string, string]>,
	floor: (pair: PairResult) => number,
): Promise<PairResult> {
	let pair = await probe(sysctls);
	for (let attempt = 1; attempt < 3 && single(pair) < floor(pair); attempt++) pair = await probe(sysctls);
	return pair;
}

const single = (pair: PairResult): number => pair.results.find((result) => result.streams === 1)?.gbps ?? 0;
const smallBuffers = [['net.ipv4.tcp_rmem', `4096 131072 ${smallRmem}`]] as const;

describeLab('path physics in the lab: a window-bound flow and its cure', () => {
	it('1 MiB tcp_rmem at 30 ms: window-bound, predicted within 15%; the prescription lifts it to the cap', async () => {
		const held = await probeUntil(smallBuffers, (pair) => 0.85 * (pair.pathCheck?.windowGbps ?? 0));
		const check = held.pathCheck as PathCheck;
		expect(held.hostSettings?.server.tcpRmem?.[2]).toBe(smallRmem);
		expect(held.hostSettings?.client.kernel).toMatch(/^\d+\.\d+/);
		expect(held.hostSettings?.client.routeMtu).toBe(1500);
		expect(check.figures.tcpRmemMax).toBe(smallRmem);
		const predicted = held.predicted?.singleFlowGbps ?? 0;
		const measured = single(held);
		console.info(
			`window-bound: predicted ${predicted} Gbps (window ${check.figures.windowShare} x 1 MiB / ${check.figures.rttMs} ms), measured ${measured} Gbps (${((measured / predicted) * 100).toFixed(1)}%)`,
		);
		expect(Math.abs(measured - predicted) / predicted).toBeLessThan(0.15);
		expect(held.predicted?.bindingLimit).toBe('window');
		expect(check.atWindow).toBe(true);
		expect(held.results[0]?.limit).toBe('window');
		const prescription = check.prescription;
		expect(prescription?.needed).toBe(true);
		const cure = (prescription?.lines ?? []).map((line) => sysctlOf(line.command));
		expect(cure.map(([key]) => key)).toEqual([
			'net.core.rmem_max',
			'net.core.wmem_max',
			'net.ipv4.tcp_rmem',
			'net.ipv4.tcp_wmem',
		]);

		const capped = flowCapGbps * goodput;
		const cured = await probeUntil([...smallBuffers, ...cure], () => 0.9 * capped);
		const after = single(cured);
		console.info(
			`after the prescription (${cure.map(([key, value]) => `${key}=${value}`).join(', ')}): predicted ${cured.predicted?.singleFlowGbps} Gbps, measured ${after} Gbps (cap ${capped})`,
		);
		expect(cured.hostSettings?.server.tcpRmem?.[2]).toBe(prescription?.bufferBytes);
		expect(after).toBeGreaterThanOrEqual(0.9 * capped);
		expect(after).toBeGreaterThan(1.5 * measured);
		expect(cured.predicted?.bindingLimit).toBe('per-flow-cap');
		expect(cured.pathCheck?.atWindow).toBe(false);
		expect(cured.results[0]?.limit).not.toBe('window');
	}, 240_000);
});

// The SSH transport adds nothing to the figures: the same lab probe, once with commands run directly in the
// namespaces and once through sshd inside them (SshTransport, as on a cloud host), agrees within 3%.
// The machine is shared and busy: the modes are interleaved (direct, SSH, then again only if the first round
// did not agree) and each mode's figure is its best sample, since the caps, not the CPU, set the ceiling being
// compared: a starved sample reads low and another round outdoes it, while the fault this guards against (an
// SSH-started process running alone at the end) reads high and stays the best.

import {expect, it} from 'vitest';
import {runProbe} from '../../../source/probe/run-probe.js';
import type {ProbeRun, ProbeSettings} from '../../../source/probe/types.js';
import {createLabProvider} from '../../../source/providers/lab/index.js';
import type {ProbeTarget} from '../../../source/providers/provider.js';
import {describeLab} from '../../helpers/lab.js';

// Each test is 2 s without iperf3's 1 s warm-up (`-t 2 -O 0`): at the lab's sub-millisecond RTT a flow is at its
// cap within milliseconds. Not 1 s: the processes' start skew weighs twice as much there (8 streams over SSH read
// 2.941 Gbps once, 2.4% over the best direct figure). Processes as a probe picks them ('auto': iperf3 3.12 on 2 cores spreads 8 streams over 2
// processes). The processes of a test start in ONE exec (client-group.ts): started an SSH exec apart, the last
// ran alone for its last moments and the sums read 3.1% high over SSH at -t 2 (2.957 against 2.870 Gbps).
const settings: ProbeSettings = {
	streams: [1, 8],
	durationSeconds: 2,
	repeat: 1,
	sustainedSeconds: null,
	pingCount: 10,
};
const caps = {flowCapGbps: 1, aggregateCapGbps: 3};

interface Figures {
	single: number;
	aggregate: number;
	medians: string;
}

/** The best of every sample of the mode: the ceiling. */
function figures(runs: readonly ProbeRun[]): Figures {
	const samples = (streams: number): number[] =>
		runs
			.flatMap((run) => {
				const result = run.pairs[0]?.results.find((item) => item.streams === streams);
				return result?.sampleGbps ?? (result ? [result.max] : []);
			})
			.sort((a, b) => b - a);
	const ceiling = (streams: number): number => samples(streams)[0] ?? Number.NaN;

	const medians = runs
		.map((run) => run.pairs[0]?.results.map((result) => `${result.streams}:${result.gbps.toFixed(3)}`).join(' '))
		.join(', ');
	return {single: ceiling(1), aggregate: ceiling(8), medians};
}

describeLab(
	'lab probe over SSH against direct',
	() => {
		it('gives the same single-flow and 8-stream figures within 3%', async () => {
			const target = (overSsh: boolean): ProbeTarget => ({
				shape: 'custom',
				placements: ['default'],
				lab: {...caps, overSsh},
			});
			const runs: Record<'direct' | 'ssh', ProbeRun[]> = {direct: [], ssh: []};
			const difference = (a: number, b: number): number => Math.abs(a - b) / b;
			const agree = (direct: Figures, overSsh: Figures): boolean =>
				direct.single > 0.8 &&
				direct.aggregate > 2.4 &&
				difference(overSsh.single, direct.single) < 0.03 &&
				difference(overSsh.aggregate, direct.aggregate) < 0.03;
			// One round of each mode, and another (its samples added) only while they do not agree: a busy moment on
			// the machine gets a retry, an agreeing first round is the answer. At load average 18 two rounds read
			// 8 streams 3.4% apart (2.768 direct, 2.861 over SSH), and at load average 8 three rounds read one flow over
			// SSH at 0.844, 0.880 and 0.822 against 0.95 direct: up to five rounds.
			for (let round = 0; round < 5; round++) {
				for (const mode of ['direct', 'ssh'] as const) {
					const run = await runProbe(createLabProvider(), target(mode === 'ssh'), settings, {omitSeconds: 0});
					expect(run.failed).toBe(false);
					expect(run.teardown).toEqual({complete: true, left: []});
					const eight = run.pairs[0]?.results.find((result) => result.streams === 8);
					expect(eight?.mode?.processes, `${mode}: ${eight?.mode?.why}`).toBe(2);
					runs[mode].push(run);
				}

				if (agree(figures(runs.direct), figures(runs.ssh))) break;
			}

			const direct = figures(runs.direct);
			const overSsh = figures(runs.ssh);
			console.info(
				`lab flow cap 1 / aggregate 3 Gbit, -t ${settings.durationSeconds}, best of ${runs.direct.length}x${settings.repeat} samples (Gbps): ` +
					`direct single ${direct.single.toFixed(3)} / 8 streams ${direct.aggregate.toFixed(3)}; ` +
					`over SSH single ${overSsh.single.toFixed(3)} / 8 streams ${overSsh.aggregate.toFixed(3)}; ` +
					`differences ${(difference(overSsh.single, direct.single) * 100).toFixed(2)}% and ` +
					`${(difference(overSsh.aggregate, direct.aggregate) * 100).toFixed(2)}%; ` +
					`run medians direct [${direct.medians}], SSH [${overSsh.medians}]`,
			);
			expect(direct.single).toBeGreaterThan(0.8);
			expect(direct.aggregate).toBeGreaterThan(2.4);
			expect(difference(overSsh.single, direct.single)).toBeLessThan(0.03);
			expect(difference(overSsh.aggregate, direct.aggregate)).toBeLessThan(0.03);
		}, 300_000);
	},
	{overSsh: true},
);

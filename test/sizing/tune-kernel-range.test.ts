// Every value `tune` prints is an integer inside the kernel's range: net.core.rmem_max / wmem_max and the
// fields of net.ipv4.tcp_rmem / tcp_wmem are C ints (proc_dointvec_minmax refuses anything above INT_MAX,
// 2147483647), and autotuning's ceilings stay under ESnet's 1 GiB unless the hosts already have more.
// A property over seeded random paths: RTTs from 0.01 ms to 1000 ms, flows up to 400 Gbps, any buffers the
// bounds table accepts, any loss and congestion control.
import {describe, expect, it} from 'vitest';
import type {CongestionControl} from '../../source/domain/types.js';
import {kernelIntMax, prescribe, prescriptionBlock, tuningCeiling} from '../../source/sizing/host-tuning.js';
import type {PathFigures} from '../../source/sizing/path-physics.js';

/** A small seeded generator (mulberry32): the same cases every run. */
function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
	};
}

const logUniform = (next: () => number, low: number, high: number): number =>
	Math.exp(Math.log(low) + next() * (Math.log(high) - Math.log(low)));

function figures(next: () => number): PathFigures {
	const ccs: CongestionControl[] = ['cubic', 'bbr', 'reno'];
	const buffer = (): number => Math.round(logUniform(next, 4096, kernelIntMax));
	return {
		rttMs: logUniform(next, 0.01, 1000),
		rttSource: 'given',
		mtu: [1460, 1500, 8500, 8896, 9000, 9001][Math.floor(next() * 6)] ?? 1500,
		mtuSource: 'given',
		tcpRmemMax: buffer(),
		tcpWmemMax: buffer(),
		bufferSource: 'given',
		coreRmemMax: null,
		coreWmemMax: null,
		cc: ccs[Math.floor(next() * 3)] ?? 'cubic',
		ccSource: 'given',
		windowShare: next() < 0.5 ? 0.5 : 0.75,
		windowShareSource: 'test',
		lossRate: next() < 0.5 ? null : logUniform(next, 1e-9, 0.1),
	};
}

/** Every number a sysctl line sets. */
function sysctlValues(block: readonly string[]): number[] {
	return block
		.filter((line) => /^(# )?sudo .*sysctl -w net\./.test(line))
		.flatMap((line) => [...line.replace(/^.*=/, '').matchAll(/\d[\d.e+]*/g)].map((match) => Number(match[0])));
}

describe('tune stays inside the kernel', () => {
	it('2000 random paths: every value an integer from 0 to 2147483647; tcp ceilings at most 1 GiB unless the hosts have more', () => {
		const next = random(37);
		let sized = 0;
		let beyond = 0;
		for (let run = 0; run < 2000; run++) {
			const path = figures(next);
			const flow = logUniform(next, 0.01, 400);
			const prescription = prescribe({cloud: 'aws', path: 'cross-region', enaExpress: false}, path, flow);
			const values = sysctlValues(prescriptionBlock(prescription));
			for (const value of values) {
				expect(Number.isInteger(value), `${value} in run ${run}`).toBe(true);
				expect(value).toBeGreaterThanOrEqual(0);
				expect(value).toBeLessThanOrEqual(kernelIntMax);
			}

			if (prescription.bufferBytes === null) continue;
			sized++;
			const present = Math.min(path.tcpRmemMax, path.tcpWmemMax);
			expect(prescription.bufferBytes).toBeLessThanOrEqual(Math.max(present, tuningCeiling.bytes));
			if (prescription.streamsToReach !== null) {
				beyond++;
				expect(prescription.summary).toContain(`open ${prescription.streamsToReach} streams`);
				expect((prescription.reachGbps ?? 0) * prescription.streamsToReach).toBeGreaterThanOrEqual(
					Math.min(flow, prescription.reachGbps ?? 0) * 0.99,
				);
			}
		}

		// The property is exercised on both sides: buffers prescribed, and some beyond the ceiling.
		expect(sized).toBeGreaterThan(200);
		expect(beyond).toBeGreaterThan(20);
	});
});

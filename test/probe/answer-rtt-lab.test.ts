// Issue 37 part 5 in the lab: a cross-Region answer at 75 ms, probed in the lab, is probed at 75 ms. The
// wizard's `p` fills the probe form from the answer (Region, options, placement and the path's RTT); switched to
// the lab, the form's request runs the answer's cell with the delay line holding the RTT, and ping inside the lab
// reads it. `advise` prints the same probe as a command (its JSON `probe.lab`); run as printed (one stream for
// 2 s, to keep it short), its pair reads the RTT too. Band: the delay line calibrates its median to within 3% of
// the target (delay-line.ts), and the run's own ping (50 packets, median) read 75.1-75.2 ms in six runs here at
// load 9-13 on two cores; ±5% is that calibration's 3% with room for the median's drift under load, and fails a
// line that holds nothing (0.1 ms) or the cell's own same-zone RTT.
// A reading outside the band under other helpers' load is measured again (up to three runs), never widened.
import {rmSync} from 'node:fs';
import {afterAll, expect, it} from 'vitest';
import {defaultWorkload, type Workload} from '../../source/domain/types.js';
import {runProbe} from '../../source/probe/run-probe.js';
import type {ProbeRun} from '../../source/probe/types.js';
import {createLabProvider} from '../../source/providers/lab/index.js';
import {answer, evidenceOf} from '../../source/session/answer.js';
import {defaultSizingEngine} from '../../source/session/default-sizing-engine.js';
import {checkForm} from '../../source/ui/screens/probe/probe-form.js';
import {probeFormFor} from '../../source/ui/screens/probe/probe-prefill.js';
import {assertBuilt, runCli, tempConfigDir} from '../cli/helpers.js';
import {describeLab} from '../helpers/lab.js';

const rttMs = 75;
const band = 0.05;
const crossRegion: Workload = {
	...defaultWorkload,
	cloud: 'aws',
	path: 'cross-region',
	region: 'eu-west-1',
	rttMs,
	streams: 4,
	minGbps: 5,
};
const configDir = tempConfigDir();
afterAll(() => rmSync(configDir, {recursive: true, force: true}));

const pingOf = (run: ProbeRun): number => run.pairs[0]?.rtt?.medianMs ?? 0;
const inBand = (run: ProbeRun): boolean => Math.abs(pingOf(run) - rttMs) <= rttMs * band;

async function untilInBand(probe: () => Promise<ProbeRun>): Promise<ProbeRun> {
	let run = await probe();
	for (let attempt = 1; attempt < 3 && !inBand(run); attempt++) run = await probe();
	return run;
}

describeLab('a cross-Region answer at 75 ms, probed in the lab', () => {
	it("the wizard's form carries the answer's RTT into the delay line: ping reads 75 ms ± 5%", async () => {
		const engine = await defaultSizingEngine();
		const first = answer(engine, crossRegion, evidenceOf([]), 'search').result.configurations[0];
		if (first === undefined) throw new Error('no answer');
		const form = probeFormFor(first, undefined, crossRegion);
		expect(form).toMatchObject({provider: 'aws', region: 'eu-west-1', rtt: '75', placements: first.placement});
		const checked = checkForm({...form, provider: 'lab', streams: '1', duration: '2'});
		if (!checked.ok) throw new Error(checked.errors.join('; '));
		expect(checked.request.target.lab).toMatchObject({profile: `aws/${first.shape}/${first.placement}`, rttMs});
		const run = await untilInBand(() =>
			runProbe(createLabProvider(), checked.request.target, checked.request.settings),
		);
		console.info(`form -> lab: ${first.shape} ${first.placement}, ping median ${pingOf(run)} ms (target ${rttMs})`);
		expect(run.teardown).toEqual({complete: true, left: []});
		expect(Math.abs(pingOf(run) - rttMs)).toBeLessThanOrEqual(rttMs * band);
		expect(run.pairs[0]?.notes?.join(' ')).toContain(`RTT target ${rttMs} ms`);
	});

	it("advise's lab command, run as printed, probes at the answer's 75 ms", () => {
		assertBuilt();
		const flags = ['--cloud', 'aws', '--path', 'cross-region', '--region', 'eu-west-1', '--rtt', String(rttMs)];
		const advised = runCli(['advise', ...flags, '--streams', '4', '--min-gbps', '5', '--json'], {configDir});
		expect(advised.status).toBe(0);
		const command = (JSON.parse(advised.stdout) as {probe: {lab: string}}).probe.lab;
		expect(command).toContain(`--rtt ${rttMs}`);
		const args = command
			.replace(/^netplace /, '')
			.replace(/--streams \S+/, '--streams 1')
			.split(' ');
		const probe = (): ProbeRun => {
			const result = runCli([...args, '--duration', '2', '--json'], {configDir, timeoutMs: 180_000});
			expect(result.status, result.stderr).toBe(0);
			return JSON.parse(result.stdout) as ProbeRun;
		};

		let run = probe();
		for (let attempt = 1; attempt < 3 && !inBand(run); attempt++) run = probe();
		console.info(`advise -> ${command}: ping median ${pingOf(run)} ms (target ${rttMs})`);
		expect(Math.abs(pingOf(run) - rttMs)).toBeLessThanOrEqual(rttMs * band);
	});
});

// Issue 37 part 1's last sentence: a value a probe read from the hosts is a fact the next answer can use. An ssh
// run of your own two hosts, named as a catalogue shape, keeps their settings with its measurement; `size` and
// `advise` for that shape take them as given (footed as read, by which run, when), and a flag the user gives wins.
import {describe, expect, it} from 'vitest';
import {defaultWorkload, type Measurement, type Workload} from '../../source/domain/types.js';
import type {HostSettings} from '../../source/probe/host-settings.js';
import {toMeasurements} from '../../source/probe/to-measurements.js';
import type {ProbeRun} from '../../source/probe/types.js';
import {answer, evidenceOf} from '../../source/session/answer.js';
import {defaultSizingEngine} from '../../source/session/default-sizing-engine.js';
import {withHostReading} from '../../source/session/host-readings.js';
import {makeRun} from '../probe/stored-run.js';

const engine = await defaultSizingEngine();

const host = (extra: Partial<HostSettings>): HostSettings => ({
	rmemMax: 212_992,
	wmemMax: 212_992,
	tcpRmem: [4096, 131_072, 6_291_456],
	tcpWmem: [4096, 16_384, 4_194_304],
	congestionControl: 'cubic',
	kernel: '6.1.0-27-cloud-amd64',
	device: 'ens5',
	routeMtu: 9001,
	...extra,
});

/** Your own two hosts over SSH, named as c7gn.4xlarge: the receiver's tcp_rmem max is 1 MiB, the sender runs bbr. */
function sshRun(finishedAt: string, rmem: number): ProbeRun {
	const lab = makeRun('np-ssh-0001', 9.5, finishedAt);
	const [pair] = lab.pairs;
	if (pair === undefined) throw new Error('no pair');
	return {
		...lab,
		runId: `np-ssh-${finishedAt.slice(11, 13)}`,
		provider: 'ssh',
		shape: 'aws/c7gn.4xlarge',
		pairs: [
			{
				...pair,
				published: {gbps: 50, kind: 'base-and-peak'},
				hostSettings: {
					client: host({congestionControl: 'bbr'}),
					server: host({tcpRmem: [4096, 131_072, rmem]}),
				},
			},
		],
	};
}

const read = toMeasurements(sshRun('2026-12-06T10:40:00.000Z', 1_048_576));
const later = toMeasurements(sshRun('2026-12-06T11:20:00.000Z', 2_097_152));
const crossRegion: Workload = {
	...defaultWorkload,
	cloud: 'aws',
	shapes: ['c7gn.4xlarge'],
	path: 'cross-region',
	rttMs: 75,
};

describe('the hosts a probe read are facts for the next answer', () => {
	it('an ssh run keeps the pair read: receiver rmem, sender wmem and cc, the smaller route MTU; the lab keeps none', () => {
		expect(read[0]?.hosts).toEqual({
			tcpRmemMax: 1_048_576,
			tcpWmemMax: 4_194_304,
			rmemMax: 212_992,
			wmemMax: 212_992,
			cc: 'bbr',
			mtu: 9001,
			kernel: '6.1.0-27-cloud-amd64',
			provider: 'ssh',
		});
		expect(toMeasurements(makeRun('np-lab-0001'))[0]?.hosts).toBeUndefined();
	});

	it('the one shape named takes the latest reading, footed by run and time; a given flag wins; another shape reads none', () => {
		const workload = withHostReading(crossRegion, [...read, ...later] as Measurement[]);
		expect(workload).toMatchObject({tcpRmemMax: 2_097_152, tcpWmemMax: 4_194_304, cc: 'bbr', mtu: 9001});
		expect(workload.hostsReadFrom).toBe(
			'read from the hosts by probe np-ssh-11 (ssh on aws/c7gn.4xlarge, 2026-12-06T11:20:00.000Z)',
		);
		expect(withHostReading({...crossRegion, tcpRmemMax: 33_554_432}, read)).toEqual({
			...crossRegion,
			tcpRmemMax: 33_554_432,
		});
		expect(withHostReading({...crossRegion, shapes: ['c7gn.8xlarge']}, read)).toEqual({
			...crossRegion,
			shapes: ['c7gn.8xlarge'],
		});
		expect(withHostReading({...crossRegion, shapes: ['aws/c7gn.4xlarge']}, read).tcpRmemMax).toBe(1_048_576);
	});

	it('size and advise for that shape use them: one flow at the read window / 75 ms, the basis says where from', () => {
		const evidence = evidenceOf(read);
		const sized = answer(engine, crossRegion, evidence, 'search');
		const first = sized.result.configurations[0];
		expect(first?.shape).toBe('c7gn.4xlarge');
		// Kernel 6.1 (before 6.6): half the buffer is window; 1 MiB receive ceiling: 0.5 x 1048576 B / 75 ms.
		const window = (0.5 * 1_048_576 * 8) / 0.075 / 1e9;
		expect(first?.predicted.singleFlowGbps).toBeCloseTo(window, 3);
		expect(first?.predicted.bindingLimit).toBe('window');
		expect(sized.workload.hostsReadFrom).toContain('np-ssh-10');
		const advised = answer(engine, crossRegion, evidence);
		expect(JSON.stringify(advised.advice)).toContain('read from the hosts by probe np-ssh-10');
		// Without the reading the hosts are tuned for the plan: the window does not bind.
		const untouched = answer(engine, crossRegion, evidenceOf([]), 'search').result.configurations[0];
		expect(untouched?.predicted.singleFlowGbps).toBeGreaterThan(2 * window);
	});
});

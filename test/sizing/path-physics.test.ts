// The path's terms against hand-worked figures: window / RTT, the loss-limited rate, their effect on the
// model's single flow and aggregate, and the binding limit each names.
import {describe, expect, it} from 'vitest';
import type {Configuration, ShapeRecord} from '../../source/domain/model-types.js';
import {defaultWorkload} from '../../source/domain/types.js';
import {loadCatalogue} from '../../source/sizing/catalogue.js';
import {predict} from '../../source/sizing/model.js';
import {linuxBufferDefaults, pathFigures, windowShareFor} from '../../source/sizing/path-defaults.js';
import {
	bdpBytes,
	lossLimitedGbps,
	mssOf,
	type PathFigures,
	pathFlowBound,
	windowBytes,
	windowGbps,
} from '../../source/sizing/path-physics.js';

const mib = 1_048_576;

function figures(overrides: Partial<PathFigures>): PathFigures {
	return {
		rttMs: 70,
		rttSource: 'given',
		mtu: 1500,
		mtuSource: 'given',
		tcpRmemMax: 6 * mib,
		tcpWmemMax: 4 * mib,
		bufferSource: 'test',
		coreRmemMax: null,
		coreWmemMax: null,
		cc: 'reno',
		ccSource: 'test',
		windowShare: 0.5,
		windowShareSource: 'test',
		lossRate: null,
		...overrides,
	};
}

describe('window / RTT', () => {
	it('6 MiB at 36 ms is 1.398 Gbps (the issue’s figure, the whole buffer as window)', () => {
		// 6 x 1048576 x 8 bits / 0.036 s = 1,398,101,333 bit/s
		expect(windowGbps(6 * mib, 36)).toBeCloseTo(1.3981, 4);
	});

	it('Linux defaults (6 MiB rmem, 4 MiB wmem) at half the buffer: 2 MiB / 70 ms = 0.2397 Gbps, the sender’s buffer binding', () => {
		expect(windowBytes(figures({}))).toBe(2 * mib);
		const bound = pathFlowBound(figures({}));
		// 2 x 1048576 x 8 / 0.070 = 239,674,514 bit/s
		expect(bound?.gbps).toBeCloseTo(0.23967, 5);
		expect(bound?.limit).toBe('window');
		expect(bound?.basis).toContain('(tcp_wmem max)');
	});

	it('an unknown RTT says nothing', () => {
		expect(pathFlowBound(figures({rttMs: null}))).toBeNull();
	});

	it('BDP: 4.96 Gbps x 70 ms = 43.4 MB', () => {
		expect(bdpBytes(4.96, 70)).toBeCloseTo(43_400_000, 0);
	});
});

describe('the loss-limited rate MSS / (RTT x sqrt(p))', () => {
	it('MSS is the MTU less 52 bytes (IPv4, TCP, timestamps): 1448 at 1500, 8949 at 9001', () => {
		expect(mssOf(1500)).toBe(1448);
		expect(mssOf(9001)).toBe(8949);
	});

	it('1448 B at 70 ms and 0.01% loss: 1448 x 8 / (0.07 x 0.01) = 16.55 Mbps, and it binds below the window', () => {
		expect(lossLimitedGbps(1448, 70, 0.0001)).toBeCloseTo(0.0165486, 7);
		const bound = pathFlowBound(figures({lossRate: 0.0001}));
		expect(bound?.limit).toBe('loss');
		expect(bound?.gbps).toBeCloseTo(0.0165486, 7);
	});

	it('a tiny loss rate leaves the window binding', () => {
		// 1448 x 8 / (0.07 x 1e-4) = 1.655 Gbps > 0.24
		expect(pathFlowBound(figures({lossRate: 1e-8}))?.limit).toBe('window');
	});
});

describe('the window share by kernel', () => {
	it('before 6.6: half (tcp_adv_win_scale=1); 6.6 and later: the measured 0.75; unknown: half', () => {
		expect(windowShareFor('6.1.0-18-cloud-amd64').share).toBe(0.5);
		expect(windowShareFor('6.8.0-1012-aws').share).toBe(0.75);
		expect(windowShareFor('6.18.44-fc-v1252').share).toBe(0.75);
		expect(windowShareFor(null).share).toBe(0.5);
	});
});

describe('the model under the path’s terms', () => {
	const catalogue = loadCatalogue();
	const record = (shape: string): ShapeRecord => {
		const found = catalogue.shapes.find((entry) => entry.shape === shape);
		if (found === undefined) throw new Error(shape);
		return found;
	};
	const c8gn = (streams: number, enaExpress = false): Configuration => ({
		cloud: 'aws',
		shape: 'c8gn.4xlarge',
		placement: 'default',
		ocpus: null,
		options: {enaExpress, tier1: false},
		streams,
	});

	it('cross-region at 70 ms on Linux defaults: one flow 0.24 Gbps, named window; 8 flows 1.92', () => {
		const hosts = {...defaultWorkload, rttMs: 70};
		const one = predict(c8gn(1), 'cross-region', record('c8gn.4xlarge'), {hosts});
		expect(one.singleFlowGbps).toBe(0.24);
		expect(one.bindingLimit).toBe('window');
		expect(one.basis.join('\n')).toContain('2 MiB / 70 ms = 0.24 Gbps');
		const eight = predict(c8gn(8), 'cross-region', record('c8gn.4xlarge'), {hosts});
		expect(eight.aggregateGbps).toBe(1.92);
		expect(eight.bindingLimit).toBe('window');
	});

	it('with buffers of 2 x BDP the cap binds again (the cure)', () => {
		const buffer = 88 * mib;
		const hosts = {...defaultWorkload, rttMs: 70, tcpRmemMax: buffer, tcpWmemMax: buffer};
		const one = predict(c8gn(1), 'cross-region', record('c8gn.4xlarge'), {hosts});
		expect(one.singleFlowGbps).toBe(4.96);
		expect(one.bindingLimit).toBe('per-flow-cap');
	});

	it('cross-zone without an RTT: the cap stands and the basis says the RTT is unknown', () => {
		const one = predict(c8gn(1), 'cross-zone', record('c8gn.4xlarge'), {hosts: defaultWorkload});
		expect(one.singleFlowGbps).toBe(4.96);
		expect(one.basis.join('\n')).toContain('unknown on the cross-zone path: give --rtt MS');
	});

	it('the same zone takes the study’s RTT and the window does not bind', () => {
		const one = predict(c8gn(1), 'same-zone', record('c8gn.4xlarge'), {hosts: defaultWorkload});
		expect(one.singleFlowGbps).toBe(4.96);
		expect(one.basis.join('\n')).toContain('(does not bind)');
	});

	it('ENA Express with MTU 9001 given: its packets fall back to plain ENA, named mtu', () => {
		const record8 = catalogue.shapes.find(
			(entry) => entry.cloud === 'aws' && entry.enaExpress === true && (entry.bandwidth.baselineGbps ?? 0) >= 25,
		);
		if (record8 === undefined) throw new Error('the catalogue has an ENA Express shape of 25 Gbps or more');
		const configuration: Configuration = {...c8gn(1, true), shape: record8.shape};
		const at8900 = predict(configuration, 'same-zone', record8, {hosts: defaultWorkload});
		const at9001 = predict(configuration, 'same-zone', record8, {hosts: {...defaultWorkload, mtu: 9001}});
		expect(at8900.singleFlowGbps).toBeGreaterThan(5);
		expect(at9001.singleFlowGbps).toBe(4.96);
		expect(at9001.bindingLimit).toBe('mtu');
	});
});

describe('defaults', () => {
	it('buffers are the Linux defaults, 6 MiB and 4 MiB, with their source', () => {
		const subject = {cloud: 'aws', shape: 'c8gn.4xlarge', placement: 'default', enaExpress: false} as const;
		const path = pathFigures(subject, 'cross-region', {rttMs: 70, mtu: null, rmemMax: null, wmemMax: null});
		expect(path.tcpRmemMax).toBe(linuxBufferDefaults.tcpRmemMax);
		expect(path.tcpRmemMax).toBe(6_291_456);
		expect(path.tcpWmemMax).toBe(4_194_304);
		expect(path.bufferSource).toContain('ip-sysctl.rst');
	});
});

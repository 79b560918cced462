// The hosts' settings as the probe reads them, and the window check worked from them (pure halves).
import {describe, expect, it} from 'vitest';
import {type HostSettings, parseRoute, parseSysctls} from '../../source/probe/host-settings.js';
import {checkPath, heldToWindow} from '../../source/probe/path-check.js';
import type {StreamResult} from '../../source/probe/types.js';

describe('reading the hosts', () => {
	it('sysctl -n prints one value a line, in the order asked', () => {
		expect(parseSysctls('4194304\n4194304\n4096\t131072\t33554432\n4096\t16384\t4194304\nbbr\n')).toEqual({
			rmemMax: 4_194_304,
			wmemMax: 4_194_304,
			tcpRmem: [4096, 131_072, 33_554_432],
			tcpWmem: [4096, 16_384, 4_194_304],
			congestionControl: 'bbr',
		});
		expect(parseSysctls('')).toEqual({
			rmemMax: null,
			wmemMax: null,
			tcpRmem: null,
			tcpWmem: null,
			congestionControl: null,
		});
	});

	it('the route’s device and MTU: the link’s, or a cached path MTU when lower', () => {
		const route = '198.18.0.1 dev np0 src 198.18.0.2 uid 0 \\    cache ';
		const link = '2: np0@if2: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc htb state UP mode DEFAULT';
		expect(parseRoute(route, link)).toEqual({device: 'np0', routeMtu: 1500});
		expect(
			parseRoute('10.0.0.9 dev eth0 src 10.0.0.5 uid 0 \\    cache expires 590sec mtu 1400 ', 'x mtu 9001 y'),
		).toEqual({
			device: 'eth0',
			routeMtu: 1400,
		});
	});
});

const host = (rmemMax: number, wmemMax: number, kernel: string): HostSettings => ({
	rmemMax: 212_992,
	wmemMax: 212_992,
	tcpRmem: [4096, 131_072, rmemMax],
	tcpWmem: [4096, 16_384, wmemMax],
	congestionControl: 'cubic',
	kernel,
	device: 'eth0',
	routeMtu: 9001,
});

const result = (gbps: number): StreamResult => ({streams: 1, gbps, min: gbps, max: gbps, samples: 1, retransmits: 0});

describe('the window check', () => {
	const rtt = {medianMs: 30, avgMs: 30, mdevMs: 0.1, minMs: 30, maxMs: 30.2, lossPercent: 0, packets: 30};
	const predicted = {singleFlowGbps: 0.4775, aggregateGbps: 0.955, bindingLimit: 'per-flow-cap' as const};
	const input = {cloud: 'lab' as const, path: 'same-zone' as const, enaExpress: false, rtt, predicted};

	it('the receiver’s rmem and the sender’s wmem: 0.75 x 1 MiB / 30 ms = 0.2097 Gbps on 6.18; the flow at it is window-bound', () => {
		const check = checkPath({
			...input,
			sender: host(33_554_432, 4_194_304, '6.18.44'),
			receiver: host(1_048_576, 4_194_304, '6.18.44'),
			results: [result(0.203)],
		});
		expect(check?.figures.tcpRmemMax).toBe(1_048_576);
		expect(check?.figures.tcpWmemMax).toBe(4_194_304);
		expect(check?.windowGbps).toBe(0.21);
		expect(check?.atWindow).toBe(true);
		expect(check?.prescription?.bufferBytes).toBe(4_194_304);
		const held = heldToWindow(predicted, check!, 8);
		expect(held.singleFlowGbps).toBe(0.21);
		expect(held.aggregateGbps).toBe(0.955);
		expect(held.bindingLimit).toBe('per-flow-cap');
		expect(heldToWindow(predicted, check!, 1).bindingLimit).toBe('window');
	});

	it('half the buffer on a kernel before 6.6; a flow far under the bound is not named window', () => {
		const check = checkPath({
			...input,
			sender: host(6_291_456, 4_194_304, '5.15.0-1019-aws'),
			receiver: host(1_048_576, 4_194_304, '5.15.0-1019-aws'),
			results: [result(0.05)],
		});
		// 0.5 x 1 MiB x 8 / 0.030 = 0.1398 Gbps
		expect(check?.windowGbps).toBe(0.14);
		expect(check?.atWindow).toBe(false);
	});

	it('buffers that carry the flow: nothing held, nothing prescribed', () => {
		const check = checkPath({
			...input,
			sender: host(33_554_432, 33_554_432, '6.18.44'),
			receiver: host(33_554_432, 33_554_432, '6.18.44'),
			results: [result(0.47)],
		});
		expect(check?.windowHolds).toBe(false);
		expect(check?.atWindow).toBe(false);
		expect(check?.prescription).toBeNull();
	});
});

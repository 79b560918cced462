import {describe, expect, it} from 'vitest';
import {parseNetDev, routeDevice, txBytes, txGbps} from '../../source/probe/net-dev.js';
import {fixture} from './fixtures.js';

const t1 = parseNetDev(fixture('net-dev/lab-client-t1.txt'));
const t2 = parseNetDev(fixture('net-dev/lab-client-t2.txt'));

describe('/proc/net/dev counters', () => {
	it('parses every interface, rx and tx bytes, skipping the two header lines', () => {
		expect([...t1.keys()]).toEqual(['lo', 'npfix0']);
		expect(t1.get('npfix0')).toEqual({rxBytes: 165_658, txBytes: 164_272_575});
		const host = parseNetDev(fixture('net-dev/host.txt'));
		expect([...host.keys()]).toEqual(['lo', 'ifb0', 'ifb1', 'eth0']);
		expect(host.get('eth0')?.txBytes).toBe(1_293_083);
		expect(parseNetDev('eth0:1000 1 0 0 0 0 0 0 2000 2 0 0 0 0 0 0').get('eth0')).toEqual({
			rxBytes: 1000,
			txBytes: 2000,
		});
		expect(parseNetDev('{"start": {}}').size).toBe(0);
		expect(parseNetDev('').size).toBe(0);
	});

	it('turns two snapshots and the elapsed time into decimal Gbps, as iperf3 reports', () => {
		// The recorded pair: 116,057,746 bytes in 1077 ms = 0.862 Gbps (iperf3 said 0.865 for the whole test).
		expect(txGbps(t1, t2, 1077, 'npfix0')).toBeCloseTo((116_057_746 * 8) / 1.077 / 1e9, 9);
		expect(txGbps(t1, t2, 1077, 'npfix0')).toBeCloseTo(0.862, 3);
		// No route device: every non-loopback interface (lo is all zero here, but never counted).
		expect(txGbps(t1, t2, 1077, null)).toBeCloseTo(0.862, 3);
		expect(txGbps(t1, t2, 2154, 'npfix0')).toBeCloseTo(0.431, 3);
	});

	it('gives null rather than a wrong figure', () => {
		expect(txGbps(t1, t2, 0, 'npfix0')).toBeNull();
		expect(txGbps(t1, t2, 1000, 'eth9')).toBeNull();
		// Counters going backwards (a reset): no figure.
		expect(txGbps(t2, t1, 1000, 'npfix0')).toBeNull();
		// An interface appearing between snapshots is not traffic.
		const grown = parseNetDev(
			`${fixture('net-dev/lab-client-t2.txt')}  eth1: 0 0 0 0 0 0 0 0 9000000000 1 0 0 0 0 0 0\n`,
		);
		expect(txGbps(t1, grown, 1077, null)).toBeCloseTo(0.862, 3);
		expect(txBytes(parseNetDev(fixture('net-dev/host.txt')), null)).toBe(1_293_083);
	});

	it('reads the device from ip route get', () => {
		expect(routeDevice('198.18.250.1 dev npfix0 src 198.18.250.2 uid 0 \n    cache \n')).toBe('npfix0');
		expect(routeDevice('10.0.0.5 via 10.0.0.1 dev ens5 src 10.0.0.4 uid 1000\n')).toBe('ens5');
		expect(routeDevice('RTNETLINK answers: Network is unreachable')).toBeNull();
	});
});

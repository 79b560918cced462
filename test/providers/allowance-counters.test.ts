// ENA allowance counters from `ethtool -S` (recorded outputs, test/fixtures/README.md) and hosts without them.
import {describe, expect, it} from 'vitest';
import {
	allowanceDelta,
	allowanceLines,
	instanceLimitHit,
	parseEthtoolStats,
	readAllowances,
	sumDeltas,
} from '../../source/providers/allowance-counters.js';
import {fixture} from '../probe/fixtures.js';

describe('ethtool -S allowance counters', () => {
	it('reads the five ENA counters from the AWS documentation example (tab-indented, trailing "...")', () => {
		const reading = readAllowances(fixture('ethtool/ena-aws-docs.txt'));
		expect(reading).toEqual({kind: 'ena', counters: {bwIn: 0, bwOut: 0, pps: 0, conntrack: 0, linklocal: 0}});
		expect(parseEthtoolStats(fixture('ethtool/ena-aws-docs.txt')).get('conntrack_allowance_available')).toBe(450878);
	});

	it('an old ENA driver (1.2.0k) without allowance counters: none, with the reason', () => {
		const reading = readAllowances(fixture('ethtool/ena-1.2.0k-no-allowance.txt'));
		expect(reading.kind).toBe('none');
		expect(reading.kind === 'none' && reading.reason).toMatch(/no allowance counters/);
		expect(parseEthtoolStats(fixture('ethtool/ena-1.2.0k-no-allowance.txt')).get('queue_0_rx_bytes')).toBe(64430725908);
	});

	it('virtio_net (this build machine) and veth (a lab namespace): no allowance counters', () => {
		for (const name of ['ethtool/virtio-net-eth0.txt', 'ethtool/veth-np0.txt']) {
			const text = fixture(name);
			expect(parseEthtoolStats(text).size).toBeGreaterThan(5);
			expect(readAllowances(text)).toMatchObject({kind: 'none'});
		}
	});

	it('a device without statistics (lo: exit 94) and a host without ethtool (exit 127)', () => {
		expect(readAllowances('', fixture('ethtool/lo-no-stats.stderr.txt'), 94)).toEqual({
			kind: 'none',
			reason: 'no driver statistics (no stats available)',
		});
		expect(readAllowances('', 'bash: ethtool: command not found', 127)).toEqual({
			kind: 'none',
			reason: 'ethtool is not installed on the host',
		});
	});

	it('deltas between two readings, summed over repeats; a counter that went backwards is null', () => {
		const base = fixture('ethtool/ena-aws-docs.txt');
		const before = readAllowances(base);
		const after = readAllowances(base.replace('bw_out_allowance_exceeded: 0', 'bw_out_allowance_exceeded: 1204'));
		const delta = allowanceDelta(before, after);
		expect(delta).toEqual({bwIn: 0, bwOut: 1204, pps: 0, conntrack: 0, linklocal: 0});
		expect(allowanceDelta(after, before)?.bwOut).toBeNull();
		expect(allowanceDelta(before, readAllowances(fixture('ethtool/veth-np0.txt')))).toBeNull();
		expect(sumDeltas([delta, null, delta])?.bwOut).toBe(2408);
		expect(sumDeltas([null])).toBeNull();
		const deltas = {client: delta, server: {bwIn: 0, bwOut: 0, pps: 0, conntrack: 0, linklocal: 0}};
		expect(instanceLimitHit(deltas)).toBe(true);
		expect(allowanceLines(deltas)).toEqual([
			"the client instance's outbound bandwidth allowance was exceeded 1,204 times",
			'you hit the instance limit, not the per-flow cap',
		]);
		expect(instanceLimitHit({client: deltas.server, server: null})).toBe(false);
		expect(allowanceLines({client: deltas.server, server: null})).toEqual(['no allowance exceeded on either instance']);
	});
});

// The wizard's "measure it": the system's ping against loopback (traffic stays on this machine), and what
// it says when there is no reading.
import {describe, expect, it} from 'vitest';
import {pingHost} from '../../source/probe/ping-host.js';

describe('pingHost', () => {
	it('reads the median round trip of five echoes to a host, and says where it was measured from', async () => {
		const reading = await pingHost('127.0.0.1');
		if (!reading.ok) throw new Error(reading.error);
		// Loopback answers in microseconds; under load a few ms.
		expect(reading.rttMs).toBeGreaterThan(0);
		expect(reading.rttMs).toBeLessThan(50);
		expect(reading.detail).toMatch(/^ping 127\.0\.0\.1 from this machine: 5 of 5 replies, median [\d.]+ ms/);
	});

	it('refuses what cannot be a host before anything runs (no option reaches ping)', async () => {
		expect(await pingHost('-f')).toEqual({ok: false, error: 'not a host name or an IP address: "-f"'});
		expect(await pingHost('a b')).toMatchObject({ok: false});
	});

	it('a name that does not resolve: no reading, and why', async () => {
		const reading = await pingHost('no-such-host.invalid');
		expect(reading.ok).toBe(false);
		if (!reading.ok) expect(reading.error).toMatch(/^no-such-host\.invalid: ping got no replies/);
	});
});

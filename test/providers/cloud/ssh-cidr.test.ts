import {describe, expect, it} from 'vitest';
import {openCidrWarning, parseSshCidr} from '../../../source/providers/cloud/ssh-cidr.js';

describe('parseSshCidr', () => {
	it.each([
		['203.0.113.7/32', '203.0.113.7/32', 4, false],
		[' 203.0.113.0/24 ', '203.0.113.0/24', 4, false],
		['0.0.0.0/0', '0.0.0.0/0', 4, true],
		['::/0', '::/0', 6, true],
		['2001:DB8:0:0::/64', '2001:db8::/64', 6, false],
		['2001:0db8:0000:0000:0000:0000:0000:0001/128', '2001:db8::1/128', 6, false],
		['2001:db8:0:1:0:0:0:0/64', '2001:db8:0:1::/64', 6, false],
		['::ffff:203.0.113.7/128', '::ffff:cb00:7107/128', 6, false],
		// Issue 42, finding 9: a large share of the internet is asked about like /0 (before: only /0 was).
		['0.0.0.0/1', '0.0.0.0/1', 4, true],
		['128.0.0.0/1', '128.0.0.0/1', 4, true],
		['::/1', '::/1', 6, true],
		['10.0.0.0/8', '10.0.0.0/8', 4, true],
		['10.0.0.0/9', '10.0.0.0/9', 4, false],
		['2000::/3', '2000::/3', 6, true],
		['2001:db8::/32', '2001:db8::/32', 6, false],
	] as const)('normalises %j to %j', (raw, cidr, family, openToAll) => {
		expect(parseSshCidr(raw)).toEqual({cidr, family, openToAll});
	});

	it.each([
		['203.0.113.7/032', /is not an IPv4 or IPv6 CIDR/],
		['203.0.113.7/33', /is not an IPv4 or IPv6 CIDR/],
		['203.0.113.7', /is not an IPv4 or IPv6 CIDR/],
		['203.0.113.07/32', /is not an IPv4 or IPv6 CIDR/],
		['2001:db8::/129', /is not an IPv4 or IPv6 CIDR/],
		['203.0.113.7/8', /"203.0.113.7\/8" has host bits set/],
		['2001:db8::1/64', /has host bits set/],
		['', /--ssh-cidr is required/],
	])('refuses %j', (raw, message) => {
		expect(() => parseSshCidr(raw)).toThrow(message);
	});

	it('says which network a CIDR with host bits meant', () => {
		try {
			parseSshCidr('203.0.113.7/8');
		} catch (error) {
			expect((error as {hint?: string}).hint).toBe('the network is 203.0.0.0/8; for one address use /32');
		}

		expect.assertions(1);
	});

	it('says what share of the internet a wide CIDR lets in', () => {
		expect(openCidrWarning('0.0.0.0/0')).toMatch(/lets anyone on the internet/);
		expect(openCidrWarning('128.0.0.0/1')).toBe(
			"--ssh-cidr 128.0.0.0/1 lets 1/2 of all IPv4 addresses try to SSH in to the probe's hosts (a /8 or wider needs a yes)",
		);
		expect(openCidrWarning('::/1')).toMatch(/1\/2 of all IPv6 addresses/);
	});
});

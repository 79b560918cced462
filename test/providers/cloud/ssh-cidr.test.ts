import {describe, expect, it} from 'vitest';
import {parseSshCidr} from '../../../source/providers/cloud/ssh-cidr.js';

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
});

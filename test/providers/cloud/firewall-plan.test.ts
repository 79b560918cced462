// Firewalls that do what the plan says (issue 27 finding 6): GCP's deny rule beats project allow rules at
// gcloud's default priority 1000 (lower numbers win; DENY wins a tie), and every cloud opens a port for each
// server a plan starts; a plan needing more is refused before anything is created.
import {describe, expect, it} from 'vitest';
import {firewallProblem, probePorts} from '../../../source/providers/cloud/probe-ports.js';
import {denyFirewall, probeFirewall, sshFirewall} from '../../../source/providers/gcp/resources.js';

describe('GCP rule priorities', () => {
	it('the deny rule has a lower number (higher priority) than a project allow rule at the default 1000', () => {
		const deny = denyFirewall('np-x').priority ?? 1000;
		expect(deny).toBeLessThan(1000);
		for (const allow of [sshFirewall('np-x', '198.51.100.7/32'), probeFirewall('np-x')]) {
			expect(allow.priority ?? 1000).toBeLessThan(deny);
		}
	});
});

describe('ports for every server a plan starts', () => {
	it('opens one port per stream up to the streams bound (128)', () => {
		expect(probePorts).toEqual({min: 5201, max: 5328});
		expect(firewallProblem([1, 8, 32, 128], 'auto')).toBeNull();
		// A sweep to 16 streams starts 16 servers (5201-5216): the old 5201-5210 could not carry it.
		expect(firewallProblem([1, 16], 'auto', {min: 5201, max: 5210})).toBe(
			'the plan starts iperf3 servers on ports 5201-5216, but the firewall opens 5201-5210 only',
		);
		expect(firewallProblem([1, 16], 8, {min: 5201, max: 5210})).toBeNull();
	});
});

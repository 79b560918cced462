// The plan for `--provider ssh`: nothing is created and nothing is added to what the hosts cost; the only
// things started are the iperf3 servers on the receiver, stopped when done.

import type {ProbePlanEstimate, ProbeTarget} from '../provider.js';
import {sshName} from './ssh-connect.js';
import {sshOf} from './ssh-state.js';

export function sshPlan(target: ProbeTarget, holdSeconds: number): ProbePlanEstimate {
	const ssh = sshOf(target);
	const names = ssh.hosts.map((host) => sshName(host, ssh.port));
	return {
		provider: 'ssh',
		shape: target.shape,
		region: null,
		zone: null,
		resources: [],
		holdSeconds,
		instances: 2,
		pricePerHour: null,
		priceSource: 'your own hosts: netplace creates nothing and adds no cost',
		// Nothing is created: the run adds nothing to what the hosts already cost.
		estimatedCostUsd: 0,
		warnings: [
			`creates nothing: starts iperf3 servers on ${names[1]} (TCP 5201 upward must be open from the sender) and stops them when done; your hosts cost what they already cost`,
		],
		setup: [{label: 'login', text: `SSH to ${names.join(' and ')}, host keys checked against ${ssh.knownHosts}`}],
	};
}

// What a GCP run creates besides its instances, as plain request bodies: firewall rules and a COLLOCATED or
// spread resource policy. Pure, so the plan, provisioning and tests share one definition.

import type {Placement} from '../../domain/types.js';
import {portRangeText, probePorts} from '../cloud/probe-ports.js';
import type {GcpFirewall, GcpResourcePolicy} from './clients.js';
import {gcpNames, networkPath, runDescription} from './names.js';

/** iperf3 ports the probe engine may use (a second server when two tests run at once). */
export const iperfPortRange = portRangeText(probePorts);

/**
 * Priorities: lower numbers win, DENY beats ALLOW at equal priority, and rules are created at 1000 unless
 * given one (gcloud's default); the default network's default-allow-* rules sit at 65534. The run's allows
 * at 100 and its deny at 101 so the deny beats every project allow rule at 102 or more.
 */
export const runAllowPriority = 100;
export const runDenyPriority = 101;

/** SSH only from the user's CIDR, only to this run's instances. */
export function sshFirewall(runId: string, sshCidr: string, network = 'default'): GcpFirewall {
	return {
		name: gcpNames.sshRule(runId),
		description: runDescription(runId),
		network: networkPath(network),
		direction: 'INGRESS',
		priority: runAllowPriority,
		sourceRanges: [sshCidr],
		targetTags: [runId],
		allowed: [{IPProtocol: 'tcp', ports: ['22']}],
	};
}

/** iperf3 and ICMP only between this run's instances (source and target tag = the run id). */
export function probeFirewall(runId: string, network = 'default'): GcpFirewall {
	return {
		name: gcpNames.probeRule(runId),
		description: runDescription(runId),
		network: networkPath(network),
		direction: 'INGRESS',
		priority: runAllowPriority,
		sourceTags: [runId],
		targetTags: [runId],
		allowed: [{IPProtocol: 'tcp', ports: [iperfPortRange]}, {IPProtocol: 'icmp'}],
	};
}

/**
 * Everything else into the run's instances is denied, at a priority that beats the project's own allow rules
 * (created at 1000 by default; the default network's `default-allow-ssh` at 65534 lets anyone SSH in) but
 * loses to the two rules above.
 */
export function denyFirewall(runId: string, network = 'default'): GcpFirewall {
	return {
		name: gcpNames.denyRule(runId),
		description: runDescription(runId),
		network: networkPath(network),
		direction: 'INGRESS',
		priority: runDenyPriority,
		sourceRanges: ['0.0.0.0/0'],
		targetTags: [runId],
		denied: [{IPProtocol: 'all'}],
	};
}

/** A COLLOCATED group-placement policy for one pair. `maxDistance` is left unset (the study did not vary it). */
export function collocatedPolicy(runId: string): GcpResourcePolicy {
	return {
		name: gcpNames.policy(runId),
		description: runDescription(runId),
		groupPlacementPolicy: {collocation: 'COLLOCATED', vmCount: 2},
	};
}

/**
 * A spread group-placement policy over two availability domains, one per instance of the pair (each instance
 * names its domain: spreadDomain), so the pair is measured across distinct hardware. Live migration is kept:
 * spread policies do not need onHostMaintenance=TERMINATE (docs.cloud.google.com/compute/docs/instances/
 * use-spread-placement-policies; availabilityDomainCount and scheduling.availabilityDomain, Compute API v1).
 */
export function spreadPolicy(runId: string): GcpResourcePolicy {
	return {
		name: gcpNames.policy(runId, 'spread'),
		description: runDescription(runId),
		groupPlacementPolicy: {availabilityDomainCount: 2},
	};
}

/** The availability domain of each instance of a spread pair (1-based, at most availabilityDomainCount). */
export function spreadDomain(role: 'server' | 'client'): number {
	return role === 'server' ? 1 : 2;
}

/** The resource policy a placement's pair is created under, or null. */
export function policyFor(runId: string, placement: Placement): GcpResourcePolicy | null {
	if (placement === 'collocated') return collocatedPolicy(runId);
	return placement === 'spread' ? spreadPolicy(runId) : null;
}

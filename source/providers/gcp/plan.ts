// The GCP dry-run plan: every resource a run would create, how it is set up (network, login, TTL guards,
// quota check, image) and the cost. Pure: no API call, so `--dry-run` needs no credentials.

import type {Placement} from '../../domain/types.js';
import {estimateCost, type PlanPrice, unknownPriceWarning} from '../cloud/cost.js';
import {guestShutdownMinutes, ttlMinutesFor} from '../cloud/startup-script.js';
import type {PlannedResource, PlanSetup, ProbePlanEstimate} from '../provider.js';
import {gcpSshUser, imageFamilyFor} from './instance-body.js';
import {gcpNames} from './names.js';
import {iperfPortRange, runDenyPriority, spreadDomain} from './resources.js';
import {type GcpTarget, needsGcpPolicy} from './target.js';

/**
 * Minutes the guest's own `shutdown -h` waits past maxRunDuration. Both at the same minute, the guest may
 * power off first: the VM is then only stopped (TERMINATED) and keeps its boot disk, which
 * instanceTerminationAction DELETE would have removed.
 */
export const gcpGuestMarginMinutes = 5;

export function gcpSetup(gcp: GcpTarget, ttlMinutes: number, instances: number): PlanSetup[] {
	const series = (gcp.shape.split('-')[0] ?? '').toUpperCase();
	return [
		{
			label: 'network',
			text: gcp.subnetwork
				? `--network ${gcp.network}, --subnetwork ${gcp.subnetwork} (checked to exist first)`
				: gcp.network === 'default'
					? 'the project\'s "default" network, checked first (missing, e.g. under constraints/compute.skipDefaultNetworkCreation: pass --network / --subnetwork)'
					: `--network ${gcp.network} (checked first; custom-mode needs --subnetwork)`,
		},
		{
			label: 'login',
			text:
				"OS Login when the project's enable-oslogin is TRUE or an instance enforces it (compute.requireOsLogin): " +
				`the run key imported with the OS Login API, SSH as your POSIX user; else ssh-keys as ${gcpSshUser}, instance enable-oslogin=FALSE`,
		},
		{
			label: 'ttl',
			text: `maxRunDuration ${ttlMinutes} min -> DELETE (instance and boot disk); the guest's own shutdown at ${guestShutdownMinutes({ttlMinutes, guestMarginMinutes: gcpGuestMarginMinutes})} min, after it`,
		},
		{
			label: 'quota',
			text: `regions.get quotas read before anything is created: ${instances} x the shape's vCPUs must be free in ${series}_CPUS (or CPUS)`,
		},
		{
			label: 'capacity',
			text: `--zone ${gcp.zone} is the only zone tried: ZONE_RESOURCE_POOL_EXHAUSTED ends the run (try another --zone)`,
		},
		{
			label: 'image',
			text: `debian-cloud family ${imageFamilyFor(gcp.shape)}, resolved once to one image for the run and recorded`,
		},
	];
}

export function gcpPlan(gcp: GcpTarget, holdSeconds: number, price: PlanPrice): ProbePlanEstimate {
	const instances = gcp.placements.length * 2;
	const ttlMinutes = ttlMinutesFor(holdSeconds);
	const cost = estimateCost(price.perHour, instances, holdSeconds);
	return {
		provider: 'gcp',
		shape: gcp.shape,
		region: gcp.region,
		zone: gcp.zone,
		resources: gcpResources(gcp, ttlMinutes),
		holdSeconds,
		instances,
		pricePerHour: price.perHour,
		priceSource: price.source,
		estimatedCostUsd: cost.usd,
		warnings: gcpWarnings(gcp, price),
		setup: gcpSetup(gcp, ttlMinutes, instances),
	};
}

const planRunId = 'np-<run>';

/** The run's firewall rules, then each placement's policy and instances, then the local key folder. */
function gcpResources(gcp: GcpTarget, ttlMinutes: number): PlannedResource[] {
	return [
		...firewallResources(gcp),
		...gcp.placements.flatMap((placement) => [
			...policyResources(gcp, placement),
			...(['server', 'client'] as const).map((role) => instanceResource(gcp, placement, role, ttlMinutes)),
		]),
		{kind: 'key-folder', name: 'ephemeral ed25519 key (local temp folder)'},
	];
}

function firewallResources(gcp: GcpTarget): PlannedResource[] {
	const runId = planRunId;
	return [
		{kind: 'firewall', name: gcpNames.sshRule(runId), detail: `tcp:22 from ${gcp.sshCidr} to tag ${runId}`},
		{
			kind: 'firewall',
			name: gcpNames.probeRule(runId),
			detail: `tcp:${iperfPortRange} and icmp between instances tagged ${runId}`,
		},
		{
			kind: 'firewall',
			name: gcpNames.denyRule(runId),
			detail: `deny all other ingress to ${runId} (priority ${runDenyPriority}: above project allow rules at ${runDenyPriority + 1} or more, gcloud's default 1000 included)`,
		},
	];
}

function policyResources(gcp: GcpTarget, placement: Placement): PlannedResource[] {
	if (!needsGcpPolicy(placement)) return [];
	return [
		{
			kind: 'resource-policy',
			name: gcpNames.policy(planRunId, placement),
			detail:
				placement === 'collocated'
					? `COLLOCATED group placement, vmCount 2, ${gcp.region}`
					: `spread group placement, 2 availability domains (one per instance), ${gcp.region}`,
		},
	];
}

function instanceResource(
	gcp: GcpTarget,
	placement: Placement,
	role: 'server' | 'client',
	ttlMinutes: number,
): PlannedResource {
	return {
		kind: 'instance',
		name: gcpNames.instance(planRunId, placement, role),
		detail:
			`${gcp.shape} in ${gcp.zone}${gcp.tier1 ? ', Tier_1 networking (gVNIC)' : ''}, labels netplace-run, maxRunDuration ${ttlMinutes} min -> DELETE` +
			(placement === 'collocated' ? ', onHostMaintenance TERMINATE' : '') +
			(placement === 'spread' ? `, availability domain ${spreadDomain(role)}` : ''),
	};
}

function gcpWarnings(gcp: GcpTarget, price: PlanPrice): string[] {
	return [
		...(gcp.placements.includes('collocated')
			? ['collocated: onHostMaintenance=TERMINATE gives up live migration (instances stop for host maintenance)']
			: []),
		...unknownPriceWarning(gcp.shape, price),
		...(gcp.tier1
			? ['Tier_1 networking is billed as an extra SKU per instance hour: not in this estimate (add it to --price)']
			: []),
	];
}

// What a GCP run creates, as plain request bodies: firewall rules, a COLLOCATED or SPREAD resource policy,
// instances.
// Pure: names, validation and request bodies, so the plan, provisioning and tests share one definition.

import {UserError} from '../../domain/errors.js';
import type {Placement} from '../../domain/types.js';
import {portRangeText, probePorts} from '../cloud/probe-ports.js';
import {expiresTagKey, labelSafe, runTagKey} from '../cloud/run-tags.js';
import {isIpv6Cidr, validateShape, validateSshCidr} from '../cloud/validate.js';
import type {ProbeTarget} from '../provider.js';
import type {GcpFirewall, GcpInstance, GcpResourcePolicy} from './clients.js';
import {type GcpTier1, gcpTier1, tier1NetworkPerformance} from './tier1.js';

/** The login user created from the `ssh-keys` metadata entry. */
export const gcpSshUser = 'netplace';
/** iperf3 ports the probe engine may use (a second server when two tests run at once). */
export const iperfPortRange = portRangeText(probePorts);

/**
 * Priorities: lower numbers win, DENY beats ALLOW at equal priority, and rules are created at 1000 unless
 * given one (gcloud's default); the default network's default-allow-* rules sit at 65534. The run's allows
 * at 100 and its deny at 101 so the deny beats every project allow rule at 102 or more.
 */
export const runAllowPriority = 100;
export const runDenyPriority = 101;
export const gcpPlacements: readonly Placement[] = ['default', 'collocated', 'spread'];
/** The placements that take a group-placement resource policy (one per pair). */
export type GcpPolicyPlacement = 'collocated' | 'spread';

export function needsGcpPolicy(placement: Placement): placement is GcpPolicyPlacement {
	return placement === 'collocated' || placement === 'spread';
}

export interface GcpTarget {
	readonly project: string;
	readonly zone: string;
	readonly region: string;
	readonly shape: string;
	readonly sshCidr: string;
	readonly placements: readonly Placement[];
	/** --network (default `default`) and --subnetwork (in the zone's region), by name. */
	readonly network: string;
	readonly subnetwork: string | null;
	/** --tier1: Tier_1 networking (the shape is eligible: validated against the catalogue); null = default tier. */
	readonly tier1: GcpTier1 | null;
}

/** How the instances take the run's key: OS Login (the caller's POSIX account) or `ssh-keys` metadata. */
export type GcpLoginMode = 'os-login' | 'metadata';

const resourceNamePattern = /^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$/;

function validateResourceName(flag: string, value: string | undefined): string | null {
	if (value === undefined) return null;
	if (!resourceNamePattern.test(value)) {
		throw new UserError(`--${flag} ${JSON.stringify(value)} is not a GCP resource name`, 'e.g. --network my-vpc');
	}

	return value;
}

const projectPattern = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;
const zonePattern = /^([a-z]+-[a-z]+\d+)-[a-z]$/;

export function validateProject(project: string | undefined): string {
	if (project === undefined || project.trim() === '') {
		throw new UserError('--project is required for gcp', 'the project id, e.g. --project my-project-123');
	}

	if (!projectPattern.test(project)) {
		throw new UserError(
			`--project ${JSON.stringify(project)} is not a GCP project id`,
			'6-30 lowercase letters, digits or dashes',
		);
	}

	return project;
}

/** The zone and its region (`us-central1-a` -> `us-central1`). */
export function validateZone(zone: string | undefined): {zone: string; region: string} {
	if (zone === undefined || zone.trim() === '') {
		throw new UserError('--zone is required for gcp', 'e.g. --zone us-central1-a');
	}

	const match = zonePattern.exec(zone);
	if (!match?.[1]) {
		throw new UserError(`--zone ${JSON.stringify(zone)} is not a GCP zone`, 'e.g. --zone us-central1-a');
	}

	return {zone, region: match[1]};
}

export function validateGcpPlacements(placements: readonly Placement[]): readonly Placement[] {
	const wanted = placements.length === 0 ? (['default'] as const) : placements;
	for (const placement of wanted) {
		if (!gcpPlacements.includes(placement)) {
			throw new UserError(
				`placement ${placement} is not available on gcp`,
				`gcp placements: ${gcpPlacements.join(', ')}`,
			);
		}
	}

	return [...new Set(wanted)];
}

/** Everything a GCP call needs, validated (UserError, exit 2, on anything malformed). */
export function validateGcpTarget(target: ProbeTarget, defaults: {project?: string; zone?: string} = {}): GcpTarget {
	const project = validateProject(target.project ?? defaults.project);
	const {zone, region} = validateZone(target.zone ?? defaults.zone);
	const sshCidr = validateSshCidr(target.sshCidr);
	if (isIpv6Cidr(sshCidr)) {
		throw new UserError('--ssh-cidr must be IPv4 for gcp (the instances get IPv4 external addresses)');
	}

	const shape = validateShape('gcp', target.shape);
	return {
		project,
		zone,
		region,
		shape,
		sshCidr,
		placements: validateGcpPlacements(target.placements),
		network: validateResourceName('network', target.network) ?? 'default',
		subnetwork: validateResourceName('subnetwork', target.subnetwork),
		tier1: target.tier1 ? gcpTier1(shape) : null,
	};
}

/** Names: lowercase, start with a letter, at most 63 characters (run ids are `np-…`). */
export const gcpNames = {
	sshRule: (runId: string) => `${runId}-ssh`,
	probeRule: (runId: string) => `${runId}-probe`,
	denyRule: (runId: string) => `${runId}-deny`,
	policy: (runId: string, placement: GcpPolicyPlacement = 'collocated') => `${runId}-${placement}`,
	instance: (runId: string, placement: Placement, role: 'server' | 'client') =>
		`${runId}-${placement === 'collocated' ? 'col' : placement}-${role === 'server' ? 's' : 'c'}`,
};

/** The description that marks firewalls and policies (which have no labels) as a run's. */
export function runDescription(runId: string): string {
	return `${runTagKey}=${runId}`;
}

export function runIdFromDescription(description: string | null | undefined): string | null {
	const match = /^netplace-run=([a-z0-9-]+)/.exec(description ?? '');
	return match?.[1] ?? null;
}

export function gcpLabels(runId: string, expiresAt: string): Record<string, string> {
	return {[runTagKey]: labelSafe(runId), [expiresTagKey]: labelSafe(expiresAt)};
}

/** The ISO time back from its label-safe form (`2026-12-03t23-45-00-000z`), null when it is not one. */
export function labelTime(label: string | null | undefined): string | null {
	const match = /^(\d{4}-\d{2}-\d{2})t(\d{2})-(\d{2})-(\d{2})-(\d{3})z$/.exec(label ?? '');
	return match ? `${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z` : null;
}

export function networkPath(network: string): string {
	return `global/networks/${network}`;
}

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

const armSeries = new Set(['c4a', 't2a']);
const hyperdiskOnlySeries = new Set(['c4a', 'c4', 'c4d', 'n4', 'h3', 'x4', 'm4']);
/** Series whose only virtual NIC is gVNIC (VirtIO-Net is not offered). */
const gvnicOnlySeries = new Set(['c4a', 'c4', 'c4d', 'n4', 'c3', 'c3d', 'h3', 'z3']);

export interface InstanceSpec {
	readonly runId: string;
	readonly target: GcpTarget;
	readonly placement: Placement;
	readonly role: 'server' | 'client';
	readonly publicKey: string;
	readonly startupScript: string;
	readonly ttlSeconds: number;
	readonly expiresAt: string;
	/** The placement policy's URL (COLLOCATED or spread), for those placements. */
	readonly policyUrl?: string;
	/** The boot image, resolved once for the run (default: the debian-12 family of the architecture). */
	readonly sourceImage?: string;
	readonly login?: GcpLoginMode;
}

/** The debian-cloud image family for a machine type (Arm series take the arm64 family). */
export function imageFamilyFor(shape: string): string {
	return armSeries.has(shape.split('-')[0] ?? '') ? 'debian-12-arm64' : 'debian-12';
}

/**
 * Login metadata. OS Login: `enable-oslogin=TRUE` and no `ssh-keys` (OS Login ignores them). Metadata keys:
 * the key as user `netplace`, and instance-level `enable-oslogin=FALSE`, which overrides a project value
 * (instance-level values override project-level ones) where no organization policy enforces OS Login.
 */
export function loginMetadata(login: GcpLoginMode, publicKey: string): Array<{key: string; value: string}> {
	return login === 'os-login'
		? [{key: 'enable-oslogin', value: 'TRUE'}]
		: [
				{key: 'ssh-keys', value: `${gcpSshUser}:${publicKey}`},
				{key: 'enable-oslogin', value: 'FALSE'},
			];
}

export function instanceBody(spec: InstanceSpec): GcpInstance {
	const {target} = spec;
	const series = target.shape.split('-')[0] ?? '';
	const labels = gcpLabels(spec.runId, spec.expiresAt);
	const collocated = spec.placement === 'collocated';
	const spread = spec.placement === 'spread';
	return {
		name: gcpNames.instance(spec.runId, spec.placement, spec.role),
		machineType: `zones/${target.zone}/machineTypes/${target.shape}`,
		labels,
		tags: {items: [spec.runId]},
		metadata: {
			items: [
				...loginMetadata(spec.login ?? 'metadata', spec.publicKey),
				{key: 'startup-script', value: spec.startupScript},
			],
		},
		disks: [
			{
				boot: true,
				autoDelete: true,
				initializeParams: {
					sourceImage: spec.sourceImage ?? `projects/debian-cloud/global/images/family/${imageFamilyFor(target.shape)}`,
					diskSizeGb: '10',
					diskType: `zones/${target.zone}/diskTypes/${hyperdiskOnlySeries.has(series) ? 'hyperdisk-balanced' : 'pd-balanced'}`,
					labels,
				},
			},
		],
		networkInterfaces: [
			{
				network: networkPath(target.network),
				...(target.subnetwork ? {subnetwork: `regions/${target.region}/subnetworks/${target.subnetwork}`} : {}),
				accessConfigs: [{name: 'External NAT', type: 'ONE_TO_ONE_NAT'}],
				...(gvnicOnlySeries.has(series) || target.tier1 ? {nicType: 'GVNIC'} : {}),
			},
		],
		...(target.tier1 ? {networkPerformanceConfig: tier1NetworkPerformance} : {}),
		scheduling: {
			// Compact placement requires TERMINATE: collocated instances give up live migration.
			...(collocated ? {onHostMaintenance: 'TERMINATE', automaticRestart: false} : {}),
			...(spread ? {availabilityDomain: spreadDomain(spec.role)} : {}),
			// The cloud-side guard if netplace dies: Compute deletes the instance after the TTL.
			maxRunDuration: {seconds: String(spec.ttlSeconds)},
			instanceTerminationAction: 'DELETE',
		},
		...(needsGcpPolicy(spec.placement) && spec.policyUrl ? {resourcePolicies: [spec.policyUrl]} : {}),
	};
}

export function policyUrl(target: GcpTarget, name: string): string {
	return `projects/${target.project}/regions/${target.region}/resourcePolicies/${name}`;
}

export const gcpDeleteCommands = {
	instance: (name: string, project: string, zone: string) =>
		`gcloud compute instances delete ${name} --project ${project} --zone ${zone} --quiet`,
	policy: (name: string, project: string, region: string) =>
		`gcloud compute resource-policies delete ${name} --project ${project} --region ${region} --quiet`,
	firewall: (name: string, project: string) =>
		`gcloud compute firewall-rules delete ${name} --project ${project} --quiet`,
	osLoginKey: (fingerprint: string, project: string) =>
		`gcloud compute os-login ssh-keys remove --key ${fingerprint} --project ${project}`,
	keyFolder: (folder: string) => `rm -rf ${folder}`,
};

// What a GCP run creates, as plain request bodies: firewall rules, a COLLOCATED resource policy, instances.
// Pure: names, validation and request bodies, so the plan, provisioning and tests share one definition.

import type {Placement} from '../../advisor/types.js';
import {UserError} from '../../errors.js';
import {expiresTagKey, labelSafe, runTagKey} from '../cloud/run-tags.js';
import {isIpv6Cidr, validateShape, validateSshCidr} from '../cloud/validate.js';
import type {ProbeTarget} from '../provider.js';
import type {GcpFirewall, GcpInstance, GcpResourcePolicy} from './clients.js';

/** The login user created from the `ssh-keys` metadata entry. */
export const gcpSshUser = 'netplace';
/** iperf3 ports the probe engine may use (a second server when two tests run at once). */
export const iperfPortRange = '5201-5210';
export const gcpPlacements: readonly Placement[] = ['default', 'collocated'];

export interface GcpTarget {
	readonly project: string;
	readonly zone: string;
	readonly region: string;
	readonly shape: string;
	readonly sshCidr: string;
	readonly placements: readonly Placement[];
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
			throw new UserError(`placement ${placement} is not available on gcp`, 'gcp placements: default, collocated');
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

	return {
		project,
		zone,
		region,
		shape: validateShape('gcp', target.shape),
		sshCidr,
		placements: validateGcpPlacements(target.placements),
	};
}

/** Names: lowercase, start with a letter, at most 63 characters (run ids are `np-…`). */
export const gcpNames = {
	sshRule: (runId: string) => `${runId}-ssh`,
	probeRule: (runId: string) => `${runId}-probe`,
	denyRule: (runId: string) => `${runId}-deny`,
	policy: (runId: string) => `${runId}-collocated`,
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

/** SSH only from the user's CIDR, only to this run's instances. */
export function sshFirewall(runId: string, sshCidr: string): GcpFirewall {
	return {
		name: gcpNames.sshRule(runId),
		description: runDescription(runId),
		network: 'global/networks/default',
		direction: 'INGRESS',
		priority: 1000,
		sourceRanges: [sshCidr],
		targetTags: [runId],
		allowed: [{IPProtocol: 'tcp', ports: ['22']}],
	};
}

/** iperf3 and ICMP only between this run's instances (source and target tag = the run id). */
export function probeFirewall(runId: string): GcpFirewall {
	return {
		name: gcpNames.probeRule(runId),
		description: runDescription(runId),
		network: 'global/networks/default',
		direction: 'INGRESS',
		priority: 1000,
		sourceTags: [runId],
		targetTags: [runId],
		allowed: [{IPProtocol: 'tcp', ports: [iperfPortRange]}, {IPProtocol: 'icmp'}],
	};
}

/**
 * Everything else into the run's instances is denied, at a priority that beats the project's own allow rules
 * (the default network's `default-allow-ssh` at 65534 lets anyone SSH in) but loses to the two rules above.
 */
export function denyFirewall(runId: string): GcpFirewall {
	return {
		name: gcpNames.denyRule(runId),
		description: runDescription(runId),
		network: 'global/networks/default',
		direction: 'INGRESS',
		priority: 1001,
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
	/** The COLLOCATED policy's URL, for the collocated placement. */
	readonly policyUrl?: string;
}

export function instanceBody(spec: InstanceSpec): GcpInstance {
	const {target} = spec;
	const series = target.shape.split('-')[0] ?? '';
	const labels = gcpLabels(spec.runId, spec.expiresAt);
	const collocated = spec.placement === 'collocated';
	return {
		name: gcpNames.instance(spec.runId, spec.placement, spec.role),
		machineType: `zones/${target.zone}/machineTypes/${target.shape}`,
		labels,
		tags: {items: [spec.runId]},
		metadata: {
			items: [
				{key: 'ssh-keys', value: `${gcpSshUser}:${spec.publicKey}`},
				{key: 'startup-script', value: spec.startupScript},
			],
		},
		disks: [
			{
				boot: true,
				autoDelete: true,
				initializeParams: {
					sourceImage: `projects/debian-cloud/global/images/family/${armSeries.has(series) ? 'debian-12-arm64' : 'debian-12'}`,
					diskSizeGb: '10',
					diskType: `zones/${target.zone}/diskTypes/${hyperdiskOnlySeries.has(series) ? 'hyperdisk-balanced' : 'pd-balanced'}`,
					labels,
				},
			},
		],
		networkInterfaces: [
			{
				network: 'global/networks/default',
				accessConfigs: [{name: 'External NAT', type: 'ONE_TO_ONE_NAT'}],
				...(gvnicOnlySeries.has(series) ? {nicType: 'GVNIC'} : {}),
			},
		],
		scheduling: {
			// Compact placement requires TERMINATE: collocated instances give up live migration.
			...(collocated ? {onHostMaintenance: 'TERMINATE', automaticRestart: false} : {}),
			// The cloud-side guard if netplace dies: Compute deletes the instance after the TTL.
			maxRunDuration: {seconds: String(spec.ttlSeconds)},
			instanceTerminationAction: 'DELETE',
		},
		...(collocated && spec.policyUrl ? {resourcePolicies: [spec.policyUrl]} : {}),
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
	keyFolder: (folder: string) => `rm -rf ${folder}`,
};

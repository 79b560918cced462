// The request body of one GCP instance: machine type, labels, login metadata and startup script, boot disk,
// network interface, Tier_1, scheduling (the TTL guard, collocated and spread placement) and its policy.

import type {Placement} from '../../domain/types.js';
import type {GcpInstance} from './clients.js';
import {gcpLabels, gcpNames, networkPath} from './names.js';
import {spreadDomain} from './resources.js';
import {type GcpTarget, needsGcpPolicy} from './target.js';
import {tier1NetworkPerformance} from './tier1.js';

/** The login user created from the `ssh-keys` metadata entry. */
export const gcpSshUser = 'netplace';

/** How the instances take the run's key: OS Login (the caller's POSIX account) or `ssh-keys` metadata. */
export type GcpLoginMode = 'os-login' | 'metadata';

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
	return armSeries.has(seriesOf(shape)) ? 'debian-12-arm64' : 'debian-12';
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
	const labels = gcpLabels(spec.runId, spec.expiresAt);
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
		disks: [bootDisk(spec, labels)],
		networkInterfaces: [networkInterface(target)],
		...(target.tier1 ? {networkPerformanceConfig: tier1NetworkPerformance} : {}),
		scheduling: scheduling(spec),
		...(needsGcpPolicy(spec.placement) && spec.policyUrl ? {resourcePolicies: [spec.policyUrl]} : {}),
	};
}

type GcpDisk = NonNullable<GcpInstance['disks']>[number];
type GcpNetworkInterface = NonNullable<GcpInstance['networkInterfaces']>[number];

function seriesOf(shape: string): string {
	return shape.split('-')[0] ?? '';
}

/** 10 GB of the run's image, deleted with the instance; Hyperdisk where the series takes nothing else. */
function bootDisk(spec: InstanceSpec, labels: Record<string, string>): GcpDisk {
	const {target} = spec;
	const diskType = hyperdiskOnlySeries.has(seriesOf(target.shape)) ? 'hyperdisk-balanced' : 'pd-balanced';
	return {
		boot: true,
		autoDelete: true,
		initializeParams: {
			sourceImage: spec.sourceImage ?? `projects/debian-cloud/global/images/family/${imageFamilyFor(target.shape)}`,
			diskSizeGb: '10',
			diskType: `zones/${target.zone}/diskTypes/${diskType}`,
			labels,
		},
	};
}

/** One NIC with an external address; gVNIC where the series offers only it or Tier_1 asks for it. */
function networkInterface(target: GcpTarget): GcpNetworkInterface {
	return {
		network: networkPath(target.network),
		...(target.subnetwork ? {subnetwork: `regions/${target.region}/subnetworks/${target.subnetwork}`} : {}),
		accessConfigs: [{name: 'External NAT', type: 'ONE_TO_ONE_NAT'}],
		...(gvnicOnlySeries.has(seriesOf(target.shape)) || target.tier1 ? {nicType: 'GVNIC'} : {}),
	};
}

function scheduling(spec: InstanceSpec): GcpInstance['scheduling'] {
	return {
		// Compact placement requires TERMINATE: collocated instances give up live migration.
		...(spec.placement === 'collocated' ? {onHostMaintenance: 'TERMINATE', automaticRestart: false} : {}),
		...(spec.placement === 'spread' ? {availabilityDomain: spreadDomain(spec.role)} : {}),
		// The cloud-side guard if netplace dies: Compute deletes the instance after the TTL.
		maxRunDuration: {seconds: String(spec.ttlSeconds)},
		instanceTerminationAction: 'DELETE',
	};
}

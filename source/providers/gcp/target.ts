// The GCP target a run works in: project, zone and region, shape, network, placements and Tier_1, validated
// from the probe's flags (UserError, exit 2, on anything malformed).

import {UserError} from '../../domain/errors.js';
import type {Placement} from '../../domain/types.js';
import {isIpv6Cidr, validateShape, validateSshCidr} from '../cloud/validate.js';
import type {ProbeTarget} from '../provider.js';
import {type GcpTier1, gcpTier1} from './tier1.js';

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

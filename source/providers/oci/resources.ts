// What an OCI run creates, as plain request details: a VCN with an internet gateway, route table, security
// list and subnet; a cluster placement group where asked; instances. Pure: validation, names, bodies.

import type {models} from 'oci-core';
import {UserError} from '../../domain/errors.js';
import type {Placement} from '../../domain/types.js';
import {probePorts} from '../cloud/probe-ports.js';
import {expiresTagKey, runTagKey} from '../cloud/run-tags.js';
import {isIpv6Cidr, validateShape, validateSshCidr} from '../cloud/validate.js';
import type {ProbeTarget} from '../provider.js';

/** An SDK enum member by its wire value (the SDK's enums are runtime objects; this module stays SDK-free). */
export function ociEnum<T>(value: string): T {
	return value as unknown as T;
}

const cidrBlock = ociEnum<models.IngressSecurityRule.SourceType>('CIDR_BLOCK');

export const ociPlacements: readonly Placement[] = ['default', 'cluster'];
/** Ubuntu images log in as `ubuntu`. */
export const ociSshUser = 'ubuntu';
export const vcnCidr = '10.77.0.0/16';
export const subnetCidr = '10.77.1.0/24';
export const iperfPorts = probePorts;

export interface OciTarget {
	readonly shape: string;
	readonly sshCidr: string;
	readonly placements: readonly Placement[];
	/** Explicit --compartment, else null (the tenancy from the config file). */
	readonly compartment: string | null;
	readonly region: string | null;
	/** --zone, read as an availability domain name (e.g. `Uocm:US-ASHBURN-AD-1`); null: the first AD. */
	readonly availabilityDomain: string | null;
	readonly ocpus: number | null;
}

const ocidPattern = /^ocid1\.(compartment|tenancy)\.oc\d+\.[a-z0-9-]*\.[a-z0-9]{8,}$/;
const regionPattern = /^[a-z]{2}-[a-z]+-\d$/;
const adPattern = /^[A-Za-z0-9]+:[A-Z0-9-]+$/;

export function validateCompartment(compartment: string | undefined): string | null {
	if (compartment === undefined) {
		return null;
	}

	if (!ocidPattern.test(compartment)) {
		throw new UserError(
			`--compartment ${JSON.stringify(compartment)} is not a compartment OCID`,
			'e.g. ocid1.compartment.oc1..aaaa…; leave it out to use the tenancy from ~/.oci/config',
		);
	}

	return compartment;
}

export function validateOciRegion(region: string | undefined): string | null {
	if (region === undefined) {
		return null;
	}

	if (!regionPattern.test(region)) {
		throw new UserError(`--region ${JSON.stringify(region)} is not an OCI region`, 'e.g. --region us-ashburn-1');
	}

	return region;
}

export function validateOciTarget(target: ProbeTarget): OciTarget {
	const shape = validateShape('oci', target.shape);
	const sshCidr = validateSshCidr(target.sshCidr);
	if (isIpv6Cidr(sshCidr)) {
		throw new UserError('--ssh-cidr must be IPv4 for oci (the run VCN is IPv4 only)');
	}

	const placements = target.placements.length === 0 ? (['default'] as const) : target.placements;
	for (const placement of placements) {
		if (!ociPlacements.includes(placement)) {
			throw new UserError(`placement ${placement} is not available on oci`, 'oci placements: default, cluster');
		}
	}

	if (target.zone !== undefined && !adPattern.test(target.zone)) {
		throw new UserError(
			`--zone ${JSON.stringify(target.zone)} is not an OCI availability domain`,
			'e.g. Uocm:US-ASHBURN-AD-1',
		);
	}

	if (target.ocpus !== undefined && (!Number.isInteger(target.ocpus) || target.ocpus < 1 || target.ocpus > 512)) {
		throw new UserError(`--ocpus ${target.ocpus} is not a whole number of OCPUs between 1 and 512`);
	}

	if (/\.Flex$/.test(shape) && target.ocpus === undefined) {
		throw new UserError(`--ocpus is required for the flexible shape ${shape}`, 'e.g. --ocpus 16');
	}

	return {
		shape,
		sshCidr,
		placements: [...new Set(placements)],
		compartment: validateCompartment(target.compartment),
		region: validateOciRegion(target.region),
		availabilityDomain: target.zone ?? null,
		ocpus: target.ocpus ?? null,
	};
}

export function ociTags(runId: string, expiresAt: string): Record<string, string> {
	return {[runTagKey]: runId, [expiresTagKey]: expiresAt};
}

export const ociNames = {
	vcn: (runId: string) => `${runId}-vcn`,
	internetGateway: (runId: string) => `${runId}-igw`,
	routeTable: (runId: string) => `${runId}-rt`,
	securityList: (runId: string) => `${runId}-sl`,
	subnet: (runId: string) => `${runId}-subnet`,
	clusterPlacementGroup: (runId: string) => `${runId}-cpg`,
	instance: (runId: string, placement: Placement, role: 'server' | 'client') => `${runId}-${placement}-${role}`,
};

/** SSH only from --ssh-cidr; iperf3 and ICMP only from inside the run's subnet; everything out (apt). */
export function securityRules(sshCidr: string): {
	ingressSecurityRules: models.IngressSecurityRule[];
	egressSecurityRules: models.EgressSecurityRule[];
} {
	return {
		ingressSecurityRules: [
			{protocol: '6', source: sshCidr, sourceType: cidrBlock, tcpOptions: {destinationPortRange: {min: 22, max: 22}}},
			{protocol: '6', source: subnetCidr, sourceType: cidrBlock, tcpOptions: {destinationPortRange: {...iperfPorts}}},
			{protocol: '1', source: subnetCidr, sourceType: cidrBlock},
		],
		egressSecurityRules: [
			{
				protocol: 'all',
				destination: '0.0.0.0/0',
				destinationType: ociEnum<models.EgressSecurityRule.DestinationType>('CIDR_BLOCK'),
			},
		],
	};
}

/** Oracle's Ubuntu images reject everything but SSH in iptables: open the iperf3 ports before the TTL script. */
export function ociUserData(script: string): string {
	const [shebang, ...rest] = script.split('\n');
	const open = [
		`iptables -I INPUT -p tcp --dport ${iperfPorts.min}:${iperfPorts.max} -s ${subnetCidr} -j ACCEPT || true`,
		`iptables -I INPUT -p icmp -s ${subnetCidr} -j ACCEPT || true`,
	];
	return Buffer.from([shebang ?? '#!/bin/sh', ...open, ...rest].join('\n')).toString('base64');
}

export const ociDeleteCommands: Record<string, (id: string) => string> = {
	'console-history': (id) => `oci compute console-history delete --instance-console-history-id ${id} --force`,
	instance: (id) => `oci compute instance terminate --instance-id ${id} --preserve-boot-volume false --force`,
	'cluster-placement-group': (id) =>
		`oci cpg cluster-placement-group delete --cluster-placement-group-id ${id} --force`,
	subnet: (id) => `oci network subnet delete --subnet-id ${id} --force`,
	'route-table': (id) => `oci network route-table delete --rt-id ${id} --force`,
	'security-list': (id) => `oci network security-list delete --security-list-id ${id} --force`,
	'internet-gateway': (id) => `oci network internet-gateway delete --ig-id ${id} --force`,
	vcn: (id) => `oci network vcn delete --vcn-id ${id} --force`,
};

export function ociDeleteCommand(kind: string, id: string): string {
	return ociDeleteCommands[kind]?.(id) ?? `# delete ${kind} ${id} in the OCI console`;
}

// The OCI dry-run plan: every resource a run would create, the hold time and the cost. Pure.

import {estimateCost} from '../cloud/cost.js';
import {ttlMinutesFor} from '../cloud/startup-script.js';
import type {ProbePlanEstimate} from '../provider.js';
import {iperfPorts, type OciTarget, ociNames, subnetCidr} from './resources.js';

export function ociPlan(
	oci: OciTarget,
	holdSeconds: number,
	price: number | null,
	defaultRegion: string | null,
): ProbePlanEstimate {
	const runId = 'np-<run>';
	const instances = oci.placements.length * 2;
	const ttlMinutes = ttlMinutesFor(holdSeconds);
	const shapeConfig = oci.ocpus === null ? '' : `, shapeConfig ocpus ${oci.ocpus}`;
	const resources = [
		{kind: 'vcn', name: ociNames.vcn(runId), detail: '10.77.0.0/16, freeform tag netplace-run'},
		{kind: 'internet-gateway', name: ociNames.internetGateway(runId)},
		{
			kind: 'security-list',
			name: ociNames.securityList(runId),
			detail: `tcp:22 from ${oci.sshCidr}; tcp:${iperfPorts.min}-${iperfPorts.max} and icmp from ${subnetCidr}`,
		},
		{kind: 'route-table', name: ociNames.routeTable(runId), detail: '0.0.0.0/0 -> internet gateway'},
		{kind: 'subnet', name: ociNames.subnet(runId), detail: subnetCidr},
		...(oci.placements.includes('cluster')
			? [
					{
						kind: 'cluster-placement-group',
						name: ociNames.clusterPlacementGroup(runId),
						detail: 'where the tenancy has them',
					},
				]
			: []),
		...oci.placements.flatMap((placement) =>
			(['server', 'client'] as const).map((role) => ({
				kind: 'instance',
				name: ociNames.instance(runId, placement, role),
				detail: `${oci.shape}${shapeConfig}, cloud-init installs iperf3 and powers off after ${ttlMinutes} min`,
			})),
		),
		{kind: 'key-folder', name: 'ephemeral ed25519 key (local temp folder)'},
	];
	return {
		provider: 'oci',
		shape: oci.shape,
		region: oci.region ?? defaultRegion,
		zone: oci.availabilityDomain,
		resources,
		holdSeconds,
		instances,
		pricePerHour: price,
		priceSource: price === null ? null : '--price',
		estimatedCostUsd: estimateCost(price, instances, holdSeconds).usd,
		warnings: [
			...(oci.placements.includes('cluster')
				? ['cluster placement groups must be enabled for the tenancy by Oracle; a 404 falls back to default placement']
				: []),
			...(price === null ? ['price unknown for OCI: pass --price $/h to estimate cost'] : []),
		],
	};
}

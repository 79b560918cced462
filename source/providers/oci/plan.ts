// The OCI dry-run plan: every resource a run would create, the hold time and the cost. Pure.

import {estimateCost, type PlanPrice, unknownPriceWarning} from '../cloud/cost.js';
import {ttlMinutesFor} from '../cloud/startup-script.js';
import type {PlannedResource, PlanSetup, ProbePlanEstimate} from '../provider.js';
import {coreLimitOf} from './capacity.js';
import {ociUbuntuVersion} from './image.js';
import {iperfPorts, type OciTarget, ociNames, ociSshUser, subnetCidr, vcnCidr} from './resources.js';

/** OCI has no cloud-side run limit like GCP's maxRunDuration: only the guest's own poweroff. */
export const ociGuardNote =
	'guard: only the guest powers itself off at the TTL; a STOPPED instance still bills its boot volume and the VCN stays: `netplace cleanup --provider oci` finds both';

export function ociSetup(oci: OciTarget, ttlMinutes: number, instances: number): PlanSetup[] {
	const limit = coreLimitOf(oci.shape);
	return [
		{label: 'network', text: `a run-scoped VCN ${vcnCidr} with its own subnet ${subnetCidr}, deleted at teardown`},
		{label: 'login', text: `SSH as ${ociSshUser} with the run's ephemeral key (ssh_authorized_keys metadata)`},
		{
			label: 'ttl',
			text: `cloud-init runs shutdown -h +${ttlMinutes}; OCI has no cloud-side TTL: the guest only powers off (STOPPED still bills the boot volume, and the VCN stays until teardown or \`netplace cleanup\`)`,
		},
		{
			label: 'quota',
			text: limit
				? `Limits API ${limit} read per availability domain before anything is created: ${instances} x ${oci.ocpus ?? "the shape's"} OCPU must fit in one AD`
				: `no compute core limit known for ${oci.shape}: not checked`,
		},
		{
			label: 'capacity',
			text: oci.availabilityDomain
				? `--zone ${oci.availabilityDomain} pinned: "Out of host capacity." ends the run`
				: '"Out of host capacity." moves a default pair to the next AD with room (a cluster pair stays in its group\'s AD)',
		},
		{label: 'image', text: `Canonical Ubuntu ${ociUbuntuVersion} (newest, never Minimal), recorded with the run`},
	];
}

export function ociPlan(
	oci: OciTarget,
	holdSeconds: number,
	price: PlanPrice,
	defaultRegion: string | null,
): ProbePlanEstimate {
	const instances = oci.placements.length * 2;
	const ttlMinutes = ttlMinutesFor(holdSeconds);
	return {
		provider: 'oci',
		shape: oci.shape,
		region: oci.region ?? defaultRegion,
		zone: oci.availabilityDomain,
		resources: ociResources(oci, ttlMinutes),
		holdSeconds,
		instances,
		pricePerHour: price.perHour,
		priceSource: price.source,
		estimatedCostUsd: estimateCost(price.perHour, instances, holdSeconds).usd,
		setup: ociSetup(oci, ttlMinutes, instances),
		warnings: ociWarnings(oci, price),
	};
}

const planRunId = 'np-<run>';

/** The run's network, its cluster placement group (when asked), each placement's pair, the local key folder. */
function ociResources(oci: OciTarget, ttlMinutes: number): PlannedResource[] {
	return [
		...networkResources(oci),
		...(oci.placements.includes('cluster')
			? [
					{
						kind: 'cluster-placement-group',
						name: ociNames.clusterPlacementGroup(planRunId),
						detail: 'where the tenancy has them',
					},
				]
			: []),
		...instanceResources(oci, ttlMinutes),
		{kind: 'key-folder', name: 'ephemeral ed25519 key (local temp folder)'},
	];
}

/** The run-scoped VCN and what it needs to reach the instances: gateway, security list, route table, subnet. */
function networkResources(oci: OciTarget): PlannedResource[] {
	const runId = planRunId;
	return [
		{kind: 'vcn', name: ociNames.vcn(runId), detail: '10.77.0.0/16, freeform tag netplace-run'},
		{kind: 'internet-gateway', name: ociNames.internetGateway(runId)},
		{
			kind: 'security-list',
			name: ociNames.securityList(runId),
			detail: `tcp:22 from ${oci.sshCidr}; tcp:${iperfPorts.min}-${iperfPorts.max} and icmp from ${subnetCidr}`,
		},
		{kind: 'route-table', name: ociNames.routeTable(runId), detail: '0.0.0.0/0 -> internet gateway'},
		{kind: 'subnet', name: ociNames.subnet(runId), detail: subnetCidr},
	];
}

function instanceResources(oci: OciTarget, ttlMinutes: number): PlannedResource[] {
	const shapeConfig = oci.ocpus === null ? '' : `, shapeConfig ocpus ${oci.ocpus}`;
	return oci.placements.flatMap((placement) =>
		(['server', 'client'] as const).map((role) => ({
			kind: 'instance',
			name: ociNames.instance(planRunId, placement, role),
			detail: `${oci.shape}${shapeConfig}, cloud-init installs iperf3 and powers off after ${ttlMinutes} min`,
		})),
	);
}

function ociWarnings(oci: OciTarget, price: PlanPrice): string[] {
	return [
		...(oci.placements.includes('cluster')
			? ['cluster placement groups must be enabled for the tenancy by Oracle; a 404 falls back to default placement']
			: []),
		...unknownPriceWarning(oci.shape, price),
		ociGuardNote,
	];
}

// An OCI run's network: VCN, then internet gateway and security list side by side, then route table, then
// subnet; each recorded as its create call returns and waited for until AVAILABLE. Teardown deletes them in
// the reverse order.

import type {models} from 'oci-core';
import {inParallel, throwIfAborted} from '../cloud/parallel.js';
import {ociEnum, ociNames, ociTags, securityRules, subnetCidr, vcnCidr} from './resources.js';
import {created, type OciRunContext} from './run-context.js';

/** What every network create shares: the run, its compartment and the VCN's id, its tags. */
interface NetworkStep {
	readonly context: OciRunContext;
	readonly compartmentId: string;
	readonly vcnId: string;
	readonly freeformTags: Record<string, string>;
}

/** VCN, internet gateway, security list, route table, subnet; returns the subnet id. */
export async function createNetwork(context: OciRunContext, signal: AbortSignal): Promise<string> {
	const {runId, compartmentId} = context;
	const freeformTags = ociTags(runId, context.expiresAt);
	throwIfAborted(signal);
	const {vcn} = await context.clients.virtualNetwork.createVcn({
		createVcnDetails: {compartmentId, cidrBlocks: [vcnCidr], displayName: ociNames.vcn(runId), freeformTags},
	});
	const vcnId = await created(context, 'vcn', vcn.id, 'AVAILABLE', signal);
	const step: NetworkStep = {context, compartmentId, vcnId, freeformTags};
	const [gatewayId, securityListId] = await inParallel(signal, [
		async (inner) => createInternetGateway(step, inner),
		async (inner) => createSecurityList(step, inner),
	]);
	throwIfAborted(signal);
	const routeTableId = await createRouteTable(step, gatewayId!, signal);
	throwIfAborted(signal);
	return createSubnet(step, routeTableId, securityListId!, signal);
}

async function createInternetGateway(step: NetworkStep, signal: AbortSignal): Promise<string> {
	const {context, compartmentId, vcnId, freeformTags} = step;
	throwIfAborted(signal);
	const {internetGateway} = await context.clients.virtualNetwork.createInternetGateway({
		createInternetGatewayDetails: {
			compartmentId,
			vcnId,
			isEnabled: true,
			displayName: ociNames.internetGateway(context.runId),
			freeformTags,
		},
	});
	return created(context, 'internet-gateway', internetGateway.id, 'AVAILABLE', signal);
}

async function createSecurityList(step: NetworkStep, signal: AbortSignal): Promise<string> {
	const {context, compartmentId, vcnId, freeformTags} = step;
	throwIfAborted(signal);
	const {securityList} = await context.clients.virtualNetwork.createSecurityList({
		createSecurityListDetails: {
			compartmentId,
			vcnId,
			displayName: ociNames.securityList(context.runId),
			freeformTags,
			...securityRules(context.target.sshCidr),
		},
	});
	return created(context, 'security-list', securityList.id, 'AVAILABLE', signal);
}

async function createRouteTable(step: NetworkStep, gatewayId: string, signal: AbortSignal): Promise<string> {
	const {context, compartmentId, vcnId, freeformTags} = step;
	const {routeTable} = await context.clients.virtualNetwork.createRouteTable({
		createRouteTableDetails: {
			compartmentId,
			vcnId,
			displayName: ociNames.routeTable(context.runId),
			freeformTags,
			routeRules: [
				{
					destination: '0.0.0.0/0',
					destinationType: ociEnum<models.RouteRule.DestinationType>('CIDR_BLOCK'),
					networkEntityId: gatewayId,
				},
			],
		},
	});
	return created(context, 'route-table', routeTable.id, 'AVAILABLE', signal);
}

async function createSubnet(
	step: NetworkStep,
	routeTableId: string,
	securityListId: string,
	signal: AbortSignal,
): Promise<string> {
	const {context, compartmentId, vcnId, freeformTags} = step;
	const {subnet} = await context.clients.virtualNetwork.createSubnet({
		createSubnetDetails: {
			compartmentId,
			vcnId,
			cidrBlock: subnetCidr,
			displayName: ociNames.subnet(context.runId),
			routeTableId,
			securityListIds: [securityListId],
			prohibitPublicIpOnVnic: false,
			freeformTags,
		},
	});
	return created(context, 'subnet', subnet.id, 'AVAILABLE', signal);
}

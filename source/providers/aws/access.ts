// How a run's hosts are reached: the run's key pair imported, then its security group (SSH from --ssh-cidr,
// iperf3 and ICMP from members only), created one after the other so teardown deletes them in the reverse
// order. No idempotency token on these creates: a repeat that finds this run's own answers Duplicate and
// adopts it (adopt.ts).

import {
	AuthorizeSecurityGroupIngressCommand,
	CreateSecurityGroupCommand,
	DeleteKeyPairCommand,
	ImportKeyPairCommand,
	type IpPermission,
} from '@aws-sdk/client-ec2';
import {RuntimeError} from '../../domain/errors.js';
import {probePorts} from '../cloud/probe-ports.js';
import {isIpv6Cidr} from '../cloud/validate.js';
import {createOrAdopt, ownKeyPair, ownSecurityGroup} from './adopt.js';
import {call, callRetrying, consistencyCodes, deleteCommands, deleteSecurityGroupWhenFree} from './aws-client.js';
import {type AwsRun, runTagSpecs} from './aws-run.js';
import {throwIfAborted} from './instance-wait.js';
import {awsNames} from './plan.js';

export interface RunAccess {
	readonly keyName: string;
	readonly groupId: string;
}

/** SSH from the caller's CIDR only; iperf3 and ICMP from members of the group only. */
export function ingressRules(groupId: string, sshCidr: string): IpPermission[] {
	const fromGroup = [{GroupId: groupId, Description: 'netplace: peers in this run only'}];
	return [
		{
			IpProtocol: 'tcp',
			FromPort: 22,
			ToPort: 22,
			...(isIpv6Cidr(sshCidr)
				? {Ipv6Ranges: [{CidrIpv6: sshCidr, Description: 'netplace: SSH from --ssh-cidr'}]}
				: {IpRanges: [{CidrIp: sshCidr, Description: 'netplace: SSH from --ssh-cidr'}]}),
		},
		{IpProtocol: 'tcp', FromPort: probePorts.min, ToPort: probePorts.max, UserIdGroupPairs: fromGroup},
		{IpProtocol: 'icmp', FromPort: -1, ToPort: -1, UserIdGroupPairs: fromGroup},
	];
}

export async function createAccess(run: AwsRun, vpcId: string): Promise<RunAccess> {
	const keyName = await importKeyPair(run);
	throwIfAborted(run.context.signal);
	const groupId = await createSecurityGroup(run, vpcId);
	await authorizeIngress(run, groupId);
	throwIfAborted(run.context.signal);
	return {keyName, groupId};
}

async function importKeyPair(run: AwsRun): Promise<string> {
	const {context, settings} = run;
	const {client, region} = settings;
	const keyName = awsNames.keyPair(context.runId);
	const key = await call('ImportKeyPair', async () =>
		createOrAdopt(
			'InvalidKeyPair.Duplicate',
			async () =>
				client.send(
					new ImportKeyPairCommand({
						KeyName: keyName,
						PublicKeyMaterial: new TextEncoder().encode(context.keyPair.publicKey),
						TagSpecifications: runTagSpecs(run, 'key-pair', keyName),
					}),
				),
			async () => ownKeyPair(client, keyName, context.runId),
		),
	);
	const keyPairId = key.KeyPairId ?? keyName;
	const byId = key.KeyPairId ? {KeyPairId: keyPairId} : {KeyName: keyName};
	context.ledger.record({
		kind: 'key-pair',
		id: keyPairId,
		deleteCommand: deleteCommands.keyPair(region, keyPairId),
		remove: async () => {
			await call('DeleteKeyPair', async () => settings.removalClient.send(new DeleteKeyPairCommand(byId)));
		},
	});
	context.onEvent?.({type: 'resource-created', kind: 'key-pair', id: keyPairId});
	return keyName;
}

async function createSecurityGroup(run: AwsRun, vpcId: string): Promise<string> {
	const {context, settings} = run;
	const {client, region} = settings;
	const {runId} = context;
	const groupName = awsNames.securityGroup(runId);
	const group = await call('CreateSecurityGroup', async () =>
		createOrAdopt(
			'InvalidGroup.Duplicate',
			async () =>
				client.send(
					new CreateSecurityGroupCommand({
						GroupName: groupName,
						Description: `netplace probe ${runId}: SSH from --ssh-cidr, iperf3 and ICMP inside the group`,
						VpcId: vpcId,
						TagSpecifications: runTagSpecs(run, 'security-group', groupName),
					}),
				),
			async () => ownSecurityGroup(client, groupName, vpcId, runId),
		),
	);
	const groupId = group.GroupId;
	if (!groupId) {
		throw new RuntimeError('aws CreateSecurityGroup answered without a group id');
	}

	context.ledger.record({
		kind: 'security-group',
		id: groupId,
		deleteCommand: deleteCommands.securityGroup(region, groupId),
		remove: async () => {
			await run.tracker.allTerminated();
			await deleteSecurityGroupWhenFree(settings.removalClient, groupId, settings.retry);
		},
	});
	context.onEvent?.({type: 'resource-created', kind: 'security-group', id: groupId});
	return groupId;
}

async function authorizeIngress(run: AwsRun, groupId: string): Promise<void> {
	const {client, retry} = run.settings;
	const groupName = awsNames.securityGroup(run.context.runId);
	await callRetrying('AuthorizeSecurityGroupIngress', consistencyCodes.afterCreateGroup, retry, async () =>
		client.send(
			new AuthorizeSecurityGroupIngressCommand({
				GroupId: groupId,
				IpPermissions: ingressRules(groupId, run.target.sshCidr ?? ''),
				TagSpecifications: runTagSpecs(run, 'security-group-rule', groupName),
			}),
		),
	);
}

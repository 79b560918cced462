// One placement's pair on EC2: its placement group where the placement needs one, both instances in one
// RunInstances (the first zone with capacity, capacity.ts), each recorded as it exists, then waited for
// until SSH can reach them (instance-wait.ts).

import {
	type _InstanceType,
	CreatePlacementGroupCommand,
	DeletePlacementGroupCommand,
	RunInstancesCommand,
	type RunInstancesCommandInput,
	type RunInstancesCommandOutput,
} from '@aws-sdk/client-ec2';
import {RuntimeError} from '../../domain/errors.js';
import type {Placement} from '../../domain/types.js';
import type {CloudPair} from '../cloud/backend.js';
import type {RunAccess} from './access.js';
import {createOrAdopt, ownPlacementGroup} from './adopt.js';
import {call, callRetrying, consistencyCodes, deleteCommands, isNotFound, mapAwsError} from './aws-client.js';
import {type AwsRun, runTagSpecs, tagSpec} from './aws-run.js';
import {launchInSomeZone} from './capacity.js';
import {describePair, throwIfAborted, waitForInstances} from './instance-wait.js';
import {awsNames, needsPlacementGroup} from './plan.js';
import type {RunBasis} from './run-basis.js';

/** What every placement's launch shares: the run, what it is built on, its access, and the signal that stops the others. */
export interface PairLaunch {
	readonly run: AwsRun;
	readonly basis: RunBasis;
	readonly access: RunAccess;
	readonly userData: string;
	readonly signal: AbortSignal;
}

export async function launchPair(launch: PairLaunch, placement: Placement): Promise<CloudPair> {
	const {run, basis, signal} = launch;
	let placementGroup: string | undefined;
	if (needsPlacementGroup(placement)) {
		placementGroup = await createPlacementGroup(run, placement);
		throwIfAborted(signal);
	}

	const notes = [...basis.notes];
	const say = (text: string): void => {
		notes.push(text);
		run.context.onEvent?.({type: 'note', text: `${placement}: ${text}`});
	};
	const launched = await launchInSomeZone(
		basis.zones,
		basis.pinned,
		async (zone, attempt) => runInstances(launch, {placement, placementGroup, zone, attempt}),
		say,
	);
	const ids = recordInstances(run, placement, launched);
	throwIfAborted(signal);
	await waitForInstances(run.settings, ids, placement, run.context, signal);
	const cloudPair = await describePair(run.settings, ids, placement, basis.published);
	return {...cloudPair, pair: {...cloudPair.pair, notes: [...(cloudPair.pair.notes ?? []), ...notes]}};
}

interface Attempt {
	readonly placement: Placement;
	readonly placementGroup: string | undefined;
	readonly zone: string;
	readonly attempt: number;
}

/** Both instances in one call, in one zone (the command made afresh for each retry, its tags stamped then). */
async function runInstances(launch: PairLaunch, attempt: Attempt): Promise<RunInstancesCommandOutput> {
	const {client, retry} = launch.run.settings;
	const subnetId = await launch.basis.network.subnetFor(attempt.zone);
	return callRetrying(
		'RunInstances',
		consistencyCodes.runInstances,
		retry,
		async () => client.send(new RunInstancesCommand(runInstancesInput(launch, attempt, subnetId))),
		launch.signal,
	);
}

function runInstancesInput(launch: PairLaunch, attempt: Attempt, subnetId: string): RunInstancesCommandInput {
	const {run, basis, access} = launch;
	const {placement, placementGroup, zone} = attempt;
	const {runId} = run.context;
	const name = awsNames.instance(runId, placement, 'server').replace(/-server$/, '');
	const ena = {EnaSrdSpecification: {EnaSrdEnabled: true, EnaSrdUdpSpecification: {EnaSrdUdpEnabled: true}}};
	return {
		ImageId: basis.image.id,
		InstanceType: run.target.shape as _InstanceType,
		MinCount: 2,
		MaxCount: 2,
		KeyName: access.keyName,
		// Idempotent across our own retries; a new token per zone (same token, other zone = mismatch).
		ClientToken: `${runId}-${placement}-${attempt.attempt}`,
		InstanceInitiatedShutdownBehavior: 'terminate',
		UserData: launch.userData,
		MetadataOptions: {HttpTokens: 'required'},
		Placement: {AvailabilityZone: zone, ...(placementGroup ? {GroupName: placementGroup} : {})},
		NetworkInterfaces: [
			{
				DeviceIndex: 0,
				SubnetId: subnetId,
				Groups: [access.groupId],
				AssociatePublicIpAddress: true,
				DeleteOnTermination: true,
				...(run.target.enaExpress ? ena : {}),
			},
		],
		TagSpecifications: [
			...runTagSpecs(run, 'instance', name),
			...runTagSpecs(run, 'volume', name),
			...runTagSpecs(run, 'network-interface', name),
		],
	};
}

/** Each instance in the tracker and the ledger as it exists; exactly two, or the pair fails. */
function recordInstances(run: AwsRun, placement: Placement, launched: RunInstancesCommandOutput): string[] {
	const {context, tracker, settings} = run;
	const ids = (launched.Instances ?? [])
		.map((instance) => instance.InstanceId)
		.filter((id): id is string => Boolean(id));
	for (const id of ids) {
		tracker.add(id);
		context.ledger.record({
			kind: 'instance',
			id,
			deleteCommand: deleteCommands.instance(settings.region, id),
			// A terminate that fails falls back to the run's terminate-and-wait, which retries it.
			remove: async () => tracker.terminate([id]).catch(async () => tracker.allTerminated()),
		});
		context.onEvent?.({type: 'resource-created', kind: 'instance', id});
	}

	if (ids.length !== 2) {
		throw new RuntimeError(`aws RunInstances started ${ids.length} instance(s) for ${placement}, not 2`);
	}

	return ids;
}

async function createPlacementGroup(run: AwsRun, placement: 'cluster' | 'spread' | 'partition'): Promise<string> {
	const {context, settings, tracker} = run;
	const {client, region, ttlMinutes} = settings;
	const name = awsNames.placementGroup(context.runId, placement);
	await call('CreatePlacementGroup', async () =>
		createOrAdopt(
			'InvalidPlacementGroup.Duplicate',
			async () =>
				client.send(
					new CreatePlacementGroupCommand({
						GroupName: name,
						Strategy: placement,
						...(placement === 'partition' ? {PartitionCount: 2} : {}),
						...(placement === 'spread' ? {SpreadLevel: 'rack'} : {}),
						TagSpecifications: [tagSpec('placement-group', name, context.runId, ttlMinutes)],
					}),
				),
			async () => ownPlacementGroup(client, name, context.runId),
		),
	);
	context.ledger.record({
		kind: 'placement-group',
		id: name,
		deleteCommand: deleteCommands.placementGroup(region, name),
		remove: async () => {
			await tracker.allTerminated();
			try {
				await settings.removalClient.send(new DeletePlacementGroupCommand({GroupName: name}));
			} catch (error: unknown) {
				if (!isNotFound(error)) throw mapAwsError('DeletePlacementGroup', error);
			}
		},
	});
	context.onEvent?.({type: 'resource-created', kind: 'placement-group', id: name});
	return name;
}

// After RunInstances: wait until the pair runs and passes its status checks, then read its addresses
// (private for the peer, public for SSH).

import {DescribeInstancesCommand, waitUntilInstanceRunning, waitUntilInstanceStatusOk} from '@aws-sdk/client-ec2';
import {InterruptedError, RuntimeError} from '../../domain/errors.js';
import type {Placement} from '../../domain/types.js';
import type {CloudPair, CloudRunContext} from '../cloud/backend.js';
import type {PublishedBandwidth} from '../provider.js';
import {call, mapAwsError} from './aws-client.js';
import {awsConsole} from './console.js';
import {sshUser} from './plan.js';
import type {AwsProvisionSettings} from './provision-settings.js';

export function throwIfAborted(signal?: AbortSignal): void {
	if (signal?.aborted) {
		throw new InterruptedError();
	}
}

export async function waitForInstances(
	settings: AwsProvisionSettings,
	ids: readonly string[],
	placement: Placement,
	context: CloudRunContext,
	signal: AbortSignal,
): Promise<void> {
	const {client, waiters} = settings;
	const config = {
		client,
		minDelay: waiters.minDelaySeconds,
		maxDelay: waiters.maxDelaySeconds,
		maxWaitTime: waiters.maxWaitSeconds,
		abortSignal: signal,
	};
	for (const [what, wait] of [
		['running', waitUntilInstanceRunning],
		['status ok', waitUntilInstanceStatusOk],
	] as const) {
		context.onEvent?.({type: 'waiting', what: `${placement} instances ${what}`});
		try {
			await wait(config, {InstanceIds: [...ids]});
		} catch (error: unknown) {
			throwIfAborted(signal);
			throw mapAwsError(`waiting for ${placement} instances (${ids.join(', ')}) to be ${what}`, error);
		}

		throwIfAborted(signal);
	}
}

export async function describePair(
	settings: AwsProvisionSettings,
	ids: readonly string[],
	placement: Placement,
	published: PublishedBandwidth,
): Promise<CloudPair> {
	const answer = await call('DescribeInstances', async () =>
		settings.client.send(new DescribeInstancesCommand({InstanceIds: [...ids]})),
	);
	const byId = new Map(
		(answer.Reservations ?? [])
			.flatMap((reservation) => reservation.Instances ?? [])
			.map((instance) => [instance.InstanceId, instance]),
	);
	const endpoint = (id: string, role: 'server' | 'client') => {
		const instance = byId.get(id);
		if (!instance?.PrivateIpAddress || !instance.PublicIpAddress) {
			throw new RuntimeError(`instance ${id} has no ${instance?.PrivateIpAddress ? 'public' : 'private'} address`);
		}

		return {
			host: {id, name: `${placement}-${role}`, address: instance.PrivateIpAddress},
			ssh: {host: instance.PublicIpAddress, username: sshUser, console: awsConsole(settings.client, id)},
		};
	};

	const [serverId, clientId] = ids as [string, string];
	const server = endpoint(serverId, 'server');
	const clientEnd = endpoint(clientId, 'client');
	return {
		pair: {placement, server: server.host, client: clientEnd.host, published},
		serverSsh: server.ssh,
		clientSsh: clientEnd.ssh,
	};
}

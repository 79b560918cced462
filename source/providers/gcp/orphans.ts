// What earlier GCP runs left: instances by their `netplace-run` label; firewall rules and resource policies
// (which have no labels) by the `netplace-run=ID` description netplace gives them. Deleted in dependency order.

import type {RetryPolicy} from '../cloud/retry.js';
import {expiresTagKey} from '../cloud/run-tags.js';
import {deleteOrphansInOrder} from '../ledger.js';
import type {Orphan, TeardownReport} from '../provider.js';
import type {GcpClients, GcpFirewall, GcpInstance, GcpResourcePolicy} from './clients.js';
import {gcpDeleteCommands, labelTime, runIdFromDescription} from './names.js';
import {isNotFound, waitForOperation} from './operations.js';
import {deleteWhenFree} from './retrying-clients.js';

export interface GcpOrphanScope {
	readonly project: string;
	readonly zone: string;
	readonly region: string;
}

export async function findGcpOrphans(clients: GcpClients, scope: GcpOrphanScope): Promise<Orphan[]> {
	const {project, zone, region} = scope;
	const [[instances], [policies], [firewalls]] = await Promise.all([
		clients.instances.list({project, zone, filter: 'labels.netplace-run:*'}),
		clients.resourcePolicies.list({project, region}),
		clients.firewalls.list({project}),
	]);
	return [
		...instances.flatMap((instance) => instanceOrphans(instance, scope)),
		...policies.flatMap((policy) => policyOrphans(policy, scope)),
		...firewalls.flatMap((firewall) => firewallOrphans(firewall, scope)),
	];
}

/** An instance is netplace's when it carries the run label. */
function instanceOrphans(instance: GcpInstance, {project, zone}: GcpOrphanScope): Orphan[] {
	const runId = instance.labels?.['netplace-run'];
	if (!runId || !instance.name) return [];
	return [
		{
			kind: 'instance',
			id: instance.name,
			runId,
			region: zone,
			expiresAt: labelTime(instance.labels?.[expiresTagKey]),
			deleteCommand: gcpDeleteCommands.instance(instance.name, project, zone),
		},
	];
}

/** A resource policy (no labels) is netplace's when its description names the run. */
function policyOrphans(policy: GcpResourcePolicy, {project, region}: GcpOrphanScope): Orphan[] {
	const runId = runIdFromDescription(policy.description);
	if (!runId || !policy.name) return [];
	const deleteCommand = gcpDeleteCommands.policy(policy.name, project, region);
	return [{kind: 'resource-policy', id: policy.name, runId, region, deleteCommand}];
}

/** A firewall rule (no labels, global) is netplace's when its description names the run. */
function firewallOrphans(firewall: GcpFirewall, {project}: GcpOrphanScope): Orphan[] {
	const runId = runIdFromDescription(firewall.description);
	if (!runId || !firewall.name) return [];
	const deleteCommand = gcpDeleteCommands.firewall(firewall.name, project);
	return [{kind: 'firewall', id: firewall.name, runId, region: null, deleteCommand}];
}

const deleteOrder = ['instance', 'resource-policy', 'firewall'];

function flag(command: string, name: string): string {
	return new RegExp(`--${name} (\\S+)`).exec(command)?.[1] ?? '';
}

async function deleteOne(clients: GcpClients, orphan: Orphan, policy: RetryPolicy): Promise<void> {
	const project = flag(orphan.deleteCommand, 'project');
	switch (orphan.kind) {
		case 'instance': {
			const zone = flag(orphan.deleteCommand, 'zone');
			const [operation] = await clients.instances.delete({project, zone, instance: orphan.id});
			await waitForOperation(clients, {kind: 'zone', project, zone}, operation);
			return;
		}

		case 'resource-policy': {
			const region = flag(orphan.deleteCommand, 'region');
			await deleteWhenFree(policy, async () => {
				const [operation] = await clients.resourcePolicies.delete({project, region, resourcePolicy: orphan.id});
				await waitForOperation(clients, {kind: 'region', project, region}, operation);
			});
			return;
		}

		case 'firewall': {
			const [operation] = await clients.firewalls.delete({project, firewall: orphan.id});
			await waitForOperation(clients, {kind: 'global', project}, operation);
			return;
		}

		default: {
			throw new Error(`unknown GCP resource kind ${orphan.kind}`);
		}
	}
}

/** Instances first (waited), then policies, then firewall rules; each guarded; already gone counts as done. */
export async function deleteGcpOrphans(
	clients: GcpClients,
	orphans: readonly Orphan[],
	policy: RetryPolicy,
): Promise<TeardownReport> {
	return deleteOrphansInOrder(orphans, deleteOrder, async (orphan) => {
		try {
			await deleteOne(clients, orphan, policy);
		} catch (error: unknown) {
			if (!isNotFound(error)) throw error;
		}
	});
}

// One lab pair: two namespaces, a veth between them (198.18.n.0/24), loopback up, both ends shaped with HTB
// (and nftables round-robin classes when there is a per-flow cap). Every resource goes into the run's ledger
// the moment it exists.

import type {ResourceLedger} from '../ledger.js';
import type {ProvisionEvent} from '../provider.js';
import {dataAddresses, dataInterface, namespaceName} from './names.js';
import {deleteNamespace, namespaceDeleteCommand} from './namespaces.js';
import {runChecked, runCommand} from './run-command.js';
import type {LabShapingSpec} from './shaping-spec.js';
import {htbBatch, lossRuleset, lossTableName, nftRuleset, nftTableName} from './tc-commands.js';

export interface LabTools {
	readonly ip: string;
	readonly tc: string;
	readonly nft: string;
	readonly iptables: string;
	readonly ping: string;
	readonly delayLine: string;
}

export interface PairNamespaces {
	readonly index: number;
	readonly server: string;
	readonly client: string;
	readonly serverAddress: string;
	readonly clientAddress: string;
}

export interface SetupContext {
	readonly tools: LabTools;
	readonly ledger: ResourceLedger;
	readonly signal?: AbortSignal;
	readonly onEvent?: (event: ProvisionEvent) => void;
}

const commandTimeoutMs = 30_000;

async function addNamespace(context: SetupContext, namespace: string): Promise<void> {
	const {ip} = context.tools;
	await runChecked([ip, 'netns', 'add', namespace], {timeoutMs: commandTimeoutMs, signal: context.signal});
	context.ledger.record({
		kind: 'namespace',
		id: namespace,
		deleteCommand: namespaceDeleteCommand(namespace),
		remove: async () => deleteNamespace(ip, namespace),
	});
	context.onEvent?.({type: 'resource-created', kind: 'namespace', id: namespace});
	await runChecked([ip, '-n', namespace, 'link', 'set', 'lo', 'up'], {timeoutMs: commandTimeoutMs});
}

/** Shape the data interface in one namespace: HTB classes, the nft table when there is a flow cap, the loss. */
async function shapeEnd(context: SetupContext, namespace: string, spec: LabShapingSpec): Promise<void> {
	const {tc} = context.tools;
	const batch = htbBatch(dataInterface, spec);
	if (batch.length > 0) {
		await runChecked([tc, '-n', namespace, '-batch', '-'], {
			input: `${batch.join('\n')}\n`,
			timeoutMs: commandTimeoutMs,
		});
	}

	const ruleset = nftRuleset(spec);
	if (ruleset !== null) await addNftTable(context, namespace, nftTableName, ruleset);
	if (spec.lossPercent != null) await addLoss(context, namespace, spec.lossPercent);
}

/**
 * Random loss where data arrives in this namespace: the sender's segments one MSS each (GSO held to one
 * segment, so a drop is one segment, as on a real path), and the drop table (tc-commands.ts lossRuleset).
 */
async function addLoss(context: SetupContext, namespace: string, lossPercent: number): Promise<void> {
	const {ip} = context.tools;
	await runChecked([ip, '-n', namespace, 'link', 'set', dataInterface, 'gso_max_segs', '1'], {
		timeoutMs: commandTimeoutMs,
	});
	await addNftTable(context, namespace, lossTableName, lossRuleset(dataInterface, lossPercent));
}

async function addNftTable(context: SetupContext, namespace: string, table: string, ruleset: string): Promise<void> {
	const {ip, nft} = context.tools;
	await runChecked([ip, 'netns', 'exec', namespace, nft, '-f', '-'], {input: ruleset, timeoutMs: commandTimeoutMs});
	const id = `${namespace}/inet ${table}`;
	context.ledger.record({
		kind: 'nft-table',
		id,
		deleteCommand: `ip netns exec ${namespace} nft delete table inet ${table}`,
		remove: async () => {
			// Gone with its namespace; deleted explicitly when the namespace is still there.
			await runCommand([ip, 'netns', 'exec', namespace, nft, 'delete', 'table', 'inet', table], {
				timeoutMs: commandTimeoutMs,
			});
		},
	});
	context.onEvent?.({type: 'resource-created', kind: 'nft-table', id});
}

/** Create pair `index` of a run and shape both ends to `spec`. */
export async function setUpPair(
	context: SetupContext,
	runId: string,
	index: number,
	spec: LabShapingSpec,
): Promise<PairNamespaces> {
	const {ip} = context.tools;
	const server = namespaceName(runId, index, 'srv');
	const client = namespaceName(runId, index, 'cli');
	const addresses = dataAddresses(index);
	await addNamespace(context, server);
	await addNamespace(context, client);
	// Both ends are created inside the namespaces, so the interface names never meet in the root namespace.
	await runChecked(
		[ip, '-n', server, 'link', 'add', dataInterface, 'type', 'veth', 'peer', 'name', dataInterface, 'netns', client],
		{
			timeoutMs: commandTimeoutMs,
			signal: context.signal,
		},
	);
	for (const [namespace, address] of [
		[server, addresses.server],
		[client, addresses.client],
	] as const) {
		await runChecked(
			[ip, '-n', namespace, 'addr', 'add', `${address}/${addresses.prefixLength}`, 'dev', dataInterface],
			{
				timeoutMs: commandTimeoutMs,
			},
		);
		await runChecked([ip, '-n', namespace, 'link', 'set', dataInterface, 'up'], {timeoutMs: commandTimeoutMs});
		await shapeEnd(context, namespace, spec);
	}

	return {index, server, client, serverAddress: addresses.server, clientAddress: addresses.client};
}

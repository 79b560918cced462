// The local lab provider: real namespaces, real tc shaping, a real RTT delay line (DESIGN.md "lab").
// The probe engine drives it only through the Provider interface.

import {rmSync} from 'node:fs';
import {messageOf, RuntimeError, UserError} from '../../domain/errors.js';
import type {Placement} from '../../domain/types.js';
import {placements as allPlacements} from '../../domain/types.js';
import {ResourceLedger} from '../ledger.js';
import type {
	BackgroundProcess,
	ExecOptions,
	ExecResult,
	Host,
	HostPair,
	LeftResource,
	Orphan,
	PlacementSupport,
	PlannedResource,
	ProbePlanEstimate,
	ProbeTarget,
	Provider,
	ProvisionOptions,
	PublishedBandwidth,
	TeardownReport,
} from '../provider.js';
import type {SshTransport} from '../ssh/ssh-transport.js';
import {
	assertLabCapabilities,
	checkLabCapabilities,
	findExecutable,
	isRoot,
	rootProblem,
	toolPath,
} from './capabilities.js';
import {applyRtt} from './delay-line.js';
import {labFacts} from './facts.js';
import {labRunPrefix, parseNamespaceName} from './names.js';
import {
	defaultStateDir,
	delayLineProcesses,
	deleteNamespace,
	isOwned,
	killProcess,
	listNamespaces,
	removeOwner,
	writeOwner,
} from './namespaces.js';
import {type LabTools, type SetupContext, setUpPair} from './pair-setup.js';
import {typicalRttFloorMs} from './rtt-plan.js';
import {runCommand, startProcess} from './run-command.js';
import {describeShaping, type LabShapingSpec, resolveLabShaping} from './shaping-spec.js';
import {createSshKeys, keyFolders, startSshHost} from './ssh-mode.js';
import {flowClassCount} from './tc-commands.js';

/** An SSH key folder that names no run counts as left behind once it is this old. */
const unnamedKeyFolderMs = 10 * 60_000;

export interface LabProviderOptions {
	/** Where run owner files live (default /run/netplace-lab). */
	readonly stateDir?: string;
	/** The process that owns runs this provider creates (default this one; tests pass a dead pid to simulate a crash). */
	readonly ownerPid?: number;
}

interface HostRuntime {
	readonly runId: string;
	readonly namespace: string;
	readonly transport?: SshTransport;
}

const orphanDeleteCommand = (namespace: string): string =>
	`ip netns pids ${namespace} | xargs -r kill; ip netns del ${namespace}`;

function specsFor(target: ProbeTarget): Array<{readonly placement: Placement; readonly spec: LabShapingSpec}> {
	const wanted = target.placements.length > 0 ? target.placements : (['default'] as const);
	return wanted.map((placement) => ({placement, spec: resolveLabShaping(target.lab, placement)}));
}

function published(spec: LabShapingSpec): PublishedBandwidth {
	return {gbps: spec.aggregateCapGbps, kind: 'lab-cap', detail: describeShaping(spec)};
}

export function createLabProvider(options: LabProviderOptions = {}): Provider {
	const stateDir = options.stateDir ?? defaultStateDir;
	const ownerPid = options.ownerPid ?? process.pid;
	const runs = new Map<string, ResourceLedger>();
	const hosts = new Map<string, HostRuntime>();
	const ip = (): string => findExecutable('ip') ?? 'ip';

	async function provision(
		target: ProbeTarget,
		runId: string,
		provisionOptions: ProvisionOptions = {},
	): Promise<readonly HostPair[]> {
		const overSsh = target.lab?.overSsh === true;
		const capabilities = assertLabCapabilities({overSsh});
		const specs = specsFor(target);
		const prefix = labRunPrefix(runId);
		if (runs.has(runId)) throw new UserError(`lab run ${runId} already exists`);
		const tools: LabTools = {
			ip: toolPath(capabilities, 'ip'),
			tc: toolPath(capabilities, 'tc'),
			nft: toolPath(capabilities, 'nft'),
			iptables: toolPath(capabilities, 'iptables'),
			ping: toolPath(capabilities, 'ping'),
			delayLine: capabilities.delayLine ?? 'delay-line',
		};
		const ledger = new ResourceLedger();
		runs.set(runId, ledger);
		writeOwner(stateDir, prefix, ownerPid);
		ledger.record({
			kind: 'owner-file',
			id: `${stateDir}/${prefix}.json`,
			deleteCommand: `rm -f ${stateDir}/${prefix}.json`,
			remove: async () => removeOwner(stateDir, prefix),
		});
		const context: SetupContext = {tools, ledger, signal: provisionOptions.signal, onEvent: provisionOptions.onEvent};
		const keys = overSsh
			? await createSshKeys(context, findExecutable('ssh-keygen') ?? 'ssh-keygen', prefix)
			: undefined;
		const takenBlocks = new Set<number>();
		const pairs: HostPair[] = [];
		for (const [index, {placement, spec}] of specs.entries()) {
			if (provisionOptions.signal?.aborted) throw new RuntimeError('provisioning interrupted');
			provisionOptions.onEvent?.({type: 'waiting', what: `lab pair ${index} (${placement}): ${describeShaping(spec)}`});
			const pair = await setUpPair(context, runId, index, spec);
			const rtt = await applyRtt(context, pair, prefix, spec.rttMs, spec.jitterMs);
			for (const text of rtt.notes) provisionOptions.onEvent?.({type: 'note', text});
			let serverTransport: SshTransport | undefined;
			let clientTransport: SshTransport | undefined;
			if (keys) {
				const sshd = toolPath(capabilities, 'sshd');
				const common = {runId, index, keys, sshd, takenBlocks};
				serverTransport = await startSshHost(context, {...common, role: 'srv', namespace: pair.server});
				clientTransport = await startSshHost(context, {...common, role: 'cli', namespace: pair.client});
			}

			hosts.set(pair.server, {runId, namespace: pair.server, ...(serverTransport ? {transport: serverTransport} : {})});
			hosts.set(pair.client, {runId, namespace: pair.client, ...(clientTransport ? {transport: clientTransport} : {})});
			const server: Host = {id: pair.server, name: pair.server, address: pair.serverAddress};
			const client: Host = {id: pair.client, name: pair.client, address: pair.clientAddress};
			const notes = [describeShaping(spec), ...rtt.notes];
			if (keys) notes.push('commands run over SSH (sshd in each namespace, management veth unshaped)');
			pairs.push({placement, server, client, published: published(spec), notes});
		}

		return pairs;
	}

	function runtimeOf(host: Host): HostRuntime {
		const known = hosts.get(host.id);
		if (known) return known;
		if (parseNamespaceName(host.id)) return {runId: '', namespace: host.id};
		throw new RuntimeError(`unknown lab host ${host.id}`);
	}

	async function exec(host: Host, argv: readonly string[], execOptions: ExecOptions = {}): Promise<ExecResult> {
		const runtime = runtimeOf(host);
		if (runtime.transport) return runtime.transport.exec(argv, execOptions);
		return runCommand([ip(), 'netns', 'exec', runtime.namespace, ...argv], execOptions);
	}

	async function startBackground(host: Host, argv: readonly string[]): Promise<BackgroundProcess> {
		const runtime = runtimeOf(host);
		const background: BackgroundProcess = runtime.transport
			? await runtime.transport.startBackground(argv)
			: startProcess([ip(), 'netns', 'exec', runtime.namespace, ...argv]);
		runs.get(runtime.runId)?.record({
			kind: 'process',
			id: `${runtime.namespace}/${argv.join(' ')}`,
			deleteCommand: `ip netns pids ${runtime.namespace} | xargs -r kill`,
			remove: async () => background.stop(),
		});
		return background;
	}

	async function teardown(runId: string): Promise<TeardownReport> {
		const left: LeftResource[] = [];
		try {
			const ledger = runs.get(runId);
			if (ledger) left.push(...(await ledger.teardown()).left);
			runs.delete(runId);
			const prefix = labRunPrefix(runId);
			for (const [id, runtime] of hosts) if (runtime.runId === runId) hosts.delete(id);
			// Belt and braces: anything named for this run that the ledger did not know about.
			for (const namespace of await listNamespaces(ip())) {
				if (parseNamespaceName(namespace)?.prefix !== prefix) continue;
				try {
					await deleteNamespace(ip(), namespace);
				} catch (error: unknown) {
					left.push({
						kind: 'namespace',
						id: namespace,
						deleteCommand: orphanDeleteCommand(namespace),
						error: String(error),
					});
				}
			}

			if (left.length === 0) removeOwner(stateDir, prefix);
		} catch (error: unknown) {
			left.push({kind: 'run', id: runId, deleteCommand: 'netplace cleanup --provider lab --yes', error: String(error)});
		}

		return {complete: left.length === 0, left};
	}

	async function findOrphans(): Promise<readonly Orphan[]> {
		const orphans: Orphan[] = [];
		const owned = new Map<string, boolean>();
		const ownedNow = (prefix: string): boolean => {
			if (!owned.has(prefix)) owned.set(prefix, isOwned(stateDir, prefix));
			return owned.get(prefix) === true;
		};

		for (const namespace of await listNamespaces(ip())) {
			const parsed = parseNamespaceName(namespace);
			if (!parsed || ownedNow(parsed.prefix)) continue;
			orphans.push({
				kind: 'namespace',
				id: namespace,
				runId: parsed.prefix,
				deleteCommand: orphanDeleteCommand(namespace),
			});
		}

		for (const {pid, prefix} of delayLineProcesses()) {
			if (ownedNow(prefix)) continue;
			orphans.push({kind: 'process', id: String(pid), runId: prefix, deleteCommand: `kill ${pid}`});
		}

		// Private keys of --over-ssh runs. A folder that names no run is left alone while it is young (it may
		// be a run starting right now).
		for (const folder of keyFolders()) {
			if (folder.prefix !== null ? ownedNow(folder.prefix) : Date.now() - folder.modifiedMs < unnamedKeyFolderMs)
				continue;
			orphans.push({kind: 'key-folder', id: folder.path, runId: folder.prefix, deleteCommand: `rm -rf ${folder.path}`});
		}

		return orphans;
	}

	async function deleteOrphans(orphans: readonly Orphan[]): Promise<TeardownReport> {
		if (orphans.length > 0 && !isRoot()) throw new RuntimeError(rootProblem);
		const left: LeftResource[] = [];
		for (const orphan of orphans) {
			try {
				if (orphan.kind === 'namespace') {
					await deleteNamespace(ip(), orphan.id);
				} else if (orphan.kind === 'process') {
					killProcess(Number(orphan.id));
				} else if (orphan.kind === 'key-folder' && keyFolders().some((folder) => folder.path === orphan.id)) {
					rmSync(orphan.id, {recursive: true, force: true});
				}

				if (orphan.runId) removeOwner(stateDir, orphan.runId);
			} catch (error: unknown) {
				left.push({kind: orphan.kind, id: orphan.id, deleteCommand: orphan.deleteCommand, error: String(error)});
			}
		}

		return {complete: left.length === 0, left};
	}

	async function plan(target: ProbeTarget, holdSeconds: number): Promise<ProbePlanEstimate> {
		const specs = specsFor(target);
		const resources: PlannedResource[] = [];
		const warnings: string[] = [...checkLabCapabilities({overSsh: target.lab?.overSsh === true}).problems];
		for (const [index, {placement, spec}] of specs.entries()) {
			resources.push(
				{kind: 'namespace', name: `np-<run>-${index}-srv`, detail: `${placement} server`},
				{kind: 'namespace', name: `np-<run>-${index}-cli`, detail: `${placement} client`},
				{kind: 'veth', name: 'np0', detail: `198.18.${index}.1 <-> 198.18.${index}.2`},
			);
			if (spec.aggregateCapGbps !== null || spec.flowCapGbps !== null) {
				const classes = spec.flowCapGbps === null ? 1 : flowClassCount;
				resources.push({
					kind: 'tc-htb',
					name: 'np0 (both ends)',
					detail: `${describeShaping(spec)}; ${classes} leaf class(es)`,
				});
			}

			if (spec.flowCapGbps !== null)
				resources.push({kind: 'nft-table', name: 'inet netplace (both ends)', detail: 'round-robin flow classes'});
			if (spec.rttMs !== null) {
				resources.push({
					kind: 'process',
					name: 'delay-line (server and client)',
					detail: `TCP and ICMP via NFQUEUE, both directions, target RTT ${spec.rttMs} ms${spec.jitterMs === null ? '' : ` ± ${spec.jitterMs} ms`}`,
				});
				if (spec.rttMs < typicalRttFloorMs) {
					warnings.push(
						`RTT target ${spec.rttMs} ms (${placement}) is likely below this machine's floor (about ${typicalRttFloorMs} ms through the delay line, 0.05-0.09 ms bare veth); it is measured at provision, and below the floor the pair runs without added delay`,
					);
				}
			}

			if (target.lab?.overSsh)
				resources.push({kind: 'process', name: 'sshd (server and client)', detail: 'management veth in 198.19.0.0/16'});
		}

		return {
			provider: 'lab',
			shape: target.lab?.profile ?? 'custom',
			region: null,
			zone: null,
			resources,
			holdSeconds,
			instances: specs.length * 2,
			pricePerHour: 0,
			priceSource: 'lab: this machine',
			estimatedCostUsd: 0,
			warnings,
		};
	}

	return {
		id: 'lab',
		facts: labFacts,
		preflight(target: ProbeTarget) {
			assertLabCapabilities({overSsh: target.lab?.overSsh === true});
		},
		async publishedBandwidth(target: ProbeTarget) {
			const [first] = specsFor(target);
			return first ? published(first.spec) : {gbps: null, kind: 'lab-cap'};
		},
		async placementSupport(target: ProbeTarget): Promise<readonly PlacementSupport[]> {
			return allPlacements.map((placement) => {
				try {
					resolveLabShaping(target.lab, placement);
					return {placement, available: true, reason: 'a label in the lab: the pair gets the profile shaping'};
				} catch (error: unknown) {
					return {placement, available: false, reason: messageOf(error)};
				}
			});
		},
		plan,
		provision,
		exec,
		startBackground,
		teardown,
		findOrphans,
		deleteOrphans,
	};
}

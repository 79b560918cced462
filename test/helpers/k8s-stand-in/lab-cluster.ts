// A stand-in cluster on the lab: lab pairs (real namespaces, HTB caps, delay line) as nodes in zones, labelled
// as EKS labels them, and a way to run the built CLI against it as a child process (the stand-in answers from
// this process, so the child must not block it: spawn, not spawnSync).

import {spawn} from 'node:child_process';
import {createLabProvider} from '../../../source/providers/lab/index.js';
import {namespaceName} from '../../../source/providers/lab/names.js';
import type {HostPair, LabTarget, Provider} from '../../../source/providers/provider.js';
import {cliPath, root} from '../../cli/helpers.js';
import type {StandInNode} from './api-objects.js';

export interface LabCluster {
	readonly nodes: StandInNode[];
	readonly lab: Provider;
	readonly runIds: string[];
	readonly pairs: HostPair[];
	teardown(): Promise<void>;
}

/** One lab pair as two nodes of `zones` (sender's, receiver's): the client namespace sends, the server receives. */
async function pairNodes(
	lab: Provider,
	runId: string,
	names: readonly [string, string],
	zones: readonly [string, string],
	shaping: LabTarget,
	plan: ClusterPlan,
): Promise<{nodes: StandInNode[]; pair: HostPair}> {
	const [pair] = await lab.provision({shape: 'custom', placements: ['default'], lab: shaping}, runId);
	const serial = `${runId.replaceAll(/[^0-9a-z]/g, '').slice(-8)}`;
	if (pair === undefined) throw new Error('the lab made no pair');
	const node = (index: 0 | 1, role: 'cli' | 'srv', address: string): StandInNode => ({
		name: names[index],
		zone: zones[index],
		instanceType: plan.instanceType,
		cpus: plan.cpus,
		providerId:
			plan.cloud === 'oci' ? `ocid1.instance.oc1.iad.${serial}${index}` : `aws:///${zones[index]}/i-0${serial}${index}`,
		namespace: namespaceName(runId, 0, role),
		address,
		peer: names[index === 0 ? 1 : 0],
	});
	return {nodes: [node(0, 'cli', pair.client.address), node(1, 'srv', pair.server.address)], pair};
}

export interface ClusterPlan {
	/** The nodes' cloud, as their spec.providerID says it. */
	readonly cloud: 'aws' | 'oci';
	readonly instanceType: string;
	readonly cpus: string;
	readonly shaping: LabTarget;
	/** The cross-zone pair's shaping (default: the same as the same-zone pair's). */
	readonly crossShaping?: LabTarget;
	/** Add the cross-zone pair (a-3 in zone-a, b-1 in zone-b). */
	readonly cross?: boolean;
}

/** a-1 -> a-2 in zone-a (same zone); with `cross`, a-3 (zone-a) -> b-1 (zone-b). */
export async function labCluster(tag: string, plan: ClusterPlan): Promise<LabCluster> {
	const lab = createLabProvider();
	const runIds = [`np-k${tag}-s`];
	const same = await pairNodes(lab, runIds[0]!, ['a-1', 'a-2'], ['zone-a', 'zone-a'], plan.shaping, plan);
	const nodes = [...same.nodes];
	const pairs = [same.pair];
	if (plan.cross) {
		runIds.push(`np-k${tag}-x`);
		const crossShaping = plan.crossShaping ?? plan.shaping;
		const cross = await pairNodes(lab, runIds[1]!, ['a-3', 'b-1'], ['zone-a', 'zone-b'], crossShaping, plan);
		nodes.push(...cross.nodes);
		pairs.push(cross.pair);
	}

	return {
		nodes,
		lab,
		runIds,
		pairs,
		teardown: async () => {
			for (const runId of runIds) await lab.teardown(runId);
		},
	};
}

export interface CliRun {
	readonly code: number | null;
	readonly stdout: string;
	readonly stderr: string;
}

export interface RunningCli {
	readonly child: ReturnType<typeof spawn>;
	readonly done: Promise<CliRun>;
	stderr(): string;
	/** Resolves once stderr matches; rejects when the CLI ends first. */
	waitFor(pattern: RegExp): Promise<void>;
}

export function startCli(args: readonly string[], env: Record<string, string>): RunningCli {
	const child = spawn(process.execPath, [cliPath, ...args], {
		cwd: root,
		env: {...process.env, NO_COLOR: '1', COLUMNS: '100', ...env},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let stdout = '';
	let stderr = '';
	const listeners = new Set<() => void>();
	child.stdout.on('data', (chunk: Buffer) => {
		stdout += chunk.toString();
	});
	child.stderr.on('data', (chunk: Buffer) => {
		stderr += chunk.toString();
		for (const listener of listeners) listener();
	});
	const done = new Promise<CliRun>((resolve) => {
		child.on('close', (code) => resolve({code, stdout, stderr}));
	});
	return {
		child,
		done,
		stderr: () => stderr,
		waitFor: async (pattern) =>
			new Promise<void>((resolve, reject) => {
				const check = (): void => {
					if (pattern.test(stderr)) {
						listeners.delete(check);
						resolve();
					}
				};
				listeners.add(check);
				check();
				void done.then(() => reject(new Error(`ended before ${String(pattern)}: ${stderr}`)));
			}),
	};
}

export async function runCliAsync(args: readonly string[], env: Record<string, string>): Promise<CliRun> {
	return startCli(args, env).done;
}

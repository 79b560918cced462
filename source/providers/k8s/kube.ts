// The user's cluster, through their kubeconfig (KUBECONFIG, else ~/.kube/config, else the pod's own service
// account): @kubernetes/client-node's KubeConfig and its API clients. netplace stores no credential and prints
// none: the kubeconfig's own auth (token, certificate, exec plugin) is the client's business. A missing
// kubeconfig or context is refused in one line before anything is asked of the cluster.

import {existsSync} from 'node:fs';
import {homedir} from 'node:os';
import {delimiter, join} from 'node:path';
import type {CoreV1Api, Exec, KubeConfig} from '@kubernetes/client-node';
import {UserError} from '../../domain/errors.js';
import type {ProbeTarget} from '../provider.js';

/** Where the client talks, as the user's kubeconfig says; `namespace` is where the pods go. */
export interface Kube {
	readonly config: KubeConfig;
	readonly core: CoreV1Api;
	readonly exec: Exec;
	readonly context: string;
	readonly namespace: string;
	/** The API server's address (the kubeconfig's cluster `server`), for messages. */
	readonly server: string;
}

/** The service account's token inside a pod (the client's in-cluster config). */
const serviceAccountToken = '/var/run/secrets/kubernetes.io/serviceaccount/token';

/** The kubeconfig files the client would read, or a UserError saying none exists. */
function kubeconfigFiles(): readonly string[] {
	const fromEnv = (process.env.KUBECONFIG ?? '').split(delimiter).filter((file) => file !== '');
	if (fromEnv.length > 0) {
		if (!fromEnv.some((file) => existsSync(file))) {
			throw new UserError(
				`no kubeconfig: KUBECONFIG names ${fromEnv.join(', ')}, and none exists`,
				'point KUBECONFIG at your cluster’s kubeconfig (e.g. from `aws eks update-kubeconfig`)',
			);
		}

		return fromEnv.filter((file) => existsSync(file));
	}

	const home = join(homedir(), '.kube', 'config');
	if (existsSync(home)) return [home];
	if (existsSync(serviceAccountToken)) return [];
	throw new UserError(
		'no kubeconfig: KUBECONFIG is not set and ~/.kube/config does not exist',
		'get one from your cluster (aws eks update-kubeconfig, gcloud container clusters get-credentials, oci ce cluster create-kubeconfig)',
	);
}

/** The kubeconfig as the client loads it, switched to `--context` when given (refused when it has none such). */
async function loadConfig(target: Pick<ProbeTarget, 'context'>): Promise<KubeConfig> {
	const files = kubeconfigFiles();
	const {KubeConfig} = await import('@kubernetes/client-node');
	const config = new KubeConfig();
	try {
		if (files.length === 0) config.loadFromCluster();
		else config.loadFromDefault();
	} catch (error: unknown) {
		const what = error instanceof Error ? error.message.split('\n')[0] : String(error);
		throw new UserError(`the kubeconfig cannot be read: ${what}`, `check ${files.join(', ')}`);
	}

	const contexts = config.getContexts().map((context) => context.name);
	if (target.context !== undefined) {
		if (!contexts.includes(target.context)) {
			throw new UserError(
				`--context ${target.context} is not in the kubeconfig`,
				contexts.length > 0 ? `it has ${contexts.join(', ')}` : 'it has no contexts',
			);
		}

		config.setCurrentContext(target.context);
	}

	return config;
}

/** The clients for the target's context and namespace (--namespace, else the context's, else `default`). */
export async function openKube(target: Pick<ProbeTarget, 'context' | 'namespace'>): Promise<Kube> {
	const config = await loadConfig(target);
	const cluster = config.getCurrentCluster();
	if (cluster === null) {
		throw new UserError(
			`the kubeconfig's context ${config.getCurrentContext() || '(none)'} names no cluster`,
			'pick one with --context',
		);
	}

	const {CoreV1Api, Exec} = await import('@kubernetes/client-node');
	const context = config.getContextObject(config.getCurrentContext());
	return {
		config,
		core: config.makeApiClient(CoreV1Api),
		exec: new Exec(config),
		context: config.getCurrentContext(),
		namespace: target.namespace ?? context?.namespace ?? 'default',
		server: cluster.server,
	};
}

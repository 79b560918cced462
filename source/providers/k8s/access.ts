// What the probe asks of the cluster, checked before anything is created: one SelfSubjectAccessReview per verb
// (authorization.k8s.io/v1, "what may I do?", which every authenticated user may ask), so a missing RBAC verb
// is one line naming it, not a pod created and then left unable to run iperf3.

import type {AuthorizationV1Api, V1SelfSubjectAccessReview} from '@kubernetes/client-node';
import {UserError} from '../../domain/errors.js';
import {printable} from '../../domain/printable.js';
import {apiStatus, rbacHint} from './api-errors.js';
import type {Kube} from './kube.js';

interface Needed {
	readonly verb: string;
	readonly resource: string;
	readonly subresource?: string;
	/** Cluster-scoped (nodes): no namespace. */
	readonly cluster?: true;
}

/** Every verb a probe and its teardown use (README's Role and ClusterRole grant exactly these). */
export const neededAccess: readonly Needed[] = [
	{verb: 'list', resource: 'nodes', cluster: true},
	{verb: 'create', resource: 'pods'},
	{verb: 'get', resource: 'pods'},
	{verb: 'list', resource: 'pods'},
	{verb: 'delete', resource: 'pods'},
	{verb: 'create', resource: 'pods', subresource: 'exec'},
	{verb: 'list', resource: 'events'},
];

function review(kube: Kube, needed: Needed): V1SelfSubjectAccessReview {
	return {
		apiVersion: 'authorization.k8s.io/v1',
		kind: 'SelfSubjectAccessReview',
		spec: {
			resourceAttributes: {
				verb: needed.verb,
				resource: needed.resource,
				...(needed.subresource === undefined ? {} : {subresource: needed.subresource}),
				...(needed.cluster ? {} : {namespace: kube.namespace}),
			},
		},
	};
}

function neededText(kube: Kube, needed: Needed): string {
	const what = needed.subresource === undefined ? needed.resource : `${needed.resource}/${needed.subresource}`;
	return `"${needed.verb}" on ${what}${needed.cluster ? ' (cluster-wide)' : ` in namespace ${kube.namespace}`}`;
}

/**
 * Refuses (UserError, exit 2) naming every verb the user lacks. A cluster that does not answer the review
 * (forbidden to ask, or no authorization API) is not refused here: the calls themselves say what they lack.
 */
export async function assertAccess(kube: Kube): Promise<void> {
	const {AuthorizationV1Api} = await import('@kubernetes/client-node');
	const api: AuthorizationV1Api = kube.config.makeApiClient(AuthorizationV1Api);
	const missing: string[] = [];
	const reasons: string[] = [];
	for (const needed of neededAccess) {
		let answer: V1SelfSubjectAccessReview;
		try {
			answer = await api.createSelfSubjectAccessReview({body: review(kube, needed)});
		} catch (error: unknown) {
			if (apiStatus(error)?.code === 401) throw new UserError('the cluster did not accept the kubeconfig (401)');
			return;
		}

		if (answer.status?.allowed !== true) {
			missing.push(neededText(kube, needed));
			if (answer.status?.reason) reasons.push(printable(answer.status.reason));
		}
	}

	if (missing.length === 0) return;
	const why = reasons.length > 0 ? ` (${reasons[0]})` : '';
	throw new UserError(`the cluster forbids (RBAC) ${missing.join(', ')} for your kubeconfig's user${why}`, rbacHint);
}

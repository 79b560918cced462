// `--provider k8s`: a node pair of the user's cluster as typed (`--nodes A,B|auto`, `--zones same|cross`,
// `--network pod|host|both`, `--image IMAGE`) -> the validated K8sTarget. Pure: the cluster is not asked
// here (the provider finds the nodes; a name the cluster lacks is refused there, before anything is created).

import {UserError} from '../domain/errors.js';
import {defaultK8sImage} from '../providers/k8s/facts.js';
import type {K8sNetwork, K8sTarget} from '../providers/provider.js';

/** A Kubernetes object name (RFC 1123 subdomain: lower case, digits, `-` and `.`, at most 253). */
const objectName = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
/** An image reference: registry/path:tag or @sha256:digest, no spaces or shell characters. */
const imageReference = /^[A-Za-z0-9][A-Za-z0-9._\-/:@]{0,254}$/;
/** A kubeconfig context name: printable, no spaces or shell characters. */
const contextName = /^[A-Za-z0-9][A-Za-z0-9._\-/:@]{0,252}$/;

function show(text: string): string {
	return JSON.stringify(text);
}

/** A node or namespace name the API accepts (anything else is refused before the cluster is asked). */
export function checkObjectName(flag: string, raw: string): string {
	if (raw.length > 253 || !objectName.test(raw)) {
		throw new UserError(
			`--${flag} ${show(raw)} is not a Kubernetes name`,
			'lower-case letters, digits, - and . only (as `kubectl get` prints it)',
		);
	}

	return raw;
}

/** `--nodes A,B`: two different nodes, the sender first; `auto`: netplace picks them from the zone labels. */
export function parseNodes(raw: string | undefined): K8sTarget['nodes'] {
	const text = raw?.trim() ?? 'auto';
	if (text === 'auto') return 'auto';
	const items = text.split(',').map((item) => item.trim());
	if (items.length !== 2 || items.some((item) => item === '')) {
		throw new UserError(
			`--nodes takes two nodes, the sender and the receiver (A,B), or auto, got ${show(text)}`,
			'`kubectl get nodes` lists them',
		);
	}

	const [sender, receiver] = items.map((item) => checkObjectName('nodes', item)) as [string, string];
	if (sender === receiver) throw new UserError(`--nodes names ${sender} twice: give two different nodes`);
	return [sender, receiver];
}

export function parseZones(raw: string | undefined): K8sTarget['zones'] {
	if (raw === undefined) return undefined;
	if (raw === 'same' || raw === 'cross') return raw;
	throw new UserError(`--zones takes same or cross, got ${show(raw)}`, 'leave it out for both pairs');
}

export function parseK8sNetwork(raw: string | undefined): K8sNetwork {
	if (raw === undefined) return 'pod';
	if (raw === 'pod' || raw === 'host' || raw === 'both') return raw;
	throw new UserError(
		`--network takes pod, host or both with --provider k8s, got ${show(raw)}`,
		'both: the pod network and the nodes’ own (hostNetwork) to name what the pod network costs',
	);
}

export function parseImage(raw: string | undefined): string {
	if (raw === undefined) return defaultK8sImage;
	if (!imageReference.test(raw)) throw new UserError(`--image ${show(raw)} is not an image reference`);
	return raw;
}

export function parseContext(raw: string): string {
	if (!contextName.test(raw)) throw new UserError(`--context ${show(raw)} has characters netplace does not accept`);
	return raw;
}

// The cluster's CNI, where the API shows it: the DaemonSets of kube-system (and calico-system, where the Tigera
// operator puts calico-node) named as each CNI's manifests name them: aws-node (Amazon VPC CNI, EKS), anetd
// (GKE Dataplane V2, Cilium-based: cloud.google.com "GKE Dataplane V2", "deploys … a DaemonSet named anetd …
// in the kube-system namespace"), cilium, calico-node, kube-flannel-ds (flannel), vcn-native-ip-cni (OKE's
// VCN-Native Pod Networking), antrea-agent, weave-net, kube-router, ovnkube-node, canal, and GKE's netd (the
// Dataplane V1 network daemon). Listing DaemonSets is optional: when RBAC forbids it, or none is known, the CNI is
// unknown (null), said so, and the probe goes on.

import type {V1DaemonSet} from '@kubernetes/client-node';
import {printable} from '../../domain/printable.js';
import type {CniFact} from '../provider.js';
import {apiStatus} from './api-errors.js';
import type {Kube} from './kube.js';

/** DaemonSet names, most specific first: EKS with Calico for policy is the Amazon VPC CNI's pod network. */
const knownCnis: ReadonlyArray<{readonly name: string; readonly daemonSet: RegExp}> = [
	{name: 'Amazon VPC CNI', daemonSet: /^aws-node$/},
	{name: 'GKE Dataplane V2 (Cilium)', daemonSet: /^anetd$/},
	{name: 'OCI VCN-Native Pod Networking', daemonSet: /^vcn-native-ip-cni$/},
	{name: 'Cilium', daemonSet: /^cilium$/},
	{name: 'Antrea', daemonSet: /^antrea-agent$/},
	{name: 'Canal (Calico + flannel)', daemonSet: /^(rke2-)?canal$/},
	{name: 'Calico', daemonSet: /^calico-node$/},
	{name: 'flannel', daemonSet: /^(kube-)?flannel(-ds)?$/},
	{name: 'Weave Net', daemonSet: /^weave-net$/},
	{name: 'kube-router', daemonSet: /^kube-router$/},
	{name: 'OVN-Kubernetes', daemonSet: /^ovnkube-node$/},
	{name: 'GKE netd (Dataplane V1)', daemonSet: /^netd$/},
];

/** The namespaces a CNI's DaemonSet lives in. */
export const cniNamespaces = ['kube-system', 'calico-system'] as const;

/** The image's last path part (`amazon-k8s-cni:v1.14.0`), printable. */
function imageOf(daemonSet: V1DaemonSet): string | null {
	const image = daemonSet.spec?.template?.spec?.containers?.[0]?.image;
	return image === undefined ? null : printable(image.split('/').at(-1) ?? image);
}

/** The CNI the DaemonSets name (pure), or null when none is one netplace knows. */
export function cniOf(daemonSets: readonly V1DaemonSet[]): CniFact | null {
	for (const known of knownCnis) {
		const found = daemonSets.find((each) => known.daemonSet.test(each.metadata?.name ?? ''));
		if (found === undefined) continue;
		const image = imageOf(found);
		const where = `${found.metadata?.namespace ?? 'kube-system'}/${printable(found.metadata?.name ?? '')}`;
		return {name: known.name, evidence: `DaemonSet ${where}${image === null ? '' : ` (${image})`}`};
	}

	return null;
}

/** What a refused or failed list says, for the unknown CNI's evidence. */
function whyNot(error: unknown, namespace: string): string {
	const status = apiStatus(error);
	if (status?.code === 403) return `RBAC forbids listing DaemonSets in ${namespace} (verb "list" on daemonsets)`;
	if (status !== null) return `listing DaemonSets in ${namespace} answered ${status.code}`;
	return `listing DaemonSets in ${namespace} failed`;
}

/** The cluster's CNI, or unknown (null) with why: never an error. */
export async function detectCni(kube: Kube): Promise<CniFact> {
	const {AppsV1Api} = await import('@kubernetes/client-node');
	const apps = kube.config.makeApiClient(AppsV1Api);
	const seen: string[] = [];
	const refused: string[] = [];
	for (const namespace of cniNamespaces) {
		try {
			const list = await apps.listNamespacedDaemonSet({namespace});
			const found = cniOf(list.items);
			if (found !== null) return found;
			seen.push(...list.items.map((each) => printable(each.metadata?.name ?? '')));
		} catch (error: unknown) {
			if (apiStatus(error)?.code === 404) continue;
			refused.push(whyNot(error, namespace));
		}
	}

	const named = seen.length > 6 ? [...seen.slice(0, 6), `${seen.length - 6} more`] : seen;
	const parts = [...refused, ...(seen.length === 0 ? [] : [`DaemonSets ${named.join(', ')} name none netplace knows`])];
	if (parts.length === 0) parts.push(`no DaemonSet in ${cniNamespaces.join(' or ')}`);
	return {name: null, evidence: `CNI unknown: ${parts.join('; ')}`};
}

/** The run's note: `CNI: Calico (DaemonSet kube-system/calico-node (node:v3.27.0))`, or why it is unknown. */
export function cniNote(cni: CniFact): string {
	return cni.name === null ? cni.evidence : `CNI: ${cni.name} (${cni.evidence})`;
}

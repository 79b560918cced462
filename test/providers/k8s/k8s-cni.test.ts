// The cluster's CNI, read from its DaemonSets through the real client against the stand-in (apps/v1
// DaemonSetList): named where a known agent runs, stored on every run target, unknown (null, said why) when
// RBAC forbids listing them or none is known: never an error. No lab: nothing is created.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {cniOf, detectCni} from '../../../source/providers/k8s/cni.js';
import {openKube} from '../../../source/providers/k8s/kube.js';
import {k8sRunTargets} from '../../../source/providers/k8s/run-targets.js';
import type {StandInDaemonSet} from '../../helpers/k8s-stand-in/api-objects.js';
import {daemonSetObject, paperNode} from '../../helpers/k8s-stand-in/api-objects.js';
import {KubeStandIn, type StandInOptions} from '../../helpers/k8s-stand-in/stand-in.js';

const nodes = [paperNode('a-1', 'zone-a'), paperNode('a-2', 'zone-a'), paperNode('b-1', 'zone-b')];
const awsNode: StandInDaemonSet = {
	namespace: 'kube-system',
	name: 'aws-node',
	image: '602401143452.dkr.ecr.us-west-2.amazonaws.com/amazon-k8s-cni:v1.19.0',
};
const kubeProxy: StandInDaemonSet = {namespace: 'kube-system', name: 'kube-proxy', image: 'kube-proxy:v1.31.0'};

let standIn: KubeStandIn | undefined;
const savedKubeconfig = process.env.KUBECONFIG;

async function cni(options: Partial<StandInOptions>) {
	standIn = new KubeStandIn({nodes, ...options});
	await standIn.listen();
	process.env.KUBECONFIG = standIn.kubeconfig(mkdtempSync(join(tmpdir(), 'netplace-k8s-')));
	return detectCni(await openKube({}));
}

afterEach(async () => {
	await standIn?.close();
	standIn = undefined;
	if (savedKubeconfig === undefined) delete process.env.KUBECONFIG;
	else process.env.KUBECONFIG = savedKubeconfig;
});

describe('the CNI from the DaemonSets', () => {
	it('names each known agent; EKS with Calico for policy is the Amazon VPC CNI', () => {
		const named = (list: StandInDaemonSet[]) => cniOf(list.map((each) => daemonSetObject(each, 3)))?.name ?? null;
		const ds = (name: string, namespace = 'kube-system') => ({namespace, name, image: `${name}:1`});
		expect(named([ds('calico-node'), awsNode, kubeProxy])).toBe('Amazon VPC CNI');
		expect(named([ds('anetd'), ds('netd')])).toBe('GKE Dataplane V2 (Cilium)');
		expect(named([ds('netd')])).toBe('GKE netd (Dataplane V1)');
		expect(named([ds('vcn-native-ip-cni')])).toBe('OCI VCN-Native Pod Networking');
		expect(named([ds('kube-flannel-ds')])).toBe('flannel');
		expect(named([ds('cilium'), ds('cilium-envoy')])).toBe('Cilium');
		expect(named([ds('calico-node', 'calico-system')])).toBe('Calico');
		expect(named([ds('antrea-agent')])).toBe('Antrea');
		expect(named([kubeProxy])).toBeNull();
	});

	it('reads kube-system through the API: the name, the DaemonSet and its image', async () => {
		expect(await cni({daemonSets: [kubeProxy, awsNode]})).toEqual({
			name: 'Amazon VPC CNI',
			evidence: 'DaemonSet kube-system/aws-node (amazon-k8s-cni:v1.19.0)',
		});
		expect(standIn?.calls).toEqual(['GET /apis/apps/v1/namespaces/kube-system/daemonsets']);
	});

	it('looks in calico-system too (the Tigera operator installs calico-node there)', async () => {
		const found = await cni({daemonSets: [kubeProxy, {...awsNode, namespace: 'calico-system', name: 'calico-node'}]});
		expect(found.name).toBe('Calico');
	});

	it('unknown, said so, when no DaemonSet is a CNI netplace knows', async () => {
		expect(await cni({daemonSets: [kubeProxy]})).toEqual({
			name: null,
			evidence: 'CNI unknown: DaemonSets kube-proxy name none netplace knows',
		});
	});

	it('unknown, not an error, when RBAC forbids listing DaemonSets; the run targets carry it', async () => {
		expect(await cni({daemonSets: [awsNode], forbidden: ['list daemonsets']})).toEqual({
			name: null,
			evidence:
				'CNI unknown: RBAC forbids listing DaemonSets in kube-system (verb "list" on daemonsets); RBAC forbids listing DaemonSets in calico-system (verb "list" on daemonsets)',
		});
		const targets = await k8sRunTargets(
			await openKube({}),
			{shape: 'unnamed', placements: ['default'], k8s: {nodes: 'auto', zones: 'same', network: 'both', image: ''}},
			new Set(),
		);
		expect(targets.map((target) => [target.k8s?.network, target.k8s?.cni?.name])).toEqual([
			['pod', null],
			['host', null],
		]);
	});
});

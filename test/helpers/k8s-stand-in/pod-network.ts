// The stand-in's pod network: a pod that is not on the host network gets its own namespace, joined to its
// node's namespace by a veth the way Calico joins a pod (a /32 on the pod's eth0, a default route through the
// link-local 169.254.1.1, which the node's end answers, proxy ARP and a /32 route on the node's side), with a route to it on the other node
// of the lab pair. The hop is shaped (HTB, the lab's own recipe) to stand for what a CNI costs: the extra hop
// of the "pod" network the pod-versus-host split must find.

import {runChecked, runCommand} from '../../../source/providers/lab/run-command.js';
import {htbBatch} from '../../../source/providers/lab/tc-commands.js';

export interface PodLink {
	readonly podNamespace: string;
	readonly nodeNamespace: string;
	readonly nodeSide: string;
	readonly podAddress: string;
	/** The other node of the lab pair: its namespace and the address it reaches this node at. */
	readonly peerNamespace: string;
	readonly nodeAddress: string;
}

const timeoutMs = 30_000;

async function ip(...args: string[]): Promise<void> {
	await runChecked(['ip', ...args], {timeoutMs});
}

async function shape(namespace: string, device: string, gbps: number): Promise<void> {
	const spec = {profile: null, scale: 1, flowCapGbps: null, aggregateCapGbps: gbps, rttMs: null, jitterMs: null};
	const batch = htbBatch(device, spec);
	await runChecked(['tc', '-n', namespace, '-batch', '-'], {input: `${batch.join('\n')}\n`, timeoutMs});
}

export async function addPodLink(link: PodLink, hopGbps: number | null): Promise<void> {
	const {podNamespace: pod, nodeNamespace: node, nodeSide, podAddress} = link;
	await ip('netns', 'add', pod);
	await ip('-n', pod, 'link', 'set', 'lo', 'up');
	await ip('-n', node, 'link', 'add', nodeSide, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', pod);
	await ip('-n', pod, 'addr', 'add', `${podAddress}/32`, 'dev', 'eth0');
	await ip('-n', pod, 'link', 'set', 'eth0', 'up');
	await ip('-n', pod, 'route', 'add', '169.254.1.1', 'dev', 'eth0', 'scope', 'link');
	await ip('-n', pod, 'route', 'add', 'default', 'via', '169.254.1.1', 'dev', 'eth0');
	// The pod's gateway is the node's end of the link (a /32, as Calico's 169.254.1.1 is answered for it).
	await ip('-n', node, 'addr', 'add', '169.254.1.1/32', 'dev', nodeSide);
	await ip('-n', node, 'link', 'set', nodeSide, 'up');
	await runChecked(
		[
			'ip',
			'netns',
			'exec',
			node,
			'sysctl',
			'-qw',
			'net.ipv4.ip_forward=1',
			`net.ipv4.conf.${nodeSide}.proxy_arp=1`,
			'net.ipv4.conf.all.rp_filter=0',
			`net.ipv4.conf.${nodeSide}.rp_filter=0`,
		],
		{timeoutMs},
	);
	await ip('-n', node, 'route', 'add', `${podAddress}/32`, 'dev', nodeSide);
	await ip('-n', link.peerNamespace, 'route', 'add', `${podAddress}/32`, 'via', link.nodeAddress);
	if (hopGbps !== null) {
		await shape(pod, 'eth0', hopGbps);
		await shape(node, nodeSide, hopGbps);
	}
}

/** Quiet when already gone. */
export async function removePodLink(link: PodLink): Promise<void> {
	await runCommand(['ip', '-n', link.peerNamespace, 'route', 'del', `${link.podAddress}/32`], {timeoutMs});
	await runCommand(['ip', '-n', link.nodeNamespace, 'link', 'del', link.nodeSide], {timeoutMs});
	await runCommand(['ip', 'netns', 'del', link.podNamespace], {timeoutMs});
}

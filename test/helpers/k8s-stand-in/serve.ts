// The stand-in cluster as a process of its own, to try `probe --provider k8s` and the wizard's probe screen by
// hand (tmux): a lab cluster (OKE VM.Standard.E4.Flex nodes, 2 CPUs, the lab shaped to that shape; a same-zone
// and a cross-zone pair), the API stand-in on it with a 0.8 Gbit pod hop and calico-node in kube-system, and its
// kubeconfig written to FOLDER/kubeconfig. Ctrl-C (or SIGTERM) deletes its pods and the lab. Needs root.
//
//   npx esbuild test/helpers/k8s-stand-in/serve.ts --bundle --platform=node --format=esm \
//     --packages=external --outfile=dist/serve-stand-in.mjs && node dist/serve-stand-in.mjs /tmp/np-k8s
//   KUBECONFIG=/tmp/np-k8s/kubeconfig node dist/cli.cjs probe --provider k8s --nodes auto --network both

import {mkdirSync} from 'node:fs';
import {labCluster} from './lab-cluster.js';
import {KubeStandIn} from './stand-in.js';

const folder = process.argv[2] ?? '/tmp/np-k8s';
mkdirSync(folder, {recursive: true});
const cluster = await labCluster(`m${process.pid.toString(36)}`, {
	cloud: 'oci',
	instanceType: 'VM.Standard.E4.Flex',
	cpus: '2',
	shaping: {profile: 'oci/VM.Standard.E4.Flex/default', scale: 1},
	cross: true,
});
const standIn = new KubeStandIn({
	nodes: cluster.nodes,
	podHopGbps: 0.8,
	daemonSets: [{namespace: 'kube-system', name: 'calico-node', image: 'docker.io/calico/node:v3.27.0'}],
});
await standIn.listen();
process.stdout.write(`stand-in at ${standIn.url}; KUBECONFIG=${standIn.kubeconfig(folder)}\n`);

async function stop(): Promise<void> {
	await standIn.close();
	await cluster.teardown();
	process.exit(0);
}

process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

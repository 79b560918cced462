// `probe --provider k8s` end to end against the API server stand-in, its pods in the lab's namespaces: real
// iperf3 through the lab's caps, the pods deleted after. Needs root (skips with the reason elsewhere).
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, expect, it} from 'vitest';
import {assertBuilt} from '../../cli/helpers.js';
import {type LabCluster, labCluster, runCliAsync} from '../../helpers/k8s-stand-in/lab-cluster.js';
import {KubeStandIn} from '../../helpers/k8s-stand-in/stand-in.js';
import {describeLab} from '../../helpers/lab.js';

describeLab('probe --provider k8s on the stand-in', () => {
	let cluster: LabCluster;
	let standIn: KubeStandIn;
	let env: Record<string, string>;

	beforeAll(async () => {
		assertBuilt();
		cluster = await labCluster(process.pid.toString(36), {
			cloud: 'oci',
			instanceType: 'VM.Standard.E4.Flex',
			cpus: '2',
			shaping: {profile: 'oci/VM.Standard.E4.Flex/default', scale: 1},
		});
		standIn = new KubeStandIn({nodes: cluster.nodes, podHopGbps: 0.8});
		await standIn.listen();
		const folder = mkdtempSync(join(tmpdir(), 'netplace-k8s-'));
		env = {KUBECONFIG: standIn.kubeconfig(folder), NETPLACE_CONFIG_DIR: folder};
	});

	afterAll(async () => {
		await standIn?.close();
		await cluster?.teardown();
	});

	it('measures a named pair on the host network and deletes its pods', async () => {
		const run = await runCliAsync(
			['probe', '--provider', 'k8s', '--nodes', 'a-1,a-2', '--network', 'host', '--streams', '1,4', '--duration', '2'],
			env,
		);
		console.log(run.stdout, run.stderr);
		expect(run.code).toBe(0);
		expect(standIn.pods.size).toBe(0);
	});
});

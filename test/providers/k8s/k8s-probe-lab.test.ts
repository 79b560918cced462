// `probe --provider k8s` end to end against the API server stand-in, its pods in the lab's namespaces: real
// iperf3 through the lab's caps, the pods deleted after. The nodes are OKE VM.Standard.E4.Flex with 2 CPUs
// (1 OCPU: the model's 1 Gbps), the lab shaped to that shape's profile; the stand-in's pod network is an extra
// hop shaped to 0.8 Gbit, so the pod-versus-host split has a cost to find. Needs root.
import {execFileSync} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, expect, it} from 'vitest';
import type {NetworkSplit} from '../../../source/probe/network-split.js';
import type {ProbeRun} from '../../../source/probe/types.js';
import {assertBuilt} from '../../cli/helpers.js';
import {type LabCluster, labCluster, runCliAsync} from '../../helpers/k8s-stand-in/lab-cluster.js';
import {KubeStandIn} from '../../helpers/k8s-stand-in/stand-in.js';
import {describeLab} from '../../helpers/lab.js';

const profile = 'oci/VM.Standard.E4.Flex/default';
const hopGbps = 0.8;
// 4 s a test: a longer test averages a starved second out. The band is unchanged. (Two CI runs missed all three
// attempts with the figures within 1% and the verdicts apart, per-flow-cap against the lab's instance: the
// verdict read a flow at the instance's 1 Gbps as held by the model's one flow at 95% of it. A flow that
// reaches the instance is now bound by the instance: verdict.ts reachedLimit, probe-limits.test.ts.)
const tests = ['--streams', '1,4', '--duration', '4'];

function podNamespaces(): string[] {
	return execFileSync('ip', ['netns', 'list'], {encoding: 'utf8'})
		.split('\n')
		.filter((line) => /^np-k.*-p\d+/.test(line));
}

/** The best valid figure of a run's one pair. */
function bestValid(run: ProbeRun): number {
	const valid = (run.pairs[0]?.results ?? []).filter((result) => result.validity?.kind === 'valid');
	return Math.max(0, ...valid.map((result) => result.gbps));
}

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
			shaping: {profile, scale: 1},
			cross: true,
		});
		// The stand-in's pod network is wired as Calico wires a pod (pod-network.ts): its DaemonSet says so.
		const calico = {namespace: 'kube-system', name: 'calico-node', image: 'docker.io/calico/node:v3.27.0'};
		standIn = new KubeStandIn({nodes: cluster.nodes, podHopGbps: hopGbps, daemonSets: [calico]});
		await standIn.listen();
		const folder = mkdtempSync(join(tmpdir(), 'netplace-k8s-'));
		env = {KUBECONFIG: standIn.kubeconfig(folder), NETPLACE_CONFIG_DIR: folder};
	});

	afterAll(async () => {
		await standIn?.close();
		await cluster?.teardown();
	});

	/** One `--nodes auto --network both` run: its runs (JSON Lines) and the closing split. */
	async function autoBoth(): Promise<{runs: ProbeRun[]; splits: NetworkSplit[]}> {
		const run = await runCliAsync(
			['probe', '--provider', 'k8s', '--nodes', 'auto', '--network', 'both', ...tests, '--json'],
			env,
		);
		expect(run.code, run.stderr).toBe(0);
		// Each run's progress on stderr is headed by which of the four it is and what it measures.
		expect(run.stderr.match(/^run \d of 4: .*$/gm)).toEqual([
			'run 1 of 4: a-1 -> a-2 (same-zone), pod network',
			'run 2 of 4: a-1 -> a-2 (same-zone), host network',
			'run 3 of 4: a-3 -> b-1 (cross-zone), pod network',
			'run 4 of 4: a-3 -> b-1 (cross-zone), host network',
		]);
		const lines = run.stdout
			.trim()
			.split('\n')
			.map((line) => JSON.parse(line) as ProbeRun & {networkSplit?: NetworkSplit[]});
		expect(standIn.pods.size).toBe(0);
		expect(podNamespaces()).toEqual([]);
		return {runs: lines.filter((line) => line.runId !== undefined), splits: lines.at(-1)?.networkSplit ?? []};
	}

	it('--nodes auto --network both: a same-zone and a cross-zone pair, each on both networks, the pod network’s cost named, nothing left', async () => {
		let last = '';
		for (let attempt = 0; attempt < 3; attempt++) {
			const {runs, splits} = await autoBoth();
			expect(runs.map((each) => [each.shape, each.path ?? 'same-zone'])).toEqual([
				['oci/VM.Standard.E4.Flex', 'same-zone'],
				['oci/VM.Standard.E4.Flex', 'same-zone'],
				['oci/VM.Standard.E4.Flex', 'cross-zone'],
				['oci/VM.Standard.E4.Flex', 'cross-zone'],
			]);
			// Each run stores its network and the cluster's CNI (runs are keyed by instance type and CNI).
			expect(runs.map((each) => [each.k8s?.network, each.k8s?.cni?.name])).toEqual([
				['pod', 'Calico'],
				['host', 'Calico'],
				['pod', 'Calico'],
				['host', 'Calico'],
			]);
			expect(splits.map((split) => [split.nodes, split.path])).toEqual([
				['a-1 -> a-2', 'same-zone'],
				['a-3 -> b-1', 'cross-zone'],
			]);
			last = splits.map((split) => split.text).join('; ');
			// The host network carries the node's 1 Gbit (x 0.955 goodput), the pod network the hop's 0.8 Gbit. A
			// band missed under other programs' load on two cores (CPU-bound, or low) is retried, never loosened.
			const inBand = (split: NetworkSplit): boolean =>
				split.bound === 'pod network' &&
				(split.hostGbps ?? 0) > 0.9 &&
				(split.podGbps ?? 0) > 0.7 &&
				(split.podGbps ?? 1) < hopGbps &&
				(split.podCostPercent ?? 0) > 12;
			if (splits.every(inBand)) return;
		}

		throw new Error(`out of band in 3 attempts: ${last}`);
	}, 900_000);

	it('a lab pair measured as k8s nodes (host network) reads what the lab provider reads, within 3%', async () => {
		let last = '';
		for (let attempt = 0; attempt < 3; attempt++) {
			const k8s = await runCliAsync(
				['probe', '--provider', 'k8s', '--nodes', 'a-1,a-2', '--network', 'host', ...tests, '--json'],
				env,
			);
			const lab = await runCliAsync(
				['probe', '--provider', 'lab', '--lab-profile', profile, '--lab-scale', '1', ...tests, '--json'],
				env,
			);
			expect(k8s.code, k8s.stderr).toBe(0);
			expect(lab.code, lab.stderr).toBe(0);
			const onK8s = JSON.parse(k8s.stdout) as ProbeRun;
			const onLab = JSON.parse(lab.stdout) as ProbeRun;
			const limits = [onK8s.pairs[0]?.verdict?.bindingLimit, onLab.pairs[0]?.verdict?.bindingLimit];
			const ratio = bestValid(onK8s) / bestValid(onLab);
			last = `k8s ${bestValid(onK8s)} Gbps (${limits[0]}), lab ${bestValid(onLab)} Gbps (${limits[1]}) (${ratio})`;
			// A band missed under other programs' load is retried, never widened.
			if (limits[0] === limits[1] && Math.abs(ratio - 1) <= 0.03) return;
		}

		throw new Error(`not within 3%: ${last}`);
	}, 600_000);
});

// Every signal at a k8s probe (built CLI against the stand-in, pods on the lab's pod network): the probe
// engine's teardown runs, the exit code is 128 + n, and the stand-in has no pod left (and no pod namespace).
// A closed pipe (the reader of stderr goes away) is a signal too. Needs root: the pods run in namespaces.
import {execFileSync} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {constants, tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, expect, it} from 'vitest';
import {assertBuilt} from '../../cli/helpers.js';
import {type LabCluster, labCluster, startCli} from '../../helpers/k8s-stand-in/lab-cluster.js';
import {KubeStandIn} from '../../helpers/k8s-stand-in/stand-in.js';
import {describeLab} from '../../helpers/lab.js';

const probe = ['probe', '--provider', 'k8s', '--nodes', 'a-1,a-2', '--streams', '1,2,4,8', '--duration', '1'];

function podNamespaces(cluster: LabCluster): string[] {
	const names = execFileSync('ip', ['netns', 'list'], {encoding: 'utf8'});
	return names
		.split('\n')
		.filter((line) => cluster.runIds.some((runId) => line.startsWith(`${runId}-0-`) && /-p\d+/.test(line)));
}

describeLab('signals during a k8s probe (built CLI, stand-in)', () => {
	let cluster: LabCluster;
	let standIn: KubeStandIn;
	let env: Record<string, string>;

	beforeAll(async () => {
		assertBuilt();
		cluster = await labCluster(`g${process.pid.toString(36)}`, {
			cloud: 'oci',
			instanceType: 'VM.Standard.E4.Flex',
			cpus: '2',
			shaping: {aggregateCapGbps: 0.5},
		});
		standIn = new KubeStandIn({nodes: cluster.nodes, podHopGbps: 0.4});
		await standIn.listen();
		const folder = mkdtempSync(join(tmpdir(), 'netplace-k8s-'));
		env = {KUBECONFIG: standIn.kubeconfig(folder), NETPLACE_CONFIG_DIR: folder};
	});

	afterAll(async () => {
		await standIn?.close();
		await cluster?.teardown();
	});

	const cases: ReadonlyArray<readonly [NodeJS.Signals, string, RegExp]> = [
		['SIGINT', 'while its pods start', /created pod np-[0-9a-z-]+-snd/],
		['SIGINT', 'mid-test', /1 stream: running/],
		['SIGTERM', 'mid-test', /1 stream: running/],
		['SIGHUP', 'mid-test', /1 stream: running/],
		['SIGQUIT', 'mid-test', /1 stream: running/],
	];
	for (const [signal, phase, marker] of cases) {
		it(`${signal} ${phase}: teardown, exit ${128 + constants.signals[signal]}, no pod left`, async () => {
			const started = startCli(probe, env);
			await started.waitFor(marker);
			started.child.kill(signal);
			const run = await started.done;
			expect(run.stderr).toMatch(/teardown: complete, nothing left/);
			expect(run.code).toBe(128 + constants.signals[signal]);
			expect([...standIn.pods.keys()]).toEqual([]);
			expect(podNamespaces(cluster)).toEqual([]);
		}, 120_000);
	}

	it('a closed pipe mid-test: teardown, exit 141, no pod left', async () => {
		const started = startCli(probe, env);
		await started.waitFor(/1 stream: running/);
		started.child.stderr?.destroy();
		const run = await started.done;
		expect(run.code).toBe(128 + constants.signals.SIGPIPE);
		expect([...standIn.pods.keys()]).toEqual([]);
		expect(podNamespaces(cluster)).toEqual([]);
	}, 120_000);
});

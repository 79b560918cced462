// `probe --provider k8s` refuses in one line, exit 1 or 2, and leaves no pod: no kubeconfig, an unknown
// context, a forbidden RBAC verb (from the access review, and from a 403 Status when the review cannot be
// asked), nodes that do not exist, a pod that cannot be scheduled (why, from its FailedScheduling event), an
// image that cannot be pulled (ErrImagePull). The stand-in's pods never start here, so no lab is needed.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {assertBuilt} from '../../cli/helpers.js';
import {paperNode} from '../../helpers/k8s-stand-in/api-objects.js';
import {runCliAsync} from '../../helpers/k8s-stand-in/lab-cluster.js';
import {KubeStandIn, type StandInOptions} from '../../helpers/k8s-stand-in/stand-in.js';

const nodes = [paperNode('a-1', 'zone-a'), paperNode('a-2', 'zone-a'), paperNode('b-1', 'zone-b')];
const probe = ['probe', '--provider', 'k8s', '--streams', '1', '--duration', '1'];

let standIn: KubeStandIn | undefined;

async function cluster(
	options: Partial<StandInOptions> = {},
): Promise<{standIn: KubeStandIn; env: Record<string, string>}> {
	standIn = new KubeStandIn({nodes, ...options});
	await standIn.listen();
	const folder = mkdtempSync(join(tmpdir(), 'netplace-k8s-'));
	return {standIn, env: {KUBECONFIG: standIn.kubeconfig(folder), NETPLACE_CONFIG_DIR: folder}};
}

/** One line on stderr (a hint may follow on its own line), nothing on stdout. */
function refusal(stderr: string): string {
	const lines = stderr.trim().split('\n');
	expect(lines.length).toBeLessThanOrEqual(2);
	return lines[0] ?? '';
}

beforeAll(() => assertBuilt());
afterEach(async () => {
	await standIn?.close();
	standIn = undefined;
});

describe('probe --provider k8s refuses', () => {
	it('without a kubeconfig, before asking any cluster', async () => {
		const folder = mkdtempSync(join(tmpdir(), 'netplace-k8s-'));
		const run = await runCliAsync(probe, {KUBECONFIG: join(folder, 'missing'), NETPLACE_CONFIG_DIR: folder});
		expect(run.code).toBe(2);
		expect(refusal(run.stderr)).toMatch(/no kubeconfig: KUBECONFIG names .*missing, and none exists/);
	});

	it('an unknown --context, naming the ones there are', async () => {
		const {env} = await cluster();
		const run = await runCliAsync([...probe, '--context', 'prod'], env);
		expect(run.code).toBe(2);
		expect(run.stderr).toMatch(/--context prod is not in the kubeconfig/);
		expect(run.stderr).toMatch(/it has stand-in/);
	});

	it('a verb RBAC forbids, named from the access review, before any pod exists', async () => {
		const {standIn, env} = await cluster({forbidden: ['create pods/exec', 'delete pods']});
		const run = await runCliAsync([...probe, '--nodes', 'a-1,a-2'], env);
		expect(run.code).toBe(2);
		expect(refusal(run.stderr)).toMatch(
			/the cluster forbids \(RBAC\) "delete" on pods in namespace probe, "create" on pods\/exec in namespace probe/,
		);
		expect(standIn.calls.filter((call) => call.startsWith('POST /api/v1/'))).toEqual([]);
	});

	it('a verb RBAC forbids, from the 403 Status, when the access review cannot be asked', async () => {
		const {standIn, env} = await cluster({forbidden: ['create selfsubjectaccessreviews', 'list nodes']});
		const run = await runCliAsync([...probe, '--nodes', 'a-1,a-2'], env);
		expect(run.code).toBe(2);
		expect(refusal(run.stderr)).toMatch(
			/the cluster forbids list nodes \(RBAC, verb "list"\): nodes is forbidden: User "netplace-test" cannot list resource "nodes"/,
		);
		expect(standIn.pods.size).toBe(0);
	});

	it('nodes that do not exist, naming the ones there are', async () => {
		const {standIn, env} = await cluster();
		const run = await runCliAsync([...probe, '--nodes', 'a-1,z-9'], env);
		expect(run.code).toBe(2);
		expect(refusal(run.stderr)).toBe('netplace: node z-9 does not exist in the cluster (it has a-1, a-2, b-1)');
		expect(standIn.calls.filter((call) => call.startsWith('POST /api/v1/'))).toEqual([]);
	});

	it('a pod that stays Pending, with the scheduler’s reason, and deletes it', async () => {
		const unschedulable =
			'0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn’t match Pod’s node affinity/selector.';
		const {standIn, env} = await cluster({
			nodes: [paperNode('a-1', 'zone-a'), paperNode('a-2', 'zone-a', {unschedulable})],
		});
		const run = await runCliAsync([...probe, '--nodes', 'a-1,a-2'], env);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain(`cannot run on node a-2: FailedScheduling: ${unschedulable}`);
		expect(run.stderr).toMatch(/teardown: complete, nothing left/);
		expect(standIn.calls.filter((call) => call.startsWith('POST /api/v1/namespaces/probe/pods'))).toHaveLength(2);
		expect(standIn.pods.size).toBe(0);
	});

	it('an image that cannot be pulled, and deletes its pods', async () => {
		const {standIn, env} = await cluster({pullable: (image) => image !== 'example.org/nope:1'});
		const run = await runCliAsync([...probe, '--nodes', 'a-1,a-2', '--image', 'example.org/nope:1'], env);
		expect(run.code).toBe(1);
		expect(run.stderr).toMatch(
			/image example\.org\/nope:1 cannot be pulled \(ErrImagePull; Failed: Failed to pull image/,
		);
		expect(standIn.pods.size).toBe(0);
	});

	it('bad flags before the cluster is asked: --zones with named nodes, --network other', async () => {
		const {standIn, env} = await cluster();
		const run = await runCliAsync([...probe, '--nodes', 'a-1,a-2', '--zones', 'cross', '--network', 'vpc'], env);
		expect(run.code).toBe(2);
		expect(run.stderr).toMatch(/--network takes pod, host or both with --provider k8s, got "vpc"/);
		expect(standIn.calls).toEqual([]);
	});
});

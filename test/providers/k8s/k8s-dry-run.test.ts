// `probe --provider k8s --dry-run` names the cluster and context the kubeconfig gives (read from the file: the
// stand-in is asked nothing), fits 80 columns, and says when there is no kubeconfig instead of "k8s unnamed".
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {assertBuilt} from '../../cli/helpers.js';
import {runCliAsync} from '../../helpers/k8s-stand-in/lab-cluster.js';
import {KubeStandIn} from '../../helpers/k8s-stand-in/stand-in.js';

const dryRun = ['probe', '--provider', 'k8s', '--nodes', 'auto', '--network', 'both', '--dry-run'];
let standIn: KubeStandIn;
let folder: string;

beforeAll(async () => {
	assertBuilt();
	standIn = new KubeStandIn({nodes: []});
	await standIn.listen();
	folder = mkdtempSync(join(tmpdir(), 'netplace-k8s-'));
});
afterAll(async () => standIn.close());

describe('probe --provider k8s --dry-run', () => {
	it('names the cluster, the context and the namespace, within 80 columns, asking the cluster nothing', async () => {
		const env = {KUBECONFIG: standIn.kubeconfig(folder, 'netplace'), NETPLACE_CONFIG_DIR: folder, COLUMNS: '80'};
		const run = await runCliAsync(dryRun, env);
		expect(run.code, run.stderr).toBe(0);
		const lines = run.stdout.trimEnd().split('\n');
		expect(lines[0]).toBe('Plan: k8s cluster stand-in (context stand-in)');
		expect(run.stdout).toContain('pod receiver: iperf3 servers, in namespace netplace');
		expect(run.stdout).toContain(`Login: your kubeconfig, context stand-in, API server ${standIn.url}`);
		expect(run.stdout).not.toContain('unnamed');
		expect(lines.filter((line) => line.length > 80)).toEqual([]);
		expect(standIn.calls).toEqual([]);
	});

	it('without a kubeconfig: the plan says there is none (the run itself refuses, exit 2)', async () => {
		const env = {KUBECONFIG: join(folder, 'missing'), NETPLACE_CONFIG_DIR: folder, COLUMNS: '80'};
		const run = await runCliAsync([...dryRun, '--context', 'prod'], env);
		expect(run.code, run.stderr).toBe(0);
		expect(run.stdout.split('\n')[0]).toBe('Plan: k8s context prod');
		expect(run.stdout.replaceAll(/\s+/g, ' ')).toMatch(
			/warning: no kubeconfig: KUBECONFIG names .*missing, and none exists/,
		);
	});
});

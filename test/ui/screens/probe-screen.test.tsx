import {render} from 'ink-testing-library';
import {describe, expect, it, vi} from 'vitest';
import {defaultWorkload} from '../../../source/domain/types.js';
import {runProbe} from '../../../source/probe/run-probe.js';
import type {ProbeTarget} from '../../../source/providers/provider.js';
import type {ProbeEngine} from '../../../source/ui/screens/wizard/probe-engine.js';
import {WizardApp} from '../../../source/ui/screens/wizard/wizard-app.js';
import {settleBackgroundLoads} from '../../helpers/settle-background-loads.js';
import {type FakeProvider, fakeProvider, fakeSaveProbeRun} from './fake-provider.js';
import {keys, press, waitForContent} from './ink-keys.js';

settleBackgroundLoads();

function renderProbeApp(provider: FakeProvider, saveProbeRun = fakeSaveProbeRun()) {
	const noStore = {save: vi.fn(), path: '/nowhere/config.json'};
	const engine: ProbeEngine = {runProbe, saveProbeRun};
	const app = render(
		<WizardApp
			profileStore={noStore}
			columns={100}
			initialWorkload={{...defaultWorkload, cloud: 'aws'}}
			skipQuestions
			providers={{[provider.id]: async () => provider}}
			probeEngine={async () => engine}
		/>,
	);
	return {app, saveProbeRun, store: noStore};
}

describe('the probe screen (fake provider)', () => {
	it('plans, runs with a line per step, gives the per-flow ceiling verdict and the recomputed advice', async () => {
		const provider = fakeProvider({singleGbps: 0.66, aggregateGbps: 2, publishedGbps: 2.1});
		const {app, saveProbeRun, store} = renderProbeApp(provider);
		// The form opens on the recommendation (AWS); ← picks the lab.
		await waitForContent(app, 'streams to open');
		const form = await press(app, 'p', 'Probe: set up');
		const shape = /--shape +(\S+)/.exec(form)?.[1] ?? '';
		const placement = /--placement +‹ (\w+) ›/.exec(form)?.[1] ?? '';
		await press(app, keys.left, '‹ lab ›');
		// The lab reproduces the recommendation's own configuration, scaled.
		expect(app.lastFrame()).toContain(`‹ aws/${shape}/${placement} ›`);

		await press(app, keys.enter, `Plan: lab aws/${shape}`);
		expect(app.lastFrame()).toContain('namespace default-server');
		expect(app.lastFrame()).toContain('Enter run');

		const frame = await press(app, keys.enter, 'per-flow ceiling: ');
		expect(frame).toMatch(/✔ provision/);
		expect(frame).toMatch(/✔ default · 1 stream.*0\.66 Gbps/);
		expect(frame).toMatch(/✔ default · 8 streams.*2 Gbps/);
		expect(frame).toMatch(/✔ default · ping.*median/);
		expect(frame).toMatch(/✔ .*tear/i);
		expect(frame).toMatch(/per-flow ceiling: one flow gets 33% of the aggregate: a per-flow ceiling is present/);
		expect(frame).toContain('95.2% of lab cap');
		expect(frame).toContain('teardown complete, nothing left behind');
		// The recomputed advice reads the probe (source: probe) for the lab.
		expect(frame).toContain('Recommended decision order with these measurements (lab, ');
		expect(frame).toMatch(/1\. DO /);
		expect(frame).toContain('your probe');
		expect(provider.live.size).toBe(0);
		expect(saveProbeRun).toHaveBeenCalledTimes(1);

		await press(app, keys.escape, 's save as profile');
		// A profile saved now carries the run's id.
		await press(app, 's', 'Profile name:');
		await press(app, 'with-probe', 'Profile name: with-probe');
		await press(app, keys.enter, 'Saved profile “with-probe” to /nowhere/config.json');
		const runId = /Probe (np-\S+): lab, aws\//.exec(frame)?.[1];
		expect(runId).toBeDefined();
		const saved = store.save.mock.calls.at(-1) as [string, {readonly probeRunIds?: readonly string[]}] | undefined;
		expect(saved?.[0]).toBe('with-probe');
		expect(saved?.[1].probeRunIds).toEqual([runId]);
		app.unmount();
	});

	it('Ctrl-C during a run aborts it, tears down and says so', async () => {
		const provider = fakeProvider({singleGbps: 0.66, aggregateGbps: 2, publishedGbps: 2.1, holdAggregate: true});
		const {app, saveProbeRun, store} = renderProbeApp(provider);
		// The form opens on the recommendation (AWS); ← picks the lab; the sweep becomes 1,8.
		await waitForContent(app, 'streams to open');
		await press(app, 'p', 'Probe: set up');
		await press(app, keys.left, '‹ lab ›');
		for (const field of ['--lab-profile', '--lab-scale', '--rtt', '--jitter', '--loss', '--streams'])
			await press(app, keys.down, `❯ ${field}`);
		await press(app, keys.backspace.repeat(7), /--streams *\n/);
		await press(app, '1,8', /--streams +1,8/);
		await press(app, keys.enter, 'Enter run');
		await press(app, keys.enter, () => provider.calls.some((call) => call.includes('-P 8')));
		// The held 8-stream test shows its progress and the running Gbps from the transmit counters.
		await waitForContent(app, /default · 8 streams .*\d+% 2 Gbps/);
		const frame = await press(app, keys.ctrlC, 'Interrupted: teardown complete');
		expect(frame).toMatch(/✔ default · 1 stream/);
		// The cut-short step stops: no spinner keeps turning under "Interrupted: teardown complete".
		expect(frame).toMatch(/■ default · 8 streams — stopped/);
		expect(frame).not.toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/);
		expect(provider.calls.at(-1)).toMatch(/^teardown np-/);
		expect(provider.live.size).toBe(0);
		// The finished test is kept, marked partial, and is never evidence: no advice recomputed from it,
		// and the session's profile links no run.
		const kept = await waitForContent(app, 'A partial run is kept and listed, never used as evidence.');
		expect(kept).toContain('as a partial run (listed, never used as evidence)');
		expect(kept).not.toContain('Recommended decision order with these measurements');
		expect(saveProbeRun).toHaveBeenCalledTimes(1);
		expect(saveProbeRun.mock.calls[0]?.[0]).toMatchObject({aborted: true, partial: true});
		await press(app, keys.escape, 's save as profile');
		await press(app, 's', 'Profile name:');
		await press(app, 'after-abort', 'Profile name: after-abort');
		await press(app, keys.enter, 'Saved profile “after-abort”');
		const entry = store.save.mock.calls.at(-1) as [string, {readonly probeRunIds?: readonly string[]}] | undefined;
		expect(entry?.[0]).toBe('after-abort');
		expect(entry?.[1].probeRunIds ?? []).toEqual([]);
		app.unmount();
	});

	it('a cloud needs its flags, shows the cost, and runs only on an explicit yes', async () => {
		const provider = fakeProvider({id: 'aws', singleGbps: 4.96, aggregateGbps: 14.89, publishedGbps: 15});
		const {app} = renderProbeApp(provider);
		// The form opens on the recommendation: AWS, its shape and placement.
		await waitForContent(app, 'streams to open');
		await press(app, 'p', '‹ aws ›');
		expect(app.lastFrame()).toContain('real instances, billed');
		await press(app, keys.enter, '--ssh-cidr is required');
		for (const field of [
			'--shape',
			'--region',
			'--zone',
			'--vpc',
			'--subnet',
			'--ena-express',
			'--price',
			'--ssh-cidr',
		]) {
			await press(app, keys.down, `❯ ${field}`);
		}

		await press(app, '203.0.113.7/32', '203.0.113.7/32');
		await press(app, keys.enter, 'This spends money');
		expect(app.lastFrame()).toMatch(/estimated cost: \$\d+\.\d\d/);
		await press(app, 'n', 'Probe: set up');
		await press(app, keys.enter, 'This spends money');
		const frame = await press(app, 'y', 'per-flow ceiling: ');
		expect(frame).toMatch(/per-flow ceiling: one flow gets 33% of the aggregate: a per-flow ceiling is present/);
		expect(frame).toContain('99.3% of published');
		app.unmount();
	});

	it('k8s: the form’s cluster fields reach the provider’s runTargets, each run is shown, then the pod network’s cost', async () => {
		const base = fakeProvider({id: 'k8s', singleGbps: 4.9, aggregateGbps: 9.5, publishedGbps: 10});
		const asked: ProbeTarget[] = [];
		const pair = (network: 'pod' | 'host'): ProbeTarget => ({
			shape: 'aws/c5.xlarge',
			placements: ['default'],
			path: 'same-zone',
			k8s: {nodes: ['a-1', 'a-2'], network, image: 'i', cni: {name: 'Calico', evidence: 'DaemonSet'}},
		});
		const provider: FakeProvider = Object.assign(base, {
			runTargets: async (target: ProbeTarget) => {
				asked.push(target);
				return [pair('pod'), pair('host')];
			},
		});
		const {app, saveProbeRun} = renderProbeApp(provider);
		await waitForContent(app, 'streams to open');
		await press(app, 'p', 'Probe: set up');
		await press(app, keys.left, '‹ lab ›');
		await press(app, keys.left, '‹ k8s ›');
		await press(app, keys.down, '❯ --context');
		await press(app, 'prod', /--context +prod/);
		await press(app, keys.down, '❯ --namespace');
		await press(app, 'netplace', /--namespace +netplace/);
		for (const field of ['--nodes', '--zones', '--network']) await press(app, keys.down, `❯ ${field}`);
		for (const choice of ['pod', 'host', 'both']) await press(app, keys.right, `‹ ${choice} ›`);
		await press(app, keys.enter, 'Enter run');
		const frame = await press(app, keys.enter, 'Pod network versus host network');
		expect(asked).toHaveLength(1);
		expect(asked[0]).toMatchObject({context: 'prod', namespace: 'netplace', k8s: {nodes: 'auto', network: 'both'}});
		expect(frame.match(/Probe np-\S+: k8s, aws\/c5\.xlarge/g)).toHaveLength(2);
		expect(frame).toContain('a-1 -> a-2 (same-zone): host network');
		expect(saveProbeRun).toHaveBeenCalledTimes(2);
		expect(saveProbeRun.mock.calls.map((call) => call[0].k8s?.network)).toEqual(['pod', 'host']);
		expect(provider.live.size).toBe(0);
		app.unmount();
	});
});

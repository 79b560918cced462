// The probe screen once against the real lab (namespaces, tc, iperf3): custom caps of 1 Gbit per flow and
// 3 Gbit aggregate, 1 and 8 streams, 2 s tests. Skipped with the reason where the lab cannot run (not root, no netns).

import {render} from 'ink-testing-library';
import {expect, it} from 'vitest';
import {defaultWorkload} from '../../../source/domain/types.js';
import {runProbe} from '../../../source/probe/run-probe.js';
import {loadProvider} from '../../../source/providers/load-provider.js';
import {WizardApp} from '../../../source/ui/screens/wizard/wizard-app.js';
import {describeLab} from '../../helpers/lab.js';
import {settleBackgroundLoads} from '../../helpers/settle-background-loads.js';
import {fakeSaveProbeRun} from './fake-provider.js';
import {keys, press, waitForContent} from './ink-keys.js';

settleBackgroundLoads();

/** The probe without iperf3's 1 s warm-up: at the lab's sub-millisecond RTT a flow is at its cap within milliseconds. */
const withoutWarmUp: typeof runProbe = async (provider, target, settings, options) =>
	runProbe(provider, target, settings, {...options, omitSeconds: 0});

describeLab('the probe screen against the lab', () => {
	it('runs a custom per-flow-capped profile and finds the ceiling', async () => {
		const saveProbeRun = fakeSaveProbeRun();
		const app = render(
			<WizardApp
				profileStore={{save: () => undefined, path: '/nowhere'}}
				columns={100}
				initialWorkload={{...defaultWorkload, cloud: 'aws'}}
				skipQuestions
				providers={{lab: async () => loadProvider('lab')}}
				probeEngine={async () => ({runProbe: withoutWarmUp, saveProbeRun})}
			/>,
		);
		// The form opens on the recommendation (AWS); ← picks the lab.
		await waitForContent(app, 'streams to open');
		await press(app, 'p', 'Probe: set up');
		await press(app, keys.left, '‹ lab ›');
		await press(app, keys.down, '❯ --lab-profile');
		// The profile opens on the recommendation's nearest cell: ← until "custom".
		for (let step = 0; step < 12 && !(app.lastFrame() ?? '').includes('‹ custom ›'); step++) {
			const before = app.lastFrame();
			await press(app, keys.left, (frame) => frame !== before);
		}
		expect(app.lastFrame()).toMatch(/❯ --lab-profile +‹ custom ›/);
		await press(app, keys.down, '❯ --flow-cap');
		await press(app, '1', /--flow-cap +1 *\n/);
		await press(app, keys.down, '❯ --aggregate-cap');
		await press(app, keys.backspace, /--aggregate-cap *\n/);
		await press(app, '3', /--aggregate-cap +3 *\n/);
		for (const field of ['--rtt', '--jitter', '--loss', '--streams']) {
			await press(app, keys.down, `❯ ${field}`);
		}

		// The form opens on the recommendation's sweep (1,2,4,8): one stream and eight show the ceiling.
		for (let step = 0; step < 20 && !/--streams *\n/.test(app.lastFrame() ?? ''); step++) {
			const before = app.lastFrame();
			await press(app, keys.backspace, (frame) => frame !== before);
		}

		await press(app, '1', /--streams +1 *\n/);
		await press(app, ',', /--streams +1, *\n/);
		await press(app, '8', /--streams +1,8 *\n/);
		await press(app, keys.down, '❯ --duration');

		await press(app, keys.backspace, /--duration +2 *\n/);
		await press(app, keys.backspace, /--duration *\n/);
		await press(app, '2', /--duration +2 *\n/);
		await press(app, keys.enter, 'Enter run', 30_000);
		const frame = await press(app, keys.enter, 'per-flow ceiling: ', 150_000);
		expect(frame).toMatch(/✔ default · 1 stream — 0\.\d+ Gbps/);
		expect(frame).toMatch(/per-flow ceiling: one flow gets \d+% of the aggregate: a per-flow ceiling is present/);
		expect(frame).toContain('% of lab cap');
		expect(frame).toContain('teardown complete, nothing left behind');
		expect(saveProbeRun).toHaveBeenCalledTimes(1);
		app.unmount();
	}, 200_000);
});

// The hang sequence of issue 8 by keystrokes (ink-testing-library, fake provider): answer the questions,
// `p`, cycle --lab-profile through every value, --duration 5, run, Esc back, `p`, --duration 10, Enter.
// The screen must answer after it, show no step line of the first run above the new form, and memory
// must stay flat. (test/e2e/wizard-hang.test.ts replays it on the built CLI with the real lab.)

import {render} from 'ink-testing-library';
import {describe, expect, it, vi} from 'vitest';
import {defaultWorkload, type Workload} from '../../../source/domain/types.js';
import {runProbe} from '../../../source/probe/run-probe.js';
import {labProfileChoices} from '../../../source/ui/screens/probe/probe-form.js';
import type {ProbeEngine} from '../../../source/ui/screens/wizard/probe-engine.js';
import {WizardApp} from '../../../source/ui/screens/wizard/wizard-app.js';
import {settleBackgroundLoads} from '../../helpers/settle-background-loads.js';
import {fakeProvider, fakeSaveProbeRun} from './fake-provider.js';
import {answerTheRest, type InkHandle, keys, press, waitForContent} from './ink-keys.js';

settleBackgroundLoads();

async function moveTo(app: InkHandle, label: string): Promise<void> {
	for (let step = 0; step < 20 && !(app.lastFrame() ?? '').includes(`❯ ${label} `); step++) {
		const before = app.lastFrame();
		await press(app, keys.down, (frame) => frame !== before);
	}

	expect(app.lastFrame()).toContain(`❯ ${label} `);
}

async function setDuration(app: InkHandle, seconds: string): Promise<void> {
	await moveTo(app, '--duration');
	await press(app, keys.backspace.repeat(4), (frame) => /❯ --duration *\n/.test(frame));
	await press(app, seconds, new RegExp(`❯ --duration +${seconds}\\b`));
}

/** The form opens on the recommendation's cloud: the lab is a ← or two away on --provider. */
async function toLab(app: InkHandle): Promise<void> {
	for (let turn = 0; turn < 4 && !(app.lastFrame() ?? '').includes('‹ lab ›'); turn++) {
		const before = app.lastFrame();
		await press(app, keys.left, (frame) => frame !== before);
	}
}

describe('the hang sequence (probe, Esc, probe again)', () => {
	it('answers after it, leaves no old step lines above the new form, and memory stays flat', async () => {
		const provider = fakeProvider({singleGbps: 0.66, aggregateGbps: 2, publishedGbps: 2.1});
		const engine: ProbeEngine = {runProbe, saveProbeRun: fakeSaveProbeRun()};
		const workload: Workload = {
			...defaultWorkload,
			cloud: 'any',
			streams: 8,
			faultIsolation: true,
			sustained: true,
			keepLiveMigration: true,
		};
		const app = render(
			<WizardApp
				profileStore={{save: vi.fn(), path: '/nowhere/config.json'}}
				columns={100}
				initialWorkload={workload}
				providers={{lab: async () => provider}}
				probeEngine={async () => engine}
			/>,
		);
		await waitForContent(app, '1 of 13');
		await answerTheRest(app);
		const start = process.memoryUsage().rss;
		await press(app, 'p', 'Probe: set up');
		await toLab(app);
		await moveTo(app, '--lab-profile');
		// Every profile once round (the study's cells, the recommendation's own cell, custom), back to the first.
		const profileOf = (frame: string) => /--lab-profile +‹ (\S+) ›/.exec(frame)?.[1];
		const first = profileOf(app.lastFrame() ?? '');
		for (let step = 0; step <= labProfileChoices().length; step++) {
			const before = profileOf(app.lastFrame() ?? '');
			const now = profileOf(await press(app, keys.right, (frame) => profileOf(frame) !== before));
			if (now === first) break;
		}
		expect(profileOf(app.lastFrame() ?? '')).toBe(first);
		await setDuration(app, '5');
		await press(app, keys.enter, 'Enter run');
		await press(app, keys.enter, 'per-flow ceiling: ');
		await press(app, keys.escape, 's save as profile');
		const form = await press(app, 'p', 'Probe: set up');
		// The first run's steps belong to its screen: none stays above the new form.
		expect(form).not.toContain('✔ provision');
		expect(form.trimStart().startsWith('Probe: set up')).toBe(true);
		await toLab(app);
		await setDuration(app, '10');
		const plan = await press(app, keys.enter, 'Enter run');
		expect(plan).toContain('Plan: lab');
		expect(plan).toContain('held about');
		await press(app, keys.escape, 'Probe: set up');
		await press(app, keys.escape, 's save as profile');
		expect((process.memoryUsage().rss - start) / 1e6).toBeLessThan(100);
		app.unmount();
	});
});

// The same probe plan through `netplace probe --dry-run` (the CLI) and the probe screen: the same hold
// time and the same cost (both ask the provider with expectedHoldSeconds; the wizard used to leave out the
// per-step overhead). The real lab provider plans without creating anything.

import {render} from 'ink-testing-library';
import {describe, expect, it, vi} from 'vitest';
import {defaultWorkload} from '../../../source/domain/types.js';
import {loadProvider} from '../../../source/providers/load-provider.js';
import {WizardApp} from '../../../source/ui/screens/wizard/wizard-app.js';
import {tempConfigDir} from '../../cli/helpers.js';
import {runInProcess} from '../../cli/in-process.js';
import {settleBackgroundLoads} from '../../helpers/settle-background-loads.js';
import {type InkHandle, keys, press, waitForContent} from './ink-keys.js';

settleBackgroundLoads();

async function moveTo(app: InkHandle, label: string): Promise<void> {
	for (let step = 0; step < 20 && !(app.lastFrame() ?? '').includes(`❯ ${label} `); step++) {
		const before = app.lastFrame();
		await press(app, keys.down, (frame) => frame !== before);
	}
}

describe('one plan, one cost', () => {
	it('probe --dry-run and the probe screen give the same hold time and cost', async () => {
		const app = render(
			<WizardApp
				profileStore={{save: vi.fn(), path: '/nowhere/config.json'}}
				columns={100}
				initialWorkload={{...defaultWorkload, cloud: 'aws'}}
				skipQuestions
				providers={{lab: async () => loadProvider('lab')}}
			/>,
		);
		await waitForContent(app, 'p probe');
		await press(app, 'p', 'Probe: set up');
		for (let turn = 0; turn < 4 && !(app.lastFrame() ?? '').includes('‹ lab ›'); turn++) {
			const before = app.lastFrame();
			await press(app, keys.left, (frame) => frame !== before);
		}

		const form = await waitForContent(app, /--lab-profile +‹ aws\//);
		const profile = /--lab-profile +‹ (\S+) ›/.exec(form)?.[1] ?? '';
		const streams = /--streams +(\S+)/.exec(form)?.[1] ?? '';
		await moveTo(app, '--duration');
		await press(app, keys.backspace.repeat(4), (frame) => /❯ --duration *\n/.test(frame));
		await press(app, '5', /❯ --duration +5/);
		const plan = await press(app, keys.enter, 'Enter run');
		app.unmount();
		const screenHours = /\(([\d.]+) instance-hours/.exec(plan)?.[1];
		const screenCost = /estimated cost: \$([\d.]+)/.exec(plan)?.[1];
		const screenHold = Number(/held about (\d+) s/.exec(plan)?.[1]);

		const cli = await runInProcess(
			['probe', '--provider', 'lab', '--lab-profile', profile, '--streams', streams, '--duration', '5', '--dry-run'],
			{configDir: tempConfigDir()},
		);
		expect(cli.status).toBe(0);
		const text = `${cli.stdout}\n${cli.stderr}`;
		const cliHours = /([\d.]+) instance-hours/.exec(text)?.[1];
		const cliCost = /Estimated cost: \$([\d.]+)/.exec(text)?.[1];
		const cliMinutes = Number(/Hold: about (\d+) min/.exec(text)?.[1]);
		expect(screenHours).toBeDefined();
		expect(screenHours).toBe(cliHours);
		expect(screenCost).toBe(cliCost);
		expect(Math.ceil(screenHold / 60)).toBe(cliMinutes);
	});
});

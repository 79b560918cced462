// The wizard reads the evidence `advise` reads (source/session/load-evidence.ts): once at start, again after
// each probe, and says what it could not read; a loader that fails leaves the study as evidence, said so.

import {render} from 'ink-testing-library';
import {describe, expect, it, vi} from 'vitest';
import {referenceMeasurements} from '../../../source/domain/study-cells.js';
import {defaultWorkload} from '../../../source/domain/types.js';
import {runProbe} from '../../../source/probe/run-probe.js';
import type {Evidence} from '../../../source/session/load-evidence.js';
import {WizardApp} from '../../../source/ui/screens/wizard/wizard-app.js';
import {settleBackgroundLoads} from '../../helpers/settle-background-loads.js';
import {fakeProvider, fakeSaveProbeRun} from './fake-provider.js';
import {keys, press, waitForContent} from './ink-keys.js';

settleBackgroundLoads();

const skipped = 'probe result /cfg/results/np-bad.json skipped: not valid JSON (kept as it is)';

describe('the wizard’s evidence', () => {
	it('is loaded at start, shown with what could not be read, and loaded again after a probe', async () => {
		const load = vi.fn(async (): Promise<Evidence> => ({measurements: referenceMeasurements(), problems: [skipped]}));
		const provider = fakeProvider({singleGbps: 0.66, aggregateGbps: 2, publishedGbps: 2.1});
		const app = render(
			<WizardApp
				profileStore={{save: vi.fn(), path: '/nowhere/config.json'}}
				columns={100}
				initialWorkload={{...defaultWorkload, cloud: 'aws'}}
				skipQuestions
				evidence={load}
				providers={{lab: async () => provider}}
				probeEngine={async () => ({runProbe, saveProbeRun: fakeSaveProbeRun()})}
			/>,
		);
		const frame = await waitForContent(app, 'streams to open');
		expect(frame).toContain(`warning: ${skipped}`);
		expect(load).toHaveBeenCalledTimes(1);
		await press(app, 'p', 'Probe: set up');
		await press(app, keys.left, '‹ lab ›');
		await press(app, keys.enter, 'Enter run');
		await press(app, keys.enter, 'per-flow ceiling: ');
		await waitForContent(app, () => load.mock.calls.length === 2);
		await press(app, keys.escape, 'streams to open');
		expect(load).toHaveBeenCalledTimes(2);
		app.unmount();
	});

	it('falls back to the study when the stored results cannot be read, and says why', async () => {
		const load = vi.fn(async (): Promise<Evidence> => {
			throw new Error('EACCES: permission denied, open /cfg/results-cells.json');
		});
		const app = render(
			<WizardApp
				profileStore={{save: vi.fn(), path: '/nowhere/config.json'}}
				columns={100}
				initialWorkload={{...defaultWorkload, cloud: 'aws', streams: 4, minGbps: 30}}
				skipQuestions
				evidence={load}
			/>,
		);
		const frame = await waitForContent(app, 'streams to open');
		expect(frame).toContain('warning: stored probe results not read: EACCES: permission denied');
		expect(frame).toContain('Meets 30 Gbps');
		app.unmount();
	});
});

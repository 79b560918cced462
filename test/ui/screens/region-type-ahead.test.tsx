// The region question: a type-ahead over the regions the chosen cloud names (sizing/cloud-regions.ts), not
// a few hard-coded names and a free field that took any typo.

import {render} from 'ink-testing-library';
import {describe, expect, it, vi} from 'vitest';
import {defaultWorkload, type Workload} from '../../../source/domain/types.js';
import {WizardApp} from '../../../source/ui/screens/wizard/wizard-app.js';
import {settleBackgroundLoads} from '../../helpers/settle-background-loads.js';
import {answerTheRest, type InkHandle, keys, press, waitForContent} from './ink-keys.js';

settleBackgroundLoads();

function renderWizard(initialWorkload: Workload) {
	const app = render(
		<WizardApp
			profileStore={{save: vi.fn(), path: '/nowhere/config.json'}}
			columns={80}
			initialWorkload={initialWorkload}
			onExit={vi.fn()}
		/>,
	);
	return app;
}

/** Enter on each question (keeping its answer) until the region question shows. */
async function toRegionQuestion(app: InkHandle): Promise<string> {
	await waitForContent(app, /netplace · 1 of \d+/);
	for (let turn = 0; turn < 15 && !(app.lastFrame() ?? '').includes('Which region?'); turn++) {
		const before = app.lastFrame() ?? '';
		await press(app, keys.enter, (frame) => frame !== before);
	}

	return waitForContent(app, 'Which region?');
}

describe('the region question', () => {
	it('picks an AWS region by typing part of its name; a typo matches nothing and is never taken', async () => {
		const app = renderWizard({...defaultWorkload, cloud: 'aws', streams: 8});
		const question = await toRegionQuestion(app);
		expect(question).toContain('Pick from the cloud’s regions…');
		expect(question).not.toContain('Type a region');
		await press(app, keys.down, '❯ Pick from');
		await press(app, keys.enter, 'Which AWS region? Type part of its name');
		await press(app, 'us-est', 'No region matches “us-est”');
		for (let erase = 0; erase < 3; erase++) await press(app, keys.backspace, 'Region: us-');
		await press(app, 'e', (frame) => frame.includes('us-east-1') && frame.includes('us-east-2'));
		expect(app.lastFrame()).not.toContain('europe-west4');
		await press(app, 'ast-2', '❯ us-east-2');
		await press(app, keys.enter, 'Is there a shape');
		await answerTheRest(app);
		await press(app, 'a', 'Your answers');
		expect(app.lastFrame()).toMatch(/us-east-2/);
		app.unmount();
	});

	it('offers GCP’s regions for GCP, and keeps a region a flag gave on Enter', async () => {
		const app = renderWizard({...defaultWorkload, cloud: 'gcp', region: 'europe-west4'});
		const question = await toRegionQuestion(app);
		expect(question).toContain('❯ Keep europe-west4');
		await press(app, keys.down, '❯ Pick from');
		await press(app, keys.enter, 'Which GCP region?');
		await press(app, 'asia-south', (frame) => frame.includes('asia-south1') && frame.includes('asia-southeast1'));
		expect(app.lastFrame()).not.toContain('ap-south-1');
		await press(app, keys.escape, '❯ Pick from');
		await press(app, keys.up, '❯ Keep europe-west4');
		await press(app, keys.enter, 'Is there a shape');
		app.unmount();
	});
});

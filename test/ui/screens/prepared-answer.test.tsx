// The answer is worked out while the questions show (questions-screen.tsx `prepare`): for the answers Enter
// on each question left would give, once each question's frame is drawn. The last Enter then finds it, and
// the result screen replaces the last question in the same commit: the next frame is the recommendation.

import {render} from 'ink-testing-library';
import {describe, expect, it, vi} from 'vitest';
import {referenceMeasurements} from '../../../source/domain/study-cells.js';
import {defaultWorkload, type Workload} from '../../../source/domain/types.js';
import {ProfileStore} from '../../../source/stores/profile-store.js';
import {preloadResultScreen, WizardApp} from '../../../source/ui/screens/wizard/wizard-app.js';
import {settleBackgroundLoads} from '../../helpers/settle-background-loads.js';
import {tempDirEach} from '../../helpers/temp-dir.js';
import {keys, press, waitForContent} from './ink-keys.js';
import {recordingEngine} from './recording-engine.js';

settleBackgroundLoads();

const cwd = tempDirEach('netplace-prepared-');

describe('the answer prepared while the questions show', () => {
	it('is worked out before the last Enter, used by the result, whose frame comes next', async () => {
		const asked: Workload[] = [];
		// As `netplace --cloud aws --streams 4 --min-gbps 30` starts it: 30 is typed into the target's field.
		const flags: Workload = {...defaultWorkload, cloud: 'aws', streams: 4, minGbps: 30};
		const app = render(
			<WizardApp
				profileStore={new ProfileStore({folder: cwd()})}
				initialWorkload={flags}
				columns={100}
				rows={50}
				sizingEngine={recordingEngine(asked)}
				evidence={async () => ({measurements: referenceMeasurements(), problems: []})}
			/>,
		);
		await waitForContent(app, '1 of 13');
		const isFlags = (workload: Workload): boolean => JSON.stringify(workload) === JSON.stringify(flags);
		// Enter on every question keeps the flags' answers: that answer is worked out on the first question.
		await vi.waitFor(() => expect(asked.filter(isFlags)).toHaveLength(1), {timeout: 15_000});
		expect(app.lastFrame()).toContain('Which cloud?');

		for (let position = 1; position < 13; position++) {
			// The target's field opens with the flag's 30 in it: Enter confirms it.
			if (position === 6) await press(app, keys.enter, 'Aggregate Gbps needed (a number above 0): 30');
			await press(app, keys.enter, `${position + 1} of 13`);
		}

		await waitForContent(app, 'Is there a shape you have or are considering?');
		// The wizard loads the result screen's module once the catalogue is in; vitest's transform of it can
		// take longer than these keys (the built CLI's chunk loads in milliseconds): wait for that load.
		await preloadResultScreen();
		const framesBefore = app.frames.length;
		app.stdin.write(keys.enter);
		await waitForContent(app, 'streams to open:');
		// The frame after the last question's is the result, with the recommendation in it.
		expect(app.frames[framesBefore]).toContain('streams to open:');
		expect(app.frames[framesBefore]).toContain('netplace size --cloud aws --streams 4 --min-gbps 30');
		// No advice was worked out again for it: the result used the prepared one.
		expect(asked.filter(isFlags)).toHaveLength(1);
		app.unmount();
	});
});

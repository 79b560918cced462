// The wizard opened on the result (`netplace --profile NAME`): the loading line until the catalogue, the stored
// results and the result screen's module are in, then the result itself. Before, the screen was mounted while
// its module still loaded: it suspended (an empty frame, which React holds ~300 ms), and the two warm-up
// searches ran ahead of the profile's own answer. Its own file: the result module must not be loaded yet.

import {render} from 'ink-testing-library';
import {describe, expect, it} from 'vitest';
import {referenceMeasurements} from '../../../source/domain/study-cells.js';
import {defaultWorkload, type Workload} from '../../../source/domain/types.js';
import {ProfileStore} from '../../../source/stores/profile-store.js';
import {WizardApp} from '../../../source/ui/screens/wizard/wizard-app.js';
import {settleBackgroundLoads} from '../../helpers/settle-background-loads.js';
import {tempDirEach} from '../../helpers/temp-dir.js';
import {waitForContent} from './ink-keys.js';
import {recordingEngine} from './recording-engine.js';

settleBackgroundLoads();

const cwd = tempDirEach('netplace-reopen-');

describe('the wizard opened on a profile', () => {
	it('goes from the loading line to the result, with no empty frame and no warm-up search before the answer', async () => {
		const asked: Workload[] = [];
		const profile: Workload = {...defaultWorkload, cloud: 'aws', streams: 4, minGbps: 30};
		const app = render(
			<WizardApp
				profileStore={new ProfileStore({folder: cwd()})}
				columns={100}
				initialWorkload={profile}
				skipQuestions
				sizingEngine={recordingEngine(asked)}
				evidence={async () => ({measurements: referenceMeasurements(), problems: []})}
			/>,
		);
		await waitForContent(app, 'q quit');
		expect(asked[0]).toMatchObject({cloud: 'aws', streams: 4, minGbps: 30});
		const shown = app.frames.map((frame) =>
			frame.includes('Loading the shape catalogue') ? 'loading' : frame.includes('q quit') ? 'result' : frame,
		);
		expect(new Set(shown)).toEqual(new Set(['loading', 'result']));
		expect(shown.indexOf('result')).toBeGreaterThan(shown.lastIndexOf('loading'));
		app.unmount();
	});
});

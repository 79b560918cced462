// While the first question shows, the wizard runs the advice over every cloud, for short and for sustained
// transfers, once the catalogue and the stored results are in (use-warm-engine.ts): the result screen and
// the what-ifs then find the model's limits worked out.

import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {describe, expect, it, vi} from 'vitest';
import {referenceMeasurements} from '../../../source/domain/study-cells.js';
import type {Measurement, Workload} from '../../../source/domain/types.js';
import {defaultSizingEngine} from '../../../source/session/default-sizing-engine.js';
import type {SizingEngine} from '../../../source/session/sizing-engine.js';
import {ProfileStore} from '../../../source/stores/profile-store.js';
import {useWarmEngine} from '../../../source/ui/screens/wizard/use-warm-engine.js';
import {WizardApp} from '../../../source/ui/screens/wizard/wizard-app.js';
import {settleBackgroundLoads} from '../../helpers/settle-background-loads.js';
import {tempDirEach} from '../../helpers/temp-dir.js';
import {waitForContent} from './ink-keys.js';
import {recordingEngine} from './recording-engine.js';

settleBackgroundLoads();

const cwd = tempDirEach('netplace-warm-');

/** The warm-up alone, in a component of its own. */
function Warm({engine, measurements}: {engine: SizingEngine; measurements: readonly Measurement[]}) {
	useWarmEngine(engine, measurements);
	return <Text>warming</Text>;
}

describe('the warm-up search', () => {
	it('runs for every cloud, short and sustained, while the first question waits', async () => {
		const asked: Workload[] = [];
		const app = render(
			<WizardApp
				profileStore={new ProfileStore({folder: cwd()})}
				columns={100}
				sizingEngine={recordingEngine(asked)}
				evidence={async () => ({measurements: referenceMeasurements(), problems: []})}
			/>,
		);
		await waitForContent(app, 'Which cloud?');
		await vi.waitFor(() => expect(asked).toHaveLength(2), {timeout: 15_000});
		expect(asked.map((workload) => [workload.cloud, workload.sustained])).toEqual([
			['any', false],
			['any', true],
		]);
		expect(app.lastFrame()).toContain('Which cloud?');
		app.unmount();
	});

	it('warms each workload once per engine: new evidence does not start it again, a new engine does', async () => {
		const asked: Workload[] = [];
		const real = await defaultSizingEngine();
		const recording = (): SizingEngine => ({
			...real,
			advise: (workload, evidence) => {
				asked.push(workload);
				return real.advise(workload, evidence);
			},
		});
		// The warm-up's searches wait on timers: fake ones run them exactly when asked.
		vi.useFakeTimers();
		try {
			const first = recording();
			const app = render(<Warm engine={first} measurements={referenceMeasurements()} />);
			vi.runAllTimers();
			expect(asked).toHaveLength(2);
			app.rerender(<Warm engine={first} measurements={[...referenceMeasurements()]} />);
			vi.runAllTimers();
			expect(asked).toHaveLength(2);
			app.rerender(<Warm engine={recording()} measurements={[...referenceMeasurements()]} />);
			vi.runAllTimers();
			expect(asked.map((workload) => workload.sustained)).toEqual([false, true, false, true]);
			app.unmount();
		} finally {
			vi.useRealTimers();
		}
	});
});

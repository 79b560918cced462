// The result screen's answers (issue 28): `a` lists every answer, Enter opens one as its question and the
// card re-ranks on the highlighted choice, Enter keeps it, Esc leaves it; Esc on the result steps back to
// the last question; `q` quits. Over the fixture engine of the session tests (streams >= 4 meet 30 Gbps).

import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {render} from 'ink-testing-library';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {defaultWorkload, type Workload} from '../../../source/domain/types.js';
import {ProfileStore} from '../../../source/stores/profile-store.js';
import {WizardApp} from '../../../source/ui/screens/wizard/wizard-app.js';
import {settleBackgroundLoads} from '../../helpers/settle-background-loads.js';
import {fixtureEngine} from '../../session/fixture-engine.js';
import {keys, press, waitForContent} from './ink-keys.js';

settleBackgroundLoads();

let cwd: string;
beforeEach(() => {
	cwd = mkdtempSync(join(tmpdir(), 'netplace-answers-'));
});
afterEach(() => {
	rmSync(cwd, {recursive: true, force: true});
});

const aws = {...defaultWorkload, cloud: 'aws' as const, streams: 1, minGbps: 30};

function renderResult(asked: Workload[] = [], rows?: number) {
	const onExit = vi.fn();
	const app = render(
		<WizardApp
			profileStore={new ProfileStore({folder: cwd})}
			columns={100}
			{...(rows === undefined ? {} : {rows})}
			initialWorkload={aws}
			skipQuestions
			onExit={onExit}
			sizingEngine={async () => fixtureEngine(asked)}
		/>,
	);
	return {app, onExit};
}

describe('the answers list on the result screen', () => {
	it('edits one answer in place: the card follows the highlighted choice, Enter keeps it', async () => {
		const asked: Workload[] = [];
		const {app} = renderResult(asked);
		await waitForContent(app, 'Nothing reaches 30 Gbps with at most 1 stream');
		const list = await press(app, 'a', 'Your answers');
		expect(list).toMatch(/❯ Cloud\s+AWS/);
		expect(list).toMatch(/Parallel connections\s+1/);
		expect(list).toMatch(/Aggregate target\s+30 Gbps/);
		await press(app, keys.down, /❯ Parallel connections/);
		await press(app, keys.enter, 'change one answer');
		expect(app.lastFrame()).toContain('How many parallel connections');
		// Moving the cursor re-ranks at once: 2 streams still fall short, 4 meet the target.
		await press(app, keys.down, 'Nothing reaches 30 Gbps with at most 2 streams');
		await press(app, keys.down, 'Meets 30 Gbps with at most 4 streams: use this');
		await press(app, keys.enter, 'Your answers');
		expect(app.lastFrame()).toMatch(/❯ Parallel connections\s+4/);
		await press(app, keys.escape, 's save as profile');
		const result = app.lastFrame() ?? '';
		expect(result).toContain('Meets 30 Gbps with at most 4 streams: use this');
		expect(result).toContain('AWS, 4 streams, at least 30 Gbps');
		// The kept answer is the new starting point: 0 (undo what-ifs) keeps it.
		await press(app, '0', 'same as: netplace size --cloud aws --streams 4 --min-gbps 30');
		expect(asked.at(-1)).toMatchObject({streams: 4, minGbps: 30});
		app.unmount();
	});

	it('Esc on an open answer leaves it as it was, and the card returns', async () => {
		const {app} = renderResult();
		await waitForContent(app, 'Nothing reaches 30 Gbps with at most 1 stream');
		await press(app, 'a', 'Your answers');
		await press(app, keys.down, /❯ Parallel connections/);
		await press(app, keys.enter, 'change one answer');
		await press(app, keys.down, 'Nothing reaches 30 Gbps with at most 2 streams');
		await press(app, keys.escape, 'Your answers');
		expect(app.lastFrame()).toContain('Nothing reaches 30 Gbps with at most 1 stream');
		expect(app.lastFrame()).toMatch(/Parallel connections\s+1/);
		app.unmount();
	});

	it('types a figure no option holds, and refuses a character a number cannot take', async () => {
		const {app} = renderResult();
		await waitForContent(app, 'Nothing reaches 30 Gbps');
		await press(app, 'a', 'Your answers');
		for (let row = 0; row < 5; row++) app.stdin.write(keys.down);
		await waitForContent(app, /❯ Aggregate target/);
		await press(app, keys.enter, 'change one answer');
		await press(app, keys.enter, 'Aggregate Gbps needed');
		await press(app, keys.backspace, /above 0\): 3\s/);
		await press(app, keys.backspace, /above 0\):\s*$/m);
		await press(app, '1,5', '“,” is not part of a number here: type a number above 0 and at most 10000 Gbps');
		expect(app.lastFrame()).not.toContain('above 0): 15');
		await press(app, '2', 'above 0): 12');
		expect(app.lastFrame()).not.toContain('is not part of a number');
		await press(app, keys.enter, 'Your answers');
		expect(app.lastFrame()).toMatch(/Aggregate target\s+12 Gbps/);
		app.unmount();
	});
	it('edits the transfer in place: typed as the flags take it, kept in the answers, on the card and the command', async () => {
		const asked: Workload[] = [];
		const {app} = renderResult(asked);
		await waitForContent(app, 'Nothing reaches 30 Gbps');
		const list = await press(app, 'a', 'Your answers');
		expect(list).toMatch(/Data and time\s+Not known/);
		for (let row = 0; row < 4; row++) app.stdin.write(keys.down);
		await waitForContent(app, /❯ Data and time/);
		await press(app, keys.enter, 'How much data, and by when?');
		await press(app, keys.down, '❯ Type a size and a time');
		await press(app, keys.enter, 'Size and time, e.g. 50TB in 6h');
		await press(app, '2TB;', '“;” is not part of a size or a time here');
		await press(app, ' in 90m', 'in 90m): 2TB in 90m');
		const kept = await press(app, keys.enter, /Data and time\s+2TB in 90m/);
		// The target typed apart (30 Gbps) stands; the transfer adds its time and cost to the card.
		expect(kept).toMatch(/Aggregate target\s+30 Gbps/);
		expect(kept).not.toContain('Transfers > 5 min');
		expect(asked.at(-1)).toMatchObject({transferBytes: 2e12, withinSeconds: 5400, minGbps: 30, sustained: false});
		const result = await press(app, keys.escape, 's save as profile');
		expect(result).toContain('AWS, 1 stream, at least 30 Gbps, 2 TB within 90 min');
		expect(result).toContain('netplace size --cloud aws --streams 1 --min-gbps 30 --transfer 2TB --within 90m');
		app.unmount();
	});
});

describe('leaving the result', () => {
	it('Esc steps back to the last question with the answers kept; q quits with 0', async () => {
		const {app, onExit} = renderResult();
		await waitForContent(app, 'Nothing reaches 30 Gbps');
		await press(app, keys.escape, '13 of 13');
		expect(app.lastFrame()).toContain('Is there a shape');
		await press(app, keys.escape, '12 of 13');
		expect(app.lastFrame()).toContain('Which region?');
		await press(app, keys.enter, '13 of 13');
		await press(app, keys.enter, 'AWS, 1 stream, at least 30 Gbps');
		await press(app, 'q', () => onExit.mock.calls.length > 0);
		expect(onExit).toHaveBeenCalledWith(0);
		app.unmount();
	});

	it('fits the list and the card in 24 rows', async () => {
		const {app} = renderResult([], 24);
		await waitForContent(app, 'Nothing reaches 30 Gbps');
		const frame = await press(app, 'a', 'Your answers');
		expect(frame.split('\n').length).toBeLessThanOrEqual(24);
		expect(frame).toContain('netplace · AWS');
		app.unmount();
	});
});

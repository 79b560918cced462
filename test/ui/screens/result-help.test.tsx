// The result screen's help (issue 28): `?` shows what every key does, scrolled by the one scroll the answer
// uses (↑/↓, PgUp/PgDn, Home/End, with the same "lines a–b of n" line); ? or Esc closes it and the answer is
// where it was. Over the fixture engine of the session tests, 80×24.

import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {render} from 'ink-testing-library';
import {afterEach, beforeEach, expect, it, vi} from 'vitest';
import {defaultWorkload} from '../../../source/domain/types.js';
import {ProfileStore} from '../../../source/stores/profile-store.js';
import {resultKeysText} from '../../../source/ui/screens/result/result-keys.js';
import {WizardApp} from '../../../source/ui/screens/wizard/wizard-app.js';
import {settleBackgroundLoads} from '../../helpers/settle-background-loads.js';
import {fixtureEngine} from '../../session/fixture-engine.js';
import {keys, press, waitForContent} from './ink-keys.js';

settleBackgroundLoads();

let cwd: string;
beforeEach(() => {
	cwd = mkdtempSync(join(tmpdir(), 'netplace-help-'));
});
afterEach(() => {
	rmSync(cwd, {recursive: true, force: true});
});

it('? lists the keys with what each does, scrolls them as the answer scrolls, and ? or Esc closes it', async () => {
	const onExit = vi.fn();
	const app = render(
		<WizardApp
			profileStore={new ProfileStore({folder: cwd})}
			columns={80}
			rows={24}
			initialWorkload={{...defaultWorkload, cloud: 'aws', streams: 1, minGbps: 30}}
			skipQuestions
			onExit={onExit}
			sizingEngine={async () => fixtureEngine([])}
		/>,
	);
	const answer = await waitForContent(app, 'Nothing reaches 30 Gbps with at most 1 stream');
	expect(answer).toContain('? keys');
	const help = await press(app, '?', 'Keys on the answer');
	expect(help).toContain('? or Esc close');
	expect(help).not.toContain('Nothing reaches 30 Gbps');
	const first = help.match(/lines 1–(\d+) of (\d+)/);
	expect(first).not.toBeNull();
	// The last key is below the fold at 24 rows; End brings it into view, Home back to the top.
	expect(help).not.toContain('Quit netplace');
	const end = await press(app, keys.end, 'Quit netplace');
	expect(end).not.toContain('Keys on the answer');
	expect(end).toMatch(new RegExp(`lines \\d+–${first![2]} of ${first![2]}`));
	await press(app, keys.home, 'Keys on the answer');
	await press(app, keys.escape, 'Nothing reaches 30 Gbps with at most 1 stream');
	await press(app, '?', 'Keys on the answer');
	const back = await press(app, '?', 'Nothing reaches 30 Gbps with at most 1 stream');
	expect(back).toContain(resultKeysText.slice(0, 20));
	expect(onExit).not.toHaveBeenCalled();
	app.unmount();
});

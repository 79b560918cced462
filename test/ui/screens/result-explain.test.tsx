// The result screen's `w` (issue 39): the stored probe results and the measurements `netplace explain --save`
// kept, each explained with the limit that bound it beside the model, scrolled as the answer is; w or Esc
// closes it. Over the fixture engine, 80×24, a config folder of the test's own.

import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {render} from 'ink-testing-library';
import {afterEach, beforeEach, expect, it, vi} from 'vitest';
import {defaultWorkload} from '../../../source/domain/types.js';
import {parseImport} from '../../../source/probe/explain-import.js';
import {explainImports} from '../../../source/session/explain.js';
import {saveExplained} from '../../../source/session/explain-save.js';
import {ProfileStore} from '../../../source/stores/profile-store.js';
import {WizardApp} from '../../../source/ui/screens/wizard/wizard-app.js';
import {settleBackgroundLoads} from '../../helpers/settle-background-loads.js';
import {fixtureEngine} from '../../session/fixture-engine.js';
import {keys, press, waitForContent} from './ink-keys.js';

settleBackgroundLoads();

let cwd: string;
let before: string | undefined;
beforeEach(() => {
	cwd = mkdtempSync(join(tmpdir(), 'netplace-explain-ui-'));
	before = process.env['NETPLACE_CONFIG_DIR'];
	process.env['NETPLACE_CONFIG_DIR'] = cwd;
});
afterEach(() => {
	if (before === undefined) delete process.env['NETPLACE_CONFIG_DIR'];
	else process.env['NETPLACE_CONFIG_DIR'] = before;
	rmSync(cwd, {recursive: true, force: true});
});

const app = () =>
	render(
		<WizardApp
			profileStore={new ProfileStore({folder: cwd})}
			columns={80}
			rows={24}
			initialWorkload={{...defaultWorkload, cloud: 'aws', streams: 1, minGbps: 30}}
			skipQuestions
			onExit={vi.fn()}
			sizingEngine={async () => fixtureEngine([])}
		/>,
	);

it('w explains an imported measurement with its limit; w or Esc closes it', async () => {
	const file = 'test/fixtures/iperf3/v3.16-loopback-p1.json';
	const imported = parseImport(readFileSync(file, 'utf8'), file);
	saveExplained(explainImports([imported], defaultWorkload, [], []), []);
	const wizard = app();
	await waitForContent(wizard, 'Nothing reaches 30 Gbps with at most 1 stream');
	const explained = await press(wizard, 'w', 'Your results, explained');
	expect(explained).toContain('CPU: the test measured its host');
	expect(explained).toContain('w or Esc close');
	await press(wizard, keys.escape, 'Nothing reaches 30 Gbps with at most 1 stream');
	await press(wizard, 'w', 'Your results, explained');
	await press(wizard, 'w', 'Nothing reaches 30 Gbps with at most 1 stream');
	wizard.unmount();
});

it('w with nothing stored says how to get something to explain', async () => {
	const wizard = app();
	await waitForContent(wizard, 'Nothing reaches 30 Gbps with at most 1 stream');
	const empty = await press(wizard, 'w', 'No stored probe results or imported measurements yet');
	expect(empty).toContain('netplace explain FILE --save');
	wizard.unmount();
});

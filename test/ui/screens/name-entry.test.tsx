// The result screen's name entries (screens/use-name-entry-input.ts), by keystrokes. `s` onto a name that
// is already saved (issue 9: "overwriting asks in a terminal"): the save panel asks "replace it? y/n"; n
// keeps the stored profile and goes back to the name, y replaces it (store.save with overwrite), Esc at the
// question is a no. Nothing is written before the y. `e` onto an existing file: a second Enter replaces
// that file only, never one named by text typed after the warning.

import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {render} from 'ink-testing-library';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {type Advice, defaultWorkload} from '../../../source/domain/types.js';
import {ProfileStore} from '../../../source/stores/profile-store.js';
import {initialSaveState, saveReducer} from '../../../source/ui/screens/save/save-reducer.js';
import {WizardApp} from '../../../source/ui/screens/wizard/wizard-app.js';
import {settleBackgroundLoads} from '../../helpers/settle-background-loads.js';
import {keys, press, waitForContent} from './ink-keys.js';

settleBackgroundLoads();

let cwd: string;
beforeEach(async () => {
	cwd = mkdtempSync(join(tmpdir(), 'netplace-save-replace-'));
	await ProfileStore.preload();
});
afterEach(() => {
	rmSync(cwd, {recursive: true, force: true});
});

const earlier = {...defaultWorkload, cloud: 'gcp' as const, streams: 8};
const advice: Advice = {workload: earlier, configurations: [], steps: [], notes: [], bandwidth: []};
const question = 'a profile named taken exists: replace it? y/n';

async function openSaveOn(name: string) {
	const seed = new ProfileStore({folder: cwd, onRecovered: () => undefined});
	await seed.save(name, {workload: earlier, advice});
	const before = seed.get(name).savedAt;
	const store = new ProfileStore({folder: cwd, onRecovered: () => undefined});
	const app = render(
		<WizardApp
			profileStore={store}
			columns={100}
			initialWorkload={{...defaultWorkload, cloud: 'aws', streams: 2}}
			skipQuestions
		/>,
	);
	await waitForContent(app, 'q quit');
	await press(app, 's', 'Profile name:');
	await press(app, name, `Profile name: ${name}`);
	return {app, before};
}

const storedNow = (name: string) => new ProfileStore({folder: cwd, onRecovered: () => undefined}).get(name);

describe('the save panel on an existing profile name', () => {
	it('asks to replace; n keeps the stored profile and returns to the name; y replaces it', async () => {
		const {app, before} = await openSaveOn('taken');
		await press(app, keys.enter, question);
		expect(storedNow('taken').workload).toMatchObject({cloud: 'gcp', streams: 8});

		// Letters other than y/n do nothing while the question is open (the name is not edited).
		await press(app, 'x', question);
		expect(app.lastFrame()).toContain('Profile name: taken');
		expect(app.lastFrame()).not.toContain('takenx');

		await press(app, 'n', (frame) => !frame.includes(question) && frame.includes('Profile name: taken'));
		expect(storedNow('taken').workload).toMatchObject({cloud: 'gcp', streams: 8});
		expect(storedNow('taken').savedAt).toBe(before);

		await press(app, keys.enter, question);
		await press(app, 'y', 'Saved profile “taken” to');
		expect(app.lastFrame()).toContain(join(cwd, 'config.json'));
		expect(storedNow('taken').workload).toMatchObject({cloud: 'aws', streams: 2});
		expect(new ProfileStore({folder: cwd, onRecovered: () => undefined}).list().map((entry) => entry.name)).toEqual([
			'taken',
		]);
		app.unmount();
	});

	it('Esc at the question is a no; a new name typed after it saves without asking', async () => {
		const {app} = await openSaveOn('taken');
		await press(app, keys.enter, question);
		await press(app, keys.escape, (frame) => !frame.includes(question) && frame.includes('Profile name: taken'));
		expect(storedNow('taken').workload).toMatchObject({cloud: 'gcp', streams: 8});
		await press(app, '2\r', 'Saved profile “taken2” to');
		expect(storedNow('taken2').workload).toMatchObject({cloud: 'aws', streams: 2});
		expect(storedNow('taken').workload).toMatchObject({cloud: 'gcp', streams: 8});
		app.unmount();
	});

	it('a Y typed with its Enter in one chunk (a paste, keys over SSH) is a yes', async () => {
		const {app} = await openSaveOn('taken');
		await press(app, keys.enter, question);
		await press(app, 'Y\r', 'Saved profile “taken” to');
		expect(storedNow('taken').workload).toMatchObject({cloud: 'aws', streams: 2});
		app.unmount();
	});
});

describe('the save reducer around the question', () => {
	it('opens the question only while naming, freezes the name while it is open, and clears it', () => {
		expect(saveReducer(initialSaveState, {type: 'exists', name: 'a'})).toBe(initialSaveState);
		let state = saveReducer(initialSaveState, {type: 'start-naming'});
		state = saveReducer(state, {type: 'type-text', text: 'a'});
		state = saveReducer(state, {type: 'exists', name: 'a'});
		expect(state).toMatchObject({mode: 'naming', draft: 'a', asking: 'a'});
		expect(saveReducer(state, {type: 'type-text', text: 'b'})).toBe(state);
		expect(saveReducer(state, {type: 'erase'})).toBe(state);
		expect(saveReducer(state, {type: 'keep-existing'})).toMatchObject({mode: 'naming', draft: 'a', asking: null});
		expect(saveReducer(state, {type: 'save-failed', error: 'locked'})).toMatchObject({asking: null, error: 'locked'});
		expect(saveReducer(state, {type: 'saved', name: 'a', path: '/x'})).toMatchObject({mode: 'saved', asking: null});
	});
});

describe('the export panel on an existing file', () => {
	it('a second Enter replaces the file reported, not another one named by text typed after the warning', async () => {
		const first = join(cwd, 'plan.md');
		const second = join(cwd, 'plan.mdx');
		writeFileSync(first, 'mine\n');
		writeFileSync(second, 'also mine\n');
		const app = render(
			<WizardApp
				profileStore={new ProfileStore({folder: cwd, onRecovered: () => undefined})}
				columns={100}
				initialWorkload={{...defaultWorkload, cloud: 'aws', streams: 2}}
				skipQuestions
			/>,
		);
		await waitForContent(app, 'q quit');
		await press(app, 'e', 'Write Markdown to: netplace-session.md');
		for (let index = 0; index < 'netplace-session.md'.length; index++) app.stdin.write(keys.backspace);
		await waitForContent(app, /Write Markdown to: \s/);
		await press(app, `${first}\r`, `${first} exists: Enter again replaces it`);
		// Typed (pasted) with its Enter after the warning: a new name, so it is refused first, not replaced.
		await press(app, 'x\r', `${second} exists: Enter again replaces it`);
		expect(readFileSync(second, 'utf8')).toBe('also mine\n');
		await press(app, keys.enter, `Wrote the session to ${second}`);
		expect(readFileSync(second, 'utf8')).toContain('netplace');
		expect(readFileSync(first, 'utf8')).toBe('mine\n');
		app.unmount();
	});
});

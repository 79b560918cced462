// The result screen of a sizing session, by keystrokes, over a sizing engine whose answers are fixtures
// (test/session/size-fixtures.ts): what-if keys reach size() as the workload `size` flags describe, the card
// re-renders, `e` writes the Markdown, `p` opens the probe form filled from the recommendation, the
// result scrolls within the terminal's rows.

import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {render} from 'ink-testing-library';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import type {Workload} from '../../source/domain/types.js';
import {defaultWorkload} from '../../source/domain/types.js';
import {ProfileStore} from '../../source/stores/profile-store.js';
import {WizardApp} from '../../source/ui/screens/wizard/wizard-app.js';
import {settleBackgroundLoads} from '../helpers/settle-background-loads.js';
import {keys, press, waitForContent} from '../ui/screens/ink-keys.js';
import {fixtureEngine} from './fixture-engine.js';

settleBackgroundLoads();

let cwd: string;
beforeEach(() => {
	cwd = mkdtempSync(join(tmpdir(), 'netplace-session-'));
});
afterEach(() => {
	rmSync(cwd, {recursive: true, force: true});
});

const aws = {...defaultWorkload, cloud: 'aws' as const, streams: 1, minGbps: 30};

describe('the sizing result screen (fixture engine)', () => {
	it('what-if keys re-ask size() with the changed workload and the card follows', async () => {
		const asked: Workload[] = [];
		const engine = fixtureEngine(asked);
		const app = render(
			<WizardApp
				profileStore={new ProfileStore({folder: cwd})}
				columns={100}
				initialWorkload={aws}
				skipQuestions
				sizingEngine={async () => engine}
			/>,
		);
		await waitForContent(app, 'Nothing reaches 30 Gbps with at most 1 stream');
		expect(app.lastFrame()).toContain('same as: netplace size --cloud aws --streams 1 --min-gbps 30');
		await press(app, keys.right, 'Nothing reaches 30 Gbps with at most 2 streams');
		await press(app, keys.right, 'Meets 30 Gbps with at most 4 streams: use this');
		expect(app.lastFrame()).toContain('what-if: netplace size --cloud aws --streams 4 --min-gbps 30');
		await press(app, 'g', '--placement default');
		await press(app, 'g', '--placement cluster');
		await press(app, 'x', '--placement cluster --ena-express');
		await press(app, '+', 'Meets 40 Gbps');
		expect(asked.at(-1)).toMatchObject({streams: 4, minGbps: 40, placement: 'cluster', enaExpress: true});
		const searches = asked.length;
		await press(app, '0', 'same as: netplace size --cloud aws --streams 1 --min-gbps 30');
		expect(app.lastFrame()).toContain('Nothing reaches 30 Gbps with at most 1 stream');
		// Back on the answered workload: its answer is remembered, not searched again (one search per workload).
		expect(asked).toHaveLength(searches);
		expect(asked.filter((workload) => workload === aws)).toHaveLength(1);
		app.unmount();
	});

	it('e writes the session as Markdown to the file named; an existing file needs a second Enter', async () => {
		const app = render(
			<WizardApp
				profileStore={new ProfileStore({folder: cwd})}
				columns={100}
				initialWorkload={{...aws, streams: 4}}
				skipQuestions
				sizingEngine={async () => fixtureEngine([])}
			/>,
		);
		await waitForContent(app, 'use this');
		await press(app, 'e', 'Write Markdown to: netplace-session.md');
		const path = join(cwd, 'plan.md');
		for (let index = 0; index < 'netplace-session.md'.length; index++) app.stdin.write(keys.backspace);
		await waitForContent(app, /Write Markdown to: \s/);
		await press(app, path, `Write Markdown to: ${path}`);
		await press(app, keys.enter, `Wrote the session to ${path}`);
		const markdown = readFileSync(path, 'utf8');
		expect(markdown).toContain('**Meets 30 Gbps with at most 4 streams: use this**');
		expect(markdown).toContain('\n2. gcp c4a-standard-32 — ');
		await press(app, 'e', 'Write Markdown to:');
		for (let index = 0; index < 'netplace-session.md'.length; index++) app.stdin.write(keys.backspace);
		await waitForContent(app, /Write Markdown to: \s/);
		await press(app, `${path}\r`, 'exists: Enter again replaces it');
		await press(app, keys.enter, `Wrote the session to ${path}`);
		app.unmount();
	});

	it('p opens the probe form filled from the recommendation', async () => {
		const app = render(
			<WizardApp
				profileStore={new ProfileStore({folder: cwd})}
				columns={100}
				initialWorkload={{...aws, streams: 4}}
				skipQuestions
				sizingEngine={async () => fixtureEngine([])}
			/>,
		);
		await waitForContent(app, 'use this');
		const form = await press(app, 'p', '--provider');
		expect(form).toMatch(/--provider\s+‹ aws ›/);
		expect(form).toMatch(/--shape\s+c8gn\.4xlarge/);
		expect(form).toMatch(/--placement\s+‹ cluster ›/);
		expect(form).toMatch(/--streams\s+1,2,4,8\s/);
		app.unmount();
	});

	it('scrolls within 50 rows: End reaches the notes, Home the card', async () => {
		const app = render(
			<WizardApp
				profileStore={new ProfileStore({folder: cwd})}
				columns={100}
				rows={50}
				initialWorkload={{...aws, streams: 4}}
				skipQuestions
				sizingEngine={async () => fixtureEngine([])}
			/>,
		);
		const first = await waitForContent(app, /lines 1–\d+ of \d+/);
		expect(first.split('\n').length).toBeLessThan(50);
		expect(first).toContain('Recommendation');
		const end = await press(app, '\u001B[F', (frame) => frame.includes('Notes') && !frame.includes('lines 1–'));
		expect(end).not.toContain('Recommendation');
		expect(end.split('\n').length).toBeLessThan(50);
		await press(app, '\u001B[H', 'lines 1–');
		await press(app, keys.down, 'lines 2–');
		app.unmount();
	});
});

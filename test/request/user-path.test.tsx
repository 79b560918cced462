// `~` in a path the user types is the home folder, as in a shell: the wizard's export file and
// `profiles import FILE` (in-process, with HOME pointed at a scratch folder).

import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {render} from 'ink-testing-library';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {profilesCommand} from '../../source/cli/profiles.js';
import {defaultWorkload} from '../../source/domain/types.js';
import {expandHome, userPath} from '../../source/request/user-path.js';
import {ProfileStore} from '../../source/stores/profile-store.js';
import {WizardApp} from '../../source/ui/screens/wizard/wizard-app.js';
import {settleBackgroundLoads} from '../helpers/settle-background-loads.js';
import {cliFlags} from '../probe/cli-flags.js';
import {keys, press, waitForContent} from '../ui/screens/ink-keys.js';

settleBackgroundLoads();

let home: string;
let savedHome: string | undefined;
beforeEach(async () => {
	await ProfileStore.preload();
	home = mkdtempSync(join(tmpdir(), 'np-home-'));
	savedHome = process.env['HOME'];
	process.env['HOME'] = home;
	process.env['NETPLACE_CONFIG_DIR'] = join(home, 'config');
});
afterEach(() => {
	vi.restoreAllMocks();
	if (savedHome === undefined) delete process.env['HOME'];
	else process.env['HOME'] = savedHome;
	delete process.env['NETPLACE_CONFIG_DIR'];
	rmSync(home, {recursive: true, force: true});
});

describe('~ in a typed path', () => {
	it('is the home folder alone or before a slash; ~user and the rest are as typed', () => {
		expect(expandHome('~', '/home/ann')).toBe('/home/ann');
		expect(expandHome('~/notes/plan.md', '/home/ann')).toBe('/home/ann/notes/plan.md');
		expect(expandHome('~bob/plan.md', '/home/ann')).toBe('~bob/plan.md');
		expect(expandHome('plan~.md', '/home/ann')).toBe('plan~.md');
		expect(userPath(' ~/plan.md ', '/work', '/home/ann')).toBe('/home/ann/plan.md');
		expect(userPath('plan.md', '/work', '/home/ann')).toBe('/work/plan.md');
	});

	it('the wizard exports Markdown to ~/plan.md in the home folder', async () => {
		const app = render(
			<WizardApp
				profileStore={new ProfileStore({folder: home, onRecovered: () => undefined})}
				columns={100}
				initialWorkload={{...defaultWorkload, cloud: 'aws', streams: 2}}
				skipQuestions
			/>,
		);
		await waitForContent(app, 'q quit');
		await press(app, 'e', 'Write Markdown to: netplace-session.md');
		for (let index = 0; index < 'netplace-session.md'.length; index++) app.stdin.write(keys.backspace);
		await waitForContent(app, /Write Markdown to: \s/);
		await press(app, '~/nowhere/plan.md\r', `no folder ${join(home, 'nowhere')}: name a file in one that exists`);
		for (let index = 0; index < '~/nowhere/plan.md'.length; index++) app.stdin.write(keys.backspace);
		await waitForContent(app, /Write Markdown to: \s/);
		await press(app, '~/plan.md\r', `Wrote the session to ${join(home, 'plan.md')}`);
		expect(readFileSync(join(home, 'plan.md'), 'utf8')).toContain('netplace');
		expect(existsSync(join(process.cwd(), '~'))).toBe(false);
		app.unmount();
	});

	it('profiles import ~/FILE reads the file in the home folder', async () => {
		vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
		writeFileSync(join(home, 'typo.json'), JSON.stringify({name: 'x', workload: {cloud: 'aws', region: 'us-est-1'}}));
		// The file is found and read (its workload is then refused), not "no such file ~/typo.json".
		await expect(profilesCommand(['import', '~/typo.json'], cliFlags({}))).rejects.toThrow(
			`workload.region in ${join(home, 'typo.json')}: unknown AWS region "us-est-1"`,
		);
	});
});

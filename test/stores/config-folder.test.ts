import {homedir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {configFile, configFolder} from '../../source/stores/config-folder.js';

const saved = process.env['NETPLACE_CONFIG_DIR'];

afterEach(() => {
	if (saved === undefined) delete process.env['NETPLACE_CONFIG_DIR'];
	else process.env['NETPLACE_CONFIG_DIR'] = saved;
});

describe('configFolder', () => {
	it("follows conf's platform folders for netplace (no -nodejs suffix)", () => {
		delete process.env['NETPLACE_CONFIG_DIR'];
		expect(configFolder({}, 'linux')).toBe(join(homedir(), '.config', 'netplace'));
		expect(configFolder({XDG_CONFIG_HOME: '/x'}, 'linux')).toBe(join('/x', 'netplace'));
		expect(configFolder({}, 'darwin')).toBe(join(homedir(), 'Library', 'Preferences', 'netplace'));
		expect(configFolder({APPDATA: '/appdata'}, 'win32')).toBe(join('/appdata', 'netplace', 'Config'));
	});

	it('is NETPLACE_CONFIG_DIR when set, and names store files in it', () => {
		process.env['NETPLACE_CONFIG_DIR'] = '/tmp/np-here';
		expect(configFolder()).toBe('/tmp/np-here');
		expect(configFile('results')).toBe(join('/tmp/np-here', 'results.json'));
	});

	// Issue 42, finding 6. Before: NETPLACE_CONFIG_DIR='~/cfg' made a literal ./~/cfg in the working folder, a
	// relative one followed the working folder, and XDG_CONFIG_HOME='' or 'rel' wrote under the working folder.
	it('expands ~ in NETPLACE_CONFIG_DIR as a shell would, and refuses a relative folder', () => {
		expect(configFolder({NETPLACE_CONFIG_DIR: '~/cfg'}, 'linux')).toBe(join(homedir(), 'cfg'));
		expect(configFolder({NETPLACE_CONFIG_DIR: '~'}, 'linux')).toBe(homedir());
		for (const relative of ['cfg', './cfg', '~other/cfg', '../x'])
			expect(() => configFolder({NETPLACE_CONFIG_DIR: relative}, 'linux')).toThrow(
				/^NETPLACE_CONFIG_DIR must be an absolute folder, got ".*" \(relative to where netplace was started\)$/,
			);
		expect(configFolder({NETPLACE_CONFIG_DIR: ''}, 'linux')).toBe(join(homedir(), '.config', 'netplace'));
	});

	it('ignores an empty or relative XDG_CONFIG_HOME, as the XDG Base Directory spec says', () => {
		for (const xdg of ['', 'rel', './x', '~/x'])
			expect(configFolder({XDG_CONFIG_HOME: xdg}, 'linux')).toBe(join(homedir(), '.config', 'netplace'));
	});
});

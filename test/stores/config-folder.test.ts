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
});

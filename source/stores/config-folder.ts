// The folder conf writes to, resolved without loading conf: NETPLACE_CONFIG_DIR, else the platform's
// config folder for `netplace` (the rule conf follows through env-paths, with no project suffix).
// Lets a command see whether a store file exists before paying to load the store.

import {homedir} from 'node:os';
import {join} from 'node:path';
import {configCwd, projectName} from './config-dir.js';

export function configFolder(
	env: NodeJS.ProcessEnv = process.env,
	platform: NodeJS.Platform = process.platform,
): string {
	const override = configCwd();
	if (override !== undefined) return override;
	const home = homedir();
	if (platform === 'darwin') return join(home, 'Library', 'Preferences', projectName);
	if (platform === 'win32') return join(env['APPDATA'] ?? join(home, 'AppData', 'Roaming'), projectName, 'Config');
	return join(env['XDG_CONFIG_HOME'] ?? join(home, '.config'), projectName);
}

/** `<folder>/<configName>.json`, the file conf keeps a store in. */
export function configFile(configName: string): string {
	return join(configFolder(), `${configName}.json`);
}

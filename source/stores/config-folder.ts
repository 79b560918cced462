// The folder the stores write to: NETPLACE_CONFIG_DIR (config-dir.ts), else the platform's config folder for
// `netplace` (env-paths' rule, with no project suffix). XDG_CONFIG_HOME counts only when it is an absolute
// path: the XDG Base Directory spec says an empty or relative one is ignored (then ~/.config).

import {homedir} from 'node:os';
import {isAbsolute, join} from 'node:path';
import {configCwd, projectName} from './config-dir.js';

export function configFolder(
	env: NodeJS.ProcessEnv = process.env,
	platform: NodeJS.Platform = process.platform,
): string {
	const override = configCwd(env);
	if (override !== undefined) return override;
	const home = homedir();
	if (platform === 'darwin') return join(home, 'Library', 'Preferences', projectName);
	if (platform === 'win32') return join(env['APPDATA'] ?? join(home, 'AppData', 'Roaming'), projectName, 'Config');
	const xdg = env['XDG_CONFIG_HOME'];
	return join(xdg !== undefined && isAbsolute(xdg) ? xdg : join(home, '.config'), projectName);
}

/** `<folder>/<configName>.json`, the file a store (profiles: `config`) is kept in. */
export function configFile(configName: string): string {
	return join(configFolder(), `${configName}.json`);
}

// Where netplace keeps what the user saves (profiles, probe results): the platform's config folder (e.g.
// ~/.config/netplace on Linux); NETPLACE_CONFIG_DIR redirects it (tests set it). The folder is absolute or
// refused: `~` and `~/…` are expanded as a shell would (an unquoted `~` in `NETPLACE_CONFIG_DIR=~/cfg` is, a
// quoted one is not), and a relative folder, which would follow whatever folder netplace was started in, is
// one line, exit 2.

import {homedir} from 'node:os';
import {isAbsolute} from 'node:path';
import {UserError} from '../domain/errors.js';
import {expandTilde} from '../domain/home-path.js';

export const projectName = 'netplace';

/** NETPLACE_CONFIG_DIR, `~` expanded; undefined when unset or empty (the platform's folder). */
export function configCwd(env: NodeJS.ProcessEnv = process.env): string | undefined {
	const dir = env['NETPLACE_CONFIG_DIR'];
	if (dir === undefined || dir.length === 0) return undefined;
	const expanded = expandTilde(dir, homedir());
	if (!isAbsolute(expanded)) {
		throw new UserError(
			`NETPLACE_CONFIG_DIR must be an absolute folder, got ${JSON.stringify(dir)} (relative to where netplace was started)`,
			'give a full path, e.g. NETPLACE_CONFIG_DIR=$HOME/netplace-config, or unset it',
		);
	}

	return expanded;
}

// `~` in a path, as a shell expands it: `~` alone and `~/…` are the home folder; anything else (`~user`,
// `a/~`) is left as typed. Pure: the home folder is given.

import {join} from 'node:path';

export function expandTilde(path: string, home: string): string {
	if (path === '~') return home;
	return path.startsWith('~/') ? join(home, path.slice(2)) : path;
}

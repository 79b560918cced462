// A path the user typed (the wizard's export file, `profiles import FILE`, a key or hosts file), as a shell
// would read it: `~` and `~/…` are the home folder; `~user` and everything else is left as typed (relative
// paths resolve against the working folder where they are used). Pure apart from reading the home folder.

import {homedir} from 'node:os';
import {resolve} from 'node:path';
import {expandTilde} from '../domain/home-path.js';

/** `~` -> home, `~/notes.md` -> home/notes.md; anything else unchanged. */
export function expandHome(path: string, home: string = homedir()): string {
	return expandTilde(path, home);
}

/** The typed path, `~` expanded and trimmed, resolved against `cwd`. */
export function userPath(typed: string, cwd: string = process.cwd(), home: string = homedir()): string {
	return resolve(cwd, expandHome(typed.trim(), home));
}

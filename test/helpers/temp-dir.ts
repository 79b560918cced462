// A fresh folder for each test of a file, removed after it: `const cwd = tempDirEach('netplace-x-')` at the top
// of the file, then `cwd()` inside a test.

import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach} from 'vitest';

export function tempDirEach(prefix: string): () => string {
	let dir: string | undefined;
	beforeEach(() => {
		dir = mkdtempSync(join(tmpdir(), prefix));
	});
	afterEach(() => {
		if (dir !== undefined) rmSync(dir, {recursive: true, force: true});
		dir = undefined;
	});
	return () => {
		if (dir === undefined) throw new Error('tempDirEach: a folder exists only inside a test');
		return dir;
	};
}

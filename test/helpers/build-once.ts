// The `processes` and `serial` projects' global setup (vitest.config.ts): the published build (`npm run
// bundle`: dist/cli.cjs and the bundles beside it, the lab's C helper, the catalogue), made once per vitest
// run before their first file, so the child processes they start run the source as it is now, never a stale
// or missing dist/. The unit projects run the source itself and need no build. Vitest calls a project's
// global setup only when that project has a file to run; both projects share one build (the main process's
// environment remembers it).

import {spawnSync} from 'node:child_process';
import {resolve} from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const built = 'NETPLACE_TEST_BUNDLED';

export function setup(): void {
	if (process.env[built] === '1') return;
	const result = spawnSync('npm', ['run', '--silent', 'bundle'], {cwd: root, encoding: 'utf8'});
	if (result.status !== 0) throw new Error(`npm run bundle failed (exit ${result.status}):\n${result.stderr}`);
	process.env[built] = '1';
}

// Part of `npm run build`, last: V8's code cache for the core (dist/core.cjs.HASH.cache, which dist/cli.cjs
// names, reads and here writes; scripts/cli-loader.cjs says why). It is taken from a run of the built CLI in a child process, so it holds the
// bytecode of every function that run compiled: `advise` with a target, which walks the whole search and
// the decision order (what `size` and `table` run is mostly a part of it). The run has an empty config folder
// of its own, so no saved profile or probe result of the machine's user is read. Without a cache (this step
// failed) the CLI compiles the core as Node would.
import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';

const cli = resolve('dist', 'cli.cjs');
const trainer = `require(${JSON.stringify(cli)}).runCoreWritingCache()`;
const command = ['advise', '--json', '--cloud', 'any', '--streams', '4', '--min-gbps', '30'];
const configDir = mkdtempSync(join(tmpdir(), 'netplace-code-cache-'));
try {
	const run = spawnSync(
		process.execPath,
		// As `node dist/cli.cjs advise …` sees it: process.argv[1] is the script, the command from [2] on.
		['-e', trainer, cli, ...command],
		{
			env: {...process.env, NETPLACE_CONFIG_DIR: configDir, NO_COLOR: '1'},
			stdio: ['ignore', 'ignore', 'pipe'],
		},
	);
	if (run.status !== 0) {
		console.warn(
			`netplace build: no code cache (the run exited ${run.status}: ${run.stderr}); the CLI starts without it`,
		);
	}
} finally {
	rmSync(configDir, {recursive: true, force: true});
}

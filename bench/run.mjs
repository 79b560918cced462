// `npm run bench`: runs every bench/*.bench.mjs in turn (each prints its own figures and targets).

import {spawnSync} from 'node:child_process';
import {readdirSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
	.filter((name) => name.endsWith('.bench.mjs'))
	.filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
	.sort();
let failed = 0;
for (const name of files) {
	console.log(`\n== ${name}`);
	const result = spawnSync(process.execPath, [join(here, name)], {stdio: 'inherit'});
	if (result.status !== 0) failed++;
}

process.exit(failed === 0 ? 0 : 1);

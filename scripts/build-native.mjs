// Compiles the lab's small C helpers (native/*.c) into dist/native/. Part of `npm run build`, which
// `npm install` / `npm ci` run through `prepare`. Without a C compiler the lab says so when it starts.
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync} from 'node:fs';
import {basename, join} from 'node:path';

const sourceDir = 'native';
const outDir = join('dist', 'native');
const sources = existsSync(sourceDir) ? readdirSync(sourceDir).filter((name) => name.endsWith('.c')) : [];
if (sources.length > 0) {
	mkdirSync(outDir, {recursive: true});
	for (const name of sources) {
		const output = join(outDir, basename(name, '.c'));
		try {
			execFileSync('cc', ['-O2', '-Wall', '-o', output, join(sourceDir, name)], {stdio: 'inherit'});
		} catch {
			console.warn(
				`netplace build: could not compile ${name} (no C compiler?); the lab's RTT emulation will be unavailable`,
			);
		}
	}
}

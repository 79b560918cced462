// The wizard's memory after issue 8's hang sequence (answer the questions, `p`, cycle --lab-profile through
// every value, --duration 1, run the probe, Esc, `p` again, --duration 10, Enter): resident set (VmRSS) of
// the built wizard in tmux, read before the second plan and after it. The sequence is replayed by
// test/e2e/wizard-hang.test.ts (the regression test, real lab, real iperf3), run here through vitest with
// NETPLACE_HANG_REPORT naming the file it writes its figures to. Target (issue 8): <= 150 MB after it.
// Needs root and tmux (the lab); prints a skip line otherwise. Run it alone, under both
// `flock /tmp/np-bench.lock` and `flock /tmp/np-lab.lock`: the load average is printed with it.

import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {benchEnv, loadAverage} from './interleaved.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const targetMb = 150;

if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
	console.log('wizard-memory: skipped (the hang sequence runs a lab probe: it needs root)');
	process.exit(0);
}

if (spawnSync('tmux', ['-V']).status !== 0) {
	console.log('wizard-memory: skipped (needs tmux)');
	process.exit(0);
}

if (!existsSync(join(root, 'dist', 'cli.cjs'))) {
	console.error('wizard-memory: dist/cli.cjs is missing (npm run build)');
	process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'netplace-bench-'));
const report = join(dir, 'hang.json');
const loadBefore = loadAverage();
let figures;
try {
	const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
	const run = spawnSync(process.execPath, [vitest, 'run', 'test/e2e/wizard-hang.test.ts'], {
		cwd: root,
		env: benchEnv({NETPLACE_HANG_REPORT: report}),
		encoding: 'utf8',
	});
	if (!existsSync(report)) {
		console.error(
			`wizard-memory: the hang sequence did not finish (vitest exit ${run.status}):\n${run.stdout.slice(-2000)}`,
		);
		process.exit(1);
	}

	figures = JSON.parse(readFileSync(report, 'utf8'));
} finally {
	rmSync(dir, {recursive: true, force: true});
}

const pass = figures.afterMb <= targetMb;
console.log(`before: ${loadBefore}; after: ${loadAverage()}`);
console.log(
	`wizard RSS after the hang sequence: ${figures.afterMb.toFixed(1)} MB (before the second plan ${figures.beforeMb.toFixed(1)} MB; target <= ${targetMb} MB) ${pass ? 'PASS' : 'FAIL'}`,
);
process.exit(pass ? 0 : 1);

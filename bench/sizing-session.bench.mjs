// The sizing session's speed in a real pseudo-terminal (util-linux `script`, 100x50), as a person meets it
// (issue 10): the wizard is started with no flags (flags that answer every question open it on the answer,
// issue 28), every question is answered with Enter (its default), and
//  - "first result frame": from the last answer's Enter to the first frame that holds the recommendation;
//  - "what-if keypress": → and ← in turn (streams 1 -> 2 -> 1 …), each from the key to the next frame that
//    names the new stream count, median over PRESSES presses.
// The clock reads the terminal's output, so it counts size(), advise() and Ink's render and write.
// Targets: what-if keypress <= 50 ms, first result frame <= 100 ms (medians).

import {spawn} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {benchEnv, median} from './interleaved.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli.cjs');
const presses = Number(process.env.BENCH_PRESSES ?? 50);
const sessions = Number(process.env.BENCH_RUNS ?? 5);
const targets = {keypress: 50, firstFrame: 100};
const answerPause = 150;
const right = '\u001B[C';
const left = '\u001B[D';

if (!existsSync(cli)) {
	console.error(`sizing-session: ${cli} is missing (npm run build)`);
	process.exit(1);
}

const configDir = mkdtempSync(join(tmpdir(), 'netplace-bench-'));
const env = benchEnv({NODE_ENV: 'production', NETPLACE_CONFIG_DIR: configDir});

function now() {
	return Number(process.hrtime.bigint()) / 1e6;
}

/** One session: answers, then the what-if presses. Resolves {firstFrame, keypresses[]} after the process exits. */
function session() {
	return new Promise((resolve, reject) => {
		const command = `stty cols 100 rows 50 && exec '${process.execPath}' '${cli}'`;
		const child = spawn('script', ['-qfec', command, '/dev/null'], {cwd: root, env, stdio: 'pipe', detached: true});
		let output = '';
		let seen = 0;
		let lastEnter = 0;
		let firstFrame = null;
		const keypresses = [];
		let waitingFor = null;
		let sentAt = 0;
		let lastQuestion = '';
		const send = (text) => child.stdin.write(text);
		const finish = () => {
			try {
				process.kill(-child.pid, 'SIGKILL');
			} catch {}
		};

		const pressNext = () => {
			if (keypresses.length >= presses) {
				finish();
				return;
			}

			const toTwo = keypresses.length % 2 === 0;
			waitingFor = toTwo ? /--streams 2(?!\d)/ : /--streams 1(?!\d)/;
			seen = output.length;
			sentAt = now();
			send(toTwo ? right : left);
		};

		child.stdout.setEncoding('utf8');
		child.stdout.on('data', (chunk) => {
			output += chunk;
			const fresh = output.slice(seen);
			if (firstFrame === null) {
				if (fresh.includes('streams to open:')) {
					// An answer before any Enter would time nothing: the session failed, not the clock.
					if (lastEnter === 0) {
						finish();
						return;
					}

					firstFrame = now() - lastEnter;
					pressNext();
					return;
				}

				const question = /(\d+ of \d+)/.exec(fresh.split('netplace · ').at(-1) ?? '')?.[1];
				if (question && question !== lastQuestion) {
					lastQuestion = question;
					seen = output.length;
					// A pause before each answer, as a person's: keys sent before Ink reads stdin are lost.
					setTimeout(() => {
						lastEnter = now();
						send('\r');
					}, answerPause);
				}

				return;
			}

			if (waitingFor?.test(fresh)) {
				keypresses.push(now() - sentAt);
				waitingFor = null;
				pressNext();
			}
		});
		child.stderr.resume();
		child.on('close', () => {
			if (firstFrame === null || keypresses.length < presses) {
				reject(new Error(`the session did not finish; output: ${output.slice(-600)}`));
			} else {
				resolve({firstFrame, keypresses});
			}
		});
	});
}

const firstFrames = [];
const keypresses = [];
try {
	// One warm-up session (disk cache, JIT of node itself), then the measured ones.
	await session();
	for (let run = 0; run < sessions; run++) {
		const result = await session();
		firstFrames.push(result.firstFrame);
		keypresses.push(...result.keypresses);
	}
} finally {
	rmSync(configDir, {recursive: true, force: true});
}

const keypress = median(keypresses);
const firstFrame = median(firstFrames);
console.log(`sessions: ${sessions} after 1 warm-up; ${presses} what-if presses each`);
console.log(`what-if keypress -> next frame   median ${keypress.toFixed(1)} ms (target <= ${targets.keypress} ms)`);
console.log(
	`last answer -> first result frame median ${firstFrame.toFixed(1)} ms (target <= ${targets.firstFrame} ms)`,
);
const pass = keypress <= targets.keypress && firstFrame <= targets.firstFrame;
console.log(pass ? 'PASS' : 'FAIL');
process.exit(pass ? 0 : 1);

// The BUILT wizard (`node dist/cli.js`, after `npm run build`) in a real terminal: a detached tmux session,
// keys by `send-keys`, the screen read by `capture-pane`, polled until the expected text shows.

import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');
const socket = `netplace-wizard-${process.pid}`;
const session = 'wizard';
const hasTmux = spawnSync('tmux', ['-V']).status === 0;

function tmux(...args: string[]): string {
	const result = spawnSync('tmux', ['-L', socket, ...args], {encoding: 'utf8'});
	if (result.status !== 0) {
		throw new Error(`tmux ${args.join(' ')}: ${result.stderr}`);
	}

	return result.stdout;
}

function screen(): string {
	return tmux('capture-pane', '-p', '-J', '-S', '-', '-t', session);
}

type Expected = string | RegExp | ((text: string) => boolean);

function matches(text: string, expected: Expected): boolean {
	if (typeof expected === 'string') return text.includes(expected);
	return typeof expected === 'function' ? expected(text) : expected.test(text);
}

async function waitForScreen(expected: Expected, timeoutMs = 15_000): Promise<string> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const text = screen();
		if (matches(text, expected)) {
			return text;
		}

		if (Date.now() > deadline) {
			throw new Error(`timed out waiting for ${String(expected)}; screen:\n${text}`);
		}

		// Poll the pane again shortly (tmux redraws asynchronously); this waits for content, not a fixed time.
		await new Promise((resolve) => {
			setTimeout(resolve, 50);
		});
	}
}

async function send(key: string, expected: Expected): Promise<string> {
	tmux('send-keys', '-t', session, key);
	return waitForScreen(expected);
}

describe.skipIf(!hasTmux)('the built wizard in tmux (skipped only when tmux is not installed)', () => {
	let configDir: string;

	beforeAll(() => {
		if (!existsSync(cli)) {
			throw new Error('dist/cli.js is missing: run `npm run build` first (npm test does it in pretest)');
		}

		configDir = mkdtempSync(join(tmpdir(), 'netplace-tmux-'));
		// The shell reports the exit code on the pane once netplace has quit.
		const command = [
			'env',
			`NETPLACE_CONFIG_DIR=${configDir}`,
			'NO_COLOR=1',
			'AWS_EC2_METADATA_DISABLED=true',
			'METADATA_SERVER_DETECTION=none',
			process.execPath,
			cli,
			'; echo "netplace exited with $?"',
		].join(' ');
		tmux('new-session', '-d', '-s', session, '-x', '100', '-y', '50', command);
		tmux('set-option', '-t', session, 'remain-on-exit', 'on');
	});

	afterAll(() => {
		if (hasTmux) {
			spawnSync('tmux', ['-L', socket, 'kill-server']);
		}

		if (configDir) {
			rmSync(configDir, {recursive: true, force: true});
		}
	});

	it('answers every question and reaches the result screen, then quits with 0', async () => {
		await waitForScreen('1 of 11');
		expect(screen()).toContain('Which cloud?');
		await send('Up', '❯ OCI');
		await send('Up', '❯ GCP');
		await send('Up', '❯ AWS');
		await send('Enter', '2 of 11');
		await send('Escape', '1 of 11');
		await send('Enter', '2 of 11');
		await send('Down', '❯ 2');
		await send('Down', '❯ 4');
		await send('Enter', '3 of 11');
		await send('n', '4 of 11');
		await send('y', '5 of 11');
		await send('Enter', '6 of 11');
		await send('n', '7 of 11');
		// The optional sizing questions (architecture, vCPUs, memory, region, shape): Enter skips each.
		for (const position of [8, 9, 10, 11]) await send('Enter', `${position} of 11`);
		const top = await send('Enter', 'streams to open');
		expect(top).toContain('Recommendation');
		expect(top).toContain('AWS, 4 streams, fault isolation');
		// The result scrolls within the 50 rows: page through it to read the decision order and the table.
		const result = await readWholeResult();
		expect(result).toContain('Recommended decision order');
		// Fault isolation asked on AWS: spread do, cluster avoid (DESIGN.md).
		expect(result).toMatch(/\[DO\] .*spread/i);
		expect(result).toMatch(/\[AVOID\] .*cluster/i);
		expect(result).toMatch(/c8gn\.4xlarge\s+cluster/);
		expect(result).toContain('Measured versus published');

		await send('q', 'netplace exited with 0');
	});
});

/** Home, then PgDn until the last line shows; the pages joined. */
async function readWholeResult(): Promise<string> {
	let page = await send('Home', /lines 1–\d+ of \d+/);
	const pages = [page];
	for (let turn = 0; turn < 20; turn++) {
		const position = /lines \d+–(\d+) of (\d+)/.exec(page);
		if (!position || position[1] === position[2]) break;
		const before = position[0];
		page = await send('NPage', (text) => /lines \d+–\d+ of \d+/.test(text) && !text.includes(before));
		pages.push(page);
	}

	return pages.join('\n');
}

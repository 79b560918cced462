// The BUILT wizard (`node dist/cli.cjs`, after `npm run build`) in a real terminal (test/helpers/tmux.ts).

import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {hasTmux, startCli, type TmuxCli} from '../helpers/tmux.js';

let cli: TmuxCli;

describe.skipIf(!hasTmux)('the built wizard in tmux (skipped only when tmux is not installed)', () => {
	let configDir: string;

	beforeAll(() => {
		configDir = mkdtempSync(join(tmpdir(), 'netplace-tmux-'));
		cli = startCli({args: [], env: {NETPLACE_CONFIG_DIR: configDir}});
	});

	afterAll(() => {
		cli?.kill();
		if (configDir) rmSync(configDir, {recursive: true, force: true});
	});

	it('answers every question and reaches the result screen, then quits with 0', async () => {
		await cli.waitForScreen('1 of 13');
		expect(cli.screen()).toContain('Which cloud?');
		await cli.send('Up', '❯ OCI');
		await cli.send('Up', '❯ GCP');
		await cli.send('Up', '❯ AWS');
		await cli.send('Enter', '2 of 13');
		await cli.send('Escape', '1 of 13');
		await cli.send('Enter', '2 of 13');
		await cli.send('Down', '❯ 2');
		await cli.send('Down', '❯ 4');
		await cli.send('Enter', '3 of 13');
		await cli.send('n', '4 of 13');
		await cli.send('y', '5 of 13');
		// How much data, and by when? Not known; then no target; then not sustained.
		await cli.send('Enter', '6 of 13');
		await cli.send('Enter', '7 of 13');
		await cli.send('n', '8 of 13');
		// The path (one zone by default), then the optional sizing questions: Enter keeps or skips each.
		for (const position of [9, 10, 11, 12, 13]) await cli.send('Enter', `${position} of 13`);
		const top = await cli.send('Enter', 'streams to open');
		expect(top).toContain('Recommendation');
		expect(top).toContain('AWS, 4 streams, fault isolation');
		// The result scrolls within the 50 rows: page through it to read the decision order and the table.
		const result = await readWholeResult();
		expect(result).toContain('Recommended decision order');
		// Fault isolation asked on AWS: spread do, cluster avoid (DESIGN.md).
		expect(result).toMatch(/\bDO +spread/i);
		expect(result).toMatch(/\bAVOID +cluster/i);
		expect(result).toMatch(/c8gn\.4xlarge\s+cluster/);
		expect(result).toContain('Measured versus published');

		await cli.send('q', 'netplace exited with 0');
	});
});

/** Home, then PgDn until the last line shows; the pages joined. */
async function readWholeResult(): Promise<string> {
	let page = await cli.send('Home', /lines 1–\d+ of \d+/);
	const pages = [page];
	for (let turn = 0; turn < 20; turn++) {
		const position = /lines \d+–(\d+) of (\d+)/.exec(page);
		if (!position || position[1] === position[2]) break;
		const before = position[0];
		page = await cli.send('NPage', (text) => /lines \d+–\d+ of \d+/.test(text) && !text.includes(before));
		pages.push(page);
	}

	return pages.join('\n');
}

describe.skipIf(!hasTmux)('the built wizard opened with workload flags, at 80×24', () => {
	let configDir: string;
	let flagged: TmuxCli;

	beforeAll(() => {
		configDir = mkdtempSync(join(tmpdir(), 'netplace-tmux-'));
		flagged = startCli({
			args: ['--cloud', 'aws', '--streams', '8'],
			env: {NETPLACE_CONFIG_DIR: configDir},
			width: 80,
			height: 24,
		});
	});

	afterAll(() => {
		flagged?.kill();
		if (configDir) rmSync(configDir, {recursive: true, force: true});
	});

	it('opens on the answer, lists the answers with a, edits one, and steps back to the questions with Esc', async () => {
		const top = await flagged.waitForScreen('streams to open: 8');
		expect(top).toContain('netplace · AWS, 8 streams');
		expect(top).not.toContain('1 of 13');
		await flagged.send('a', /❯ Cloud\s+AWS/);
		await flagged.send('Down', /❯ Parallel connections\s+8/);
		await flagged.send('Enter', 'change one answer');
		await flagged.send('Up', 'streams to open: 4');
		await flagged.send('Enter', 'Your answers');
		await flagged.send('Escape', 'netplace · AWS, 4 streams');
		await flagged.send('Escape', '13 of 13');
		await flagged.send('Enter', 'netplace · AWS, 4 streams');
		await flagged.send('q', 'netplace exited with 0');
	});
});

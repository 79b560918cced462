// The whole sizing session on the BUILT CLI in a real terminal (tmux), as a person runs it, at 100x50 and at
// 60x40: every question answered by keys (the target typed), the recommendation card against `size --json`
// for the same workload, a what-if key against `size --json` with the changed flag, and `e` writing Markdown
// whose recommendation matches the screen.

import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {runCli} from '../cli/helpers.js';
import {hasTmux, startCli, type TmuxCli} from '../helpers/tmux.js';

interface Ranked {
	readonly cloud: string;
	readonly shape: string;
	readonly placement: string;
	readonly streams: number;
	readonly meetsTarget: boolean;
	readonly predicted: {readonly aggregateGbps: number | null};
}

let configDir: string;
let cli: TmuxCli | undefined;

beforeEach(() => {
	configDir = mkdtempSync(join(tmpdir(), 'netplace-session-'));
});
afterEach(() => {
	cli?.kill();
	cli = undefined;
	rmSync(configDir, {recursive: true, force: true});
});

function sizeFirst(args: readonly string[]): Ranked {
	const result = runCli(['size', '--json', ...args], {configDir});
	expect(result.status).toBe(0);
	const first = (JSON.parse(result.stdout) as {configurations: Ranked[]}).configurations[0];
	if (first === undefined) throw new Error('size --json ranked nothing');
	return first;
}

const placementWords: Readonly<Record<string, string>> = {
	cluster: 'cluster placement group',
	default: 'no placement group',
};

/** The card's lines for a ranked configuration, as the screen words them (joined where tmux wrapped them). */
function expectCard(screen: string, first: Ranked): void {
	expect(screen).toContain(`shape: ${first.cloud} ${first.shape}`);
	expect(screen).toContain(`placement: ${placementWords[first.placement] ?? first.placement}`);
	expect(screen).toContain(`streams to open: ${String(first.streams)}`);
	expect(screen).toMatch(
		new RegExp(`aggregate, ${String(first.streams)} streams\\s+${String(first.predicted.aggregateGbps)} Gbps`),
	);
}

describe.skipIf(!hasTmux)('the sizing session in tmux (skipped only when tmux is not installed)', () => {
	it.each([
		{width: 100, height: 50},
		{width: 60, height: 40},
	])('questions -> card -> what-if -> export at $width x $height', async ({width, height}) => {
		const session = startCli({args: [], env: {NETPLACE_CONFIG_DIR: configDir}, width, height});
		cli = session;
		await session.waitForScreen('Which cloud?');
		await session.send('Up', '❯ OCI');
		await session.send('Up', '❯ GCP');
		await session.send('Up', '❯ AWS');
		await session.send('Enter', 'parallel connections');
		await session.send('Down', '❯ 2');
		await session.send('Down', '❯ 4');
		await session.send('Enter', 'latency-sensitive');
		await session.send('n', 'fault isolation');
		await session.send('n', 'How much data, and by when?');
		await session.send('Enter', 'aggregate bandwidth');
		await session.send('Down', '❯ Type a figure');
		await session.send('Enter', 'Aggregate Gbps needed');
		await session.send('30', /Aggregate Gbps needed.*30/s);
		await session.send('Enter', 'five minutes');
		await session.send('n', 'Where does the traffic go?');
		await session.send('Enter', 'CPU architecture');
		await session.send('Enter', 'vCPUs');
		await session.send('Enter', 'memory');
		await session.send('Enter', 'Which region');
		await session.send('Enter', 'shape you have');
		const card = await session.send('Enter', 'streams to open');
		expect(card).toContain('same as: netplace size --cloud aws --streams 4 --min-gbps 30');
		const first = sizeFirst(['--cloud', 'aws', '--streams', '4', '--min-gbps', '30']);
		expect(first.meetsTarget).toBe(true);
		expectCard(card, first);
		// No line wrapped (capture-pane -J joins a wrapped line back into one longer than the pane).
		for (const line of session.visible().split('\n')) expect(line.length).toBeLessThanOrEqual(width);

		const eight = await session.send('Right', 'streams to open: 8');
		expect(eight).toContain('what-if: netplace size --cloud aws --streams 8 --min-gbps 30');
		const eightFirst = sizeFirst(['--cloud', 'aws', '--streams', '8', '--min-gbps', '30']);
		expectCard(eight, eightFirst);

		const file = join(configDir, 'session.md');
		await session.send('e', 'Write Markdown to:');
		await session.send(
			Array.from({length: 40}, () => 'BSpace'),
			/Write Markdown to:\s+\(Enter/,
		);
		await session.send(file, file.slice(-20));
		await session.send('Enter', 'Wrote the session to');
		expect(existsSync(file)).toBe(true);
		const markdown = readFileSync(file, 'utf8');
		expect(markdown).toContain('`netplace size --cloud aws --streams 8 --min-gbps 30`');
		expect(markdown).toContain(`- shape: ${eightFirst.cloud} ${eightFirst.shape}`);
		expect(markdown).toContain('- streams to open: 8');
		expect(markdown).toContain('## Recommended decision order');
		await session.send('q', 'netplace exited with 0');
	});
});

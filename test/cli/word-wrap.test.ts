// Every text face at 60 and 80 columns (issue 28): no line runs past the width, and text wraps at word
// boundaries only (present/wrap.ts): no line ends in the first piece of a word the face prints whole wide.

import {describe, expect, it} from 'vitest';
import {commandFlags} from '../../source/request/command-flags.js';
import {storeRun, tempConfigDir} from './helpers.js';
import {runInProcess} from './in-process.js';

const configDir = tempConfigDir();
storeRun(configDir, 'np-wrap-1', 0.6, '2026-11-29T20:00:00.000Z');
const saved = await runInProcess(
	['advise', '--cloud', 'aws', '--streams', '8', '--transfer', '50TB', '--within', '6h', '--save', 'bulk-copy'],
	{configDir},
);

const commands = Object.keys(commandFlags).filter((name) => name !== 'wizard');
const faces: ReadonlyArray<readonly string[]> = [
	['--help'],
	...commands.map((command) => [command, '--help']),
	['advise', '--cloud', 'aws', '--streams', '8', '--transfer', '50TB', '--within', '6h'],
	['advise', '--cloud', 'gcp', '--streams', '1', '--path', 'cross-region', '--rtt', '70'],
	['size', '--cloud', 'aws', '--streams', '8', '--transfer', '50TB', '--within', '6h'],
	['size', '--cloud', 'oci', '--streams', '4', '--min-gbps', '40'],
	['size', '--cloud', 'gcp', '--shape', 'c4a-standard-72', '--tier1'],
	['shapes', '--cloud', 'gcp', '--search', 'c4a'],
	['table', '--cloud', 'aws'],
	['results', 'list'],
	['results', 'show', 'np-wrap-1'],
	['profiles', 'list'],
	['profiles', 'show', 'bulk-copy'],
	['probe', '--provider', 'lab', '--dry-run'],
];

/** The words a face prints: runs of letters and digits (punctuation and box drawing left out). */
function words(text: string): string[] {
	return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
}

/**
 * Words cut at a line's end: the last word of a line and the first of the next make a word the face prints
 * whole when nothing wraps (COLUMNS=400), and one of the two pieces is no word of it ("differ|ent").
 */
function splitWords(narrow: string, wide: string): string[] {
	const known = new Set(words(wide));
	const lines = narrow.split('\n');
	return lines.slice(1).flatMap((line, index) => {
		const head = /[\p{L}\p{N}]+$/u.exec(lines[index] ?? '')?.[0];
		const tail = /^\s*([\p{L}\p{N}]+)/u.exec(line)?.[1];
		if (head === undefined || tail === undefined) return [];
		const piecesKnown = known.has(head) && known.has(tail);
		return known.has(`${head}${tail}`) && !piecesKnown ? [`${head}|${tail}`] : [];
	});
}

describe('every text face wraps at words within the width', () => {
	it('has a profile and a stored run to show', async () => {
		expect(saved.status).toBe(0);
	});

	it.each(faces.flatMap((args) => [60, 80].map((width) => ({args, width}))))(
		'netplace $args at $width columns',
		async ({args, width}) => {
			const narrow = await runInProcess(args, {configDir, env: {COLUMNS: String(width)}});
			expect(narrow.status, narrow.stderr).toBe(0);
			const wide = await runInProcess(args, {configDir, env: {COLUMNS: '400'}});
			for (const line of narrow.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(width);
			expect(splitWords(narrow.stdout, wide.stdout), 'words cut at the edge').toEqual([]);
		},
	);
});

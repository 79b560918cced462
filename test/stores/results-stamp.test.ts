// Issue 42, finding 12: the derived files' key (results-derived.ts runsStamp). A run edited in place changes it
// (before, the key was the folder's mtime, which an in-place write leaves as it was); above statedRunFiles
// files the key is the names and the folder's mtime, so a save or a delete still changes it.
import {mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {type ResultsPaths, runsStamp, statedRunFiles} from '../../source/stores/results-derived.js';

let folder: string;
let paths: ResultsPaths;
beforeEach(() => {
	folder = mkdtempSync(join(tmpdir(), 'netplace-stamp-'));
	paths = {folder, runs: join(folder, 'results'), index: '', cells: '', legacy: ''};
});
afterEach(() => rmSync(folder, {recursive: true, force: true}));

const fill = (count: number) => {
	mkdirSync(paths.runs, {recursive: true});
	for (let index = 0; index < count; index++) writeFileSync(join(paths.runs, `np-${index}.json`), '{"a": 1}');
};

/** Until the file system's clock (coarse: a jiffy) has moved past `path`'s mtime: a later write reads later. */
function clockPast(path: string): void {
	const scratch = join(folder, 'clock');
	const at = statSync(path).mtimeMs;
	do writeFileSync(scratch, '');
	while (statSync(scratch).mtimeMs <= at);
}

describe('runsStamp', () => {
	it('is null without a runs folder, and the same while nothing changes', () => {
		expect(runsStamp(paths)).toBeNull();
		fill(3);
		expect(runsStamp(paths)).toBe(runsStamp(paths));
	});

	it('changes when a run is edited in place, even to the same size', () => {
		fill(3);
		const before = runsStamp(paths);
		clockPast(join(paths.runs, 'np-1.json'));
		writeFileSync(join(paths.runs, 'np-1.json'), '{"a": 2}');
		expect(runsStamp(paths)).not.toBe(before);
	});

	it(`above ${statedRunFiles} files: changes on a save and a delete`, () => {
		fill(statedRunFiles + 1);
		const before = runsStamp(paths);
		writeFileSync(join(paths.runs, 'np-new.json'), '{}');
		const saved = runsStamp(paths);
		expect(saved).not.toBe(before);
		rmSync(join(paths.runs, 'np-0.json'));
		expect(runsStamp(paths)).not.toBe(saved);
	});
});

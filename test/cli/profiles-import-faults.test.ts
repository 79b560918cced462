// Issue 27, finding 7: imported profiles were trusted. Now `profiles import` checks a file as the flags are
// checked (size, depth, only an export's fields, the bounds table), refusing in one line, exit 2, with nothing
// written; strings from a profile or a stored run reach stdout without ESC or BEL; malformed stored advice
// makes `profiles show` say so (exit 1), never crash.
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {lines, tempConfigDir} from './helpers.js';
import {runInProcess} from './in-process.js';

let configDir: string;
let exported: Record<string, unknown>;
const file = (name: string) => join(configDir, `${name}.json`);
const cli = async (args: readonly string[]) => runInProcess(args, {configDir});
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters it looks for
const escOrBel = /[\u001b\u0007\u009b]/;

beforeAll(async () => {
	configDir = tempConfigDir();
	expect((await cli(['advise', '--save', 'base'])).status).toBe(0);
	exported = JSON.parse((await cli(['profiles', 'export', 'base'])).stdout) as Record<string, unknown>;
});
afterAll(() => {
	rmSync(configDir, {recursive: true, force: true});
});

function withChange(change: (copy: Record<string, unknown>) => void): Record<string, unknown> {
	const copy = structuredClone(exported);
	change(copy);
	return copy;
}

async function refused(name: string, text: string, pattern: RegExp): Promise<void> {
	writeFileSync(file(name), text);
	const before = readFileSync(join(configDir, 'config.json'), 'utf8');
	const result = await cli(['profiles', 'import', file(name), name]);
	expect(result.status).toBe(2);
	expect(lines(result.stderr)).toEqual([expect.stringMatching(pattern)]);
	expect(result.stderr).not.toMatch(/\n\s+at /);
	expect(readFileSync(join(configDir, 'config.json'), 'utf8')).toBe(before);
}

describe('profiles import, checked like flags', () => {
	it('round-trips an export', async () => {
		writeFileSync(file('copy'), JSON.stringify(exported));
		expect((await cli(['profiles', 'import', file('copy'), 'copy'])).status).toBe(0);
	});

	it('refuses a 50 MB file in one line, exit 2', async () => {
		await refused(
			'big',
			`{"name":"x","pad":"${'a'.repeat(50 * 1024 * 1024)}"}`,
			/big\.json is 50\.0 MiB: no exported profile/,
		);
	});

	it('refuses deep nesting (100,000 and 40 levels) in one line, exit 2', async () => {
		await refused('deep', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, /deep\.json nests deeper than 32 levels/);
		const nested = withChange((copy) => {
			let value: unknown = 1;
			for (let level = 0; level < 40; level++) value = {value};
			(copy['advice'] as Record<string, unknown>)['notes'] = [{id: 'x', text: 'y', value}];
		});
		await refused('nested', JSON.stringify(nested), /nested\.json nests deeper than 32 levels/);
	});

	it('refuses fields an export does not have, in the entry or its workload', async () => {
		await refused('extra', JSON.stringify(withChange((copy) => Object.assign(copy, {extra: 1}))), /fields .*: extra /);
		const workload = withChange((copy) => Object.assign(copy['workload'] as object, {bogus: true}));
		await refused('bogus', JSON.stringify(workload), /fields .*: workload\.bogus /);
	});

	it("refuses an out-of-bounds workload as the flags do, naming the file's field (not a flag never typed)", async () => {
		for (const [field, value] of [
			['streams', 100_000],
			['minGbps', 1e308],
			['minVcpus', 1_000_000],
		] as const) {
			const copy = withChange((entry) => Object.assign(entry['workload'] as object, {[field]: value}));
			await refused(
				`bounds-${field}`,
				JSON.stringify(copy),
				new RegExp(`^netplace: workload\\.${field} in \\S+bounds-${field}\\.json must be (an integer|a number) `),
			);
		}
	});
});

describe('strings from a file reach stdout without ESC or BEL', () => {
	it('profiles show, list and export of an imported profile with escapes in its strings', async () => {
		const hostile = withChange((copy) => {
			const advice = copy['advice'] as {steps: Array<Record<string, unknown>>; notes: Array<Record<string, unknown>>};
			for (const step of advice.steps) step['title'] = '\u001b]0;pwned\u0007\u001b[2J evil \u009b31m';
			for (const note of advice.notes) note['text'] = 'note \u001b[31mred\u0007';
			copy['savedAt'] = exported['savedAt'];
		});
		writeFileSync(file('hostile'), JSON.stringify(hostile));
		expect((await cli(['profiles', 'import', file('hostile'), 'hostile'])).status).toBe(0);
		const show = await cli(['profiles', 'show', 'hostile']);
		expect(show.status).toBe(0);
		expect(show.stdout).toContain(']0;pwned[2J evil 31m');
		for (const args of [
			['profiles', 'show', 'hostile'],
			['profiles', 'list'],
			['profiles', 'export', 'hostile'],
		]) {
			expect((await cli(args)).stdout).not.toMatch(escOrBel);
		}
	});

	it('bidi and other format characters never reach stdout either (issue 42, finding 8)', async () => {
		// Before: U+202E in a title displayed the rest of it reversed; only C0, DEL and C1 were stripped.
		const bidi = '\u202Eevil\u202C \u2066iso\u2069 \u200Fmark\u200E \u200Bzero\uFEFF \u061Calm\u2028sep';
		const hostile = withChange((copy) => {
			const advice = copy['advice'] as {steps: Array<Record<string, unknown>>; notes: Array<Record<string, unknown>>};
			for (const step of advice.steps) step['title'] = bidi;
			for (const note of advice.notes) note['text'] = bidi;
		});
		writeFileSync(file('bidi'), JSON.stringify(hostile));
		expect((await cli(['profiles', 'import', file('bidi'), 'bidi'])).status).toBe(0);
		const show = await cli(['profiles', 'show', 'bidi']);
		expect(show.status).toBe(0);
		expect(show.stdout).toContain('evil iso mark zero almsep');
		for (const args of [
			['profiles', 'show', 'bidi'],
			['profiles', 'export', 'bidi'],
		]) {
			expect((await cli(args)).stdout).not.toMatch(/[\u061C\u200B-\u200F\u202A-\u202E\u2028\u2029\u2066-\u2069\uFEFF]/);
		}
	});

	it('a profile written into config.json by hand, and a stored run, are stripped on read too', async () => {
		const store = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as {
			profiles: Record<string, {advice: {steps: Array<Record<string, unknown>>}}>;
		};
		const base = store.profiles['base'];
		for (const step of base?.advice.steps ?? []) step['title'] = 'hand \u001b[5mblink\u0007';
		writeFileSync(join(configDir, 'config.json'), JSON.stringify(store));
		const show = await cli(['profiles', 'show', 'base']);
		expect(show.stdout).toContain('hand [5mblink');
		expect(show.stdout).not.toMatch(escOrBel);

		mkdirSync(join(configDir, 'results'), {recursive: true});
		const run = {
			runId: 'np-hostile-1',
			provider: 'lab',
			shape: 'evil\u001b[2J\u0007',
			region: null,
			pairs: [],
			teardown: {complete: true, left: []},
			finishedAt: '2026-12-01T00:00:00.000Z',
		};
		writeFileSync(
			join(configDir, 'results', 'np-hostile-1.json'),
			JSON.stringify({version: 2, savedAt: run.finishedAt, run}),
		);
		const list = await cli(['results', 'list']);
		expect(list.stdout).toContain('evil[2J');
		for (const args of [
			['results', 'list'],
			['results', 'show', 'np-hostile-1'],
		]) {
			expect((await cli(args)).stdout).not.toMatch(escOrBel);
		}
	});
});

describe('malformed stored advice', () => {
	it('profiles show says the advice cannot be shown, exit 1, no stack trace', async () => {
		const malformed = withChange((copy) => {
			(copy['advice'] as Record<string, unknown>)['configurations'] = 'not a list';
			(copy['advice'] as Record<string, unknown>)['steps'] = [
				{rank: 1, id: 'x', verdict: 'do', title: 't', why: 'w', evidence: [{}]},
			];
		});
		writeFileSync(file('malformed'), JSON.stringify(malformed));
		expect((await cli(['profiles', 'import', file('malformed'), 'malformed'])).status).toBe(0);
		const show = await cli(['profiles', 'show', 'malformed']);
		expect(show.stderr).not.toMatch(/\n\s+at |run with --debug/);
		expect(show.status).toBe(1);
		expect(lines(show.stderr)).toEqual([
			expect.stringMatching(/^netplace: the advice stored with profile malformed cannot be shown/),
		]);
		expect(show.stdout).toContain('Profile malformed, saved');
	});
});

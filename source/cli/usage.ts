// `netplace --help` and `--version`: the package's description and version (package.json, found by walking
// up from this module: dist/ in the bundle, source/cli/ in the tests) and the help text laid out as meow
// laid it out before (description and text trimmed of outer newlines, common indentation replaced by two
// spaces). meow did only this here, and loading it cost about as much as a whole `table --json`: its
// bundled dependencies build their tables as they load.

import {existsSync, readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {wrap} from '../present/wrap.js';

interface PackageInfo {
	readonly description: string;
	readonly version: string;
}

/** netplace's package.json, the nearest one above this module that names netplace. */
export function packageInfo(from: string = dirname(fileURLToPath(import.meta.url))): PackageInfo {
	for (let directory = from; ; directory = dirname(directory)) {
		const candidate = join(directory, 'package.json');
		if (existsSync(candidate)) {
			const data = JSON.parse(readFileSync(candidate, 'utf8')) as {
				name?: unknown;
				description?: unknown;
				version?: unknown;
			};
			if (data.name === 'netplace') {
				return {description: String(data.description ?? ''), version: String(data.version ?? '')};
			}
		}

		if (dirname(directory) === directory) throw new Error('package.json not found above the program');
	}
}

/** Every non-empty line indented by `indent` spaces, after removing the indentation all of them share. */
function redent(text: string, indent: number): string {
	const indents = text.match(/^[ \t]*(?=\S)/gm) ?? [];
	const common = indents.reduce((least, found) => Math.min(least, found.length), Number.POSITIVE_INFINITY);
	const stripped =
		Number.isFinite(common) && common > 0 ? text.replace(new RegExp(`^[ \\t]{${common}}`, 'gm'), '') : text;
	return stripped.replace(/^(?!\s*$)/gm, ' '.repeat(indent));
}

function trimNewlines(text: string): string {
	return text.replace(/^(\r?\n)+/, '').replace(/(\r?\n)+$/, '');
}

/** The help screen: the description, a blank line, the help text; both indented by two spaces. */
export function renderHelp(helpText: string, description: string): string {
	const help = `\n${redent(trimNewlines(helpText.replace(/\t+\n*$/, '')), 2)}`;
	return `${description ? redent(`\n${description}\n`, 2) : ''}${help}\n`;
}

interface HelpEntry {
	/** The first column with its gap ("  --rtt MS               "), or the indentation of a plain line. */
	readonly first: string;
	/** The second column (or the plain line's text), continuation lines joined to it. */
	readonly rest: string;
	readonly lines: readonly string[];
	readonly twoColumns: boolean;
}

/** Where a gap of two or more spaces ends in `line`: each a candidate start of the second column. */
function gapEnds(line: string): number[] {
	return [...line.matchAll(/\S(\s{2,})(?=\S)/g)].map((match) => (match.index ?? 0) + 1 + (match[1]?.length ?? 0));
}

/** The column most two-column lines start their second column at (27 in netplace's help). */
function usualColumn(lines: readonly string[]): number {
	const counts = new Map<number, number>();
	for (const end of lines.flatMap((line) => gapEnds(line).slice(0, 1))) counts.set(end, (counts.get(end) ?? 0) + 1);
	return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

/** The help as entries: a two-column line with the lines continuing its second column, or a plain line. */
function helpEntries(lines: readonly string[]): HelpEntry[] {
	const usual = usualColumn(lines);
	const entries: HelpEntry[] = [];
	for (const line of lines) {
		const indent = /^\s*/.exec(line)?.[0] ?? '';
		const last = entries.at(-1);
		const continues = indent.length === last?.first.length || indent.length === usual;
		if (last?.twoColumns && line.trim() !== '' && continues) {
			entries[entries.length - 1] = {...last, rest: `${last.rest} ${line.trim()}`, lines: [...last.lines, line]};
			continue;
		}
		const ends = gapEnds(line);
		// The usual column, else the first gap past it (a long first column), else the first gap.
		const at = ends.includes(usual) ? usual : (ends.find((end) => end > usual) ?? ends[0]);
		entries.push(
			at === undefined
				? {first: indent, rest: line.trim(), lines: [line], twoColumns: false}
				: {first: line.slice(0, at), rest: line.slice(at), lines: [line], twoColumns: true},
		);
	}

	return entries;
}

/**
 * The help screen fitted to `width`, wrapped at words; an entry that fits is kept as laid out. A two-column
 * entry ("  --rtt MS   the path's…" and the lines continuing it) wraps its second column under itself, or
 * below the first, indented, where that column would be narrower than 24; a plain line wraps under its own
 * indentation plus two.
 */
export function fitHelp(text: string, width: number): string {
	return helpEntries(text.split('\n'))
		.flatMap((entry) => {
			if (entry.lines.every((line) => line.length <= width)) return entry.lines;
			const {first, rest} = entry;
			const indent = /^\s*/.exec(first)?.[0] ?? '';
			if (!entry.twoColumns) return wrap(rest, width, indent, `${indent}  `);
			if (width - first.length >= 24) return wrap(rest, width, first, ' '.repeat(first.length));
			return [...wrap(first, width, indent, `${indent}  `), ...wrap(rest, width, `${indent}    `)];
		})
		.join('\n');
}

// `netplace --help` and `--version`: the package's description and version (package.json, found by walking
// up from this module: dist/ in the bundle, source/cli/ in the tests) and the help text laid out as meow
// laid it out before (description and text trimmed of outer newlines, common indentation replaced by two
// spaces). meow did only this here, and loading it cost about as much as a whole `table --json`: its
// bundled dependencies build their tables as they load.

import {existsSync, readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

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

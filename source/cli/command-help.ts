// `netplace <command> --help`: the command's usage, what it does, every flag it takes (the one flag table
// and request/command-flags.ts) with the bound it is checked against (domain/bounds.ts), and two
// examples (command-docs.ts). Wrapped at word boundaries to the width. Pure.

import {type BoundName, describeBound, type NumberBound, requestBounds} from '../domain/bounds.js';
import {wrap} from '../present/wrap.js';
import {type BoundScope, boundScopes} from '../request/bounds-text.js';
import {commandFlags, everywhereFlags} from '../request/command-flags.js';
import {type FlagName, flagSchema, kebabFlag} from '../request/flags.js';
import {commandDocs} from './command-docs.js';
import {flagDocFor} from './flag-docs.js';

/** The bound a command checks a flag against: the workload's for the wizard, size and advise, the probe's and lab's for probe. */
function boundFor(command: string, flag: FlagName): NumberBound | undefined {
	const kebab = kebabFlag(flag);
	const scopes: readonly BoundScope[] = command === 'probe' ? ['probe', 'lab'] : ['workload'];
	const found = (Object.entries(requestBounds) as [BoundName, NumberBound][]).find(
		([name, bound]) => bound.flag === kebab && scopes.includes(boundScopes[name]),
	);
	return found?.[1];
}

/** A flag's lines as `command` documents it: the flag, its value, its doc and the bound it is checked against. */
export function flagLines(command: string, flag: FlagName, width: number): string[] {
	const spec = flagSchema[flag];
	const doc = flagDocFor(command, flag);
	const value = doc?.value ?? (spec.type === 'boolean' ? '' : 'VALUE');
	const name = `--${kebabFlag(flag)}${value === '' ? '' : ` ${value}`}`;
	const bound = boundFor(command, flag);
	const text = [
		doc?.text ?? (spec.type === 'boolean' ? 'a switch' : 'takes a value'),
		bound ? `(${describeBound(bound)})` : '',
	]
		.filter((part) => part !== '')
		.join(' ');
	const column = 24;
	if (name.length + 2 >= column) return [`  ${name}`, ...wrap(text, width, ' '.repeat(column + 2))];
	return wrap(text, width, `  ${name.padEnd(column)}`, ' '.repeat(column + 2));
}

/** The command names `--help` knows (the wizard is netplace with no command). */
export function helpCommands(): string[] {
	return Object.keys(commandDocs).filter((name) => name !== 'wizard');
}

export function commandHelp(command: string, width = 80): string {
	const doc = commandDocs[command];
	if (!doc) throw new Error(`no help for ${command}`);
	const flags = [...(commandFlags[command] ?? []), ...everywhereFlags];
	return [
		'',
		...wrap(`$ ${doc.usage}`, width, '  ', '      '),
		'',
		...wrap(doc.does, width, '  ', '  '),
		'',
		'  Flags',
		...[...new Set(flags)].flatMap((flag) => flagLines(command, flag, width)),
		'',
		'  Examples',
		...doc.examples.flatMap((example) => wrap(`$ ${example}`, width, '    ', '        ')),
		'',
		...wrap(
			'netplace --help lists every command. Exit codes: 0 ok · 1 runtime failure · 2 bad usage or input · 130 interrupted',
			width,
			'  ',
		),
		'',
	].join('\n');
}

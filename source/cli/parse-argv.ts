// argv -> command, arguments and CliFlags, by the one flag schema (flags.ts), with meow's (yargs')
// conventions: `--kebab-case`, `--flag=value` or `--flag value`, `--no-switch`, repeatable `--placement`,
// a string flag followed by another flag (or nothing) gets '' (so `advise --sustained --json` works),
// negative numbers are values (`--min-gbps -3` reaches its validator), `--` ends the flags.
// Why not meow: its bundled dependencies cost about as much as the rest of `advise` together
// (bench/cli-start.bench.mjs); --help and --version are cli/usage.ts. Pure: no I/O.

import {UserError} from '../domain/errors.js';
import {closestName} from '../request/did-you-mean.js';
import {
	type FlagName,
	type FlagSpec,
	flagSchema,
	kebabFlag,
	normaliseFlags,
	type ParsedFlags,
} from '../request/flags.js';

export interface ParsedArgv extends ParsedFlags {
	/** Positional arguments: the command, then its arguments. */
	readonly input: readonly string[];
}

const specs = new Map<string, {readonly name: FlagName; readonly spec: FlagSpec}>(
	(Object.entries(flagSchema) as Array<[FlagName, FlagSpec]>).map(([name, spec]) => [kebabFlag(name), {name, spec}]),
);

const negativeNumber = /^-(?:\d+|\d*\.\d+)(?:e[+-]?\d+)?$/i;

function looksLikeValue(next: string | undefined): next is string {
	return next !== undefined && (!next.startsWith('-') || negativeNumber.test(next) || next === '-');
}

const flagNames = [...specs.keys()].map((name) => `--${name}`);

/** "did you mean --streams? netplace --help lists them" for each unknown flag close to a known one. */
function unknownFlagHint(names: readonly string[]): string {
	const guesses = names.flatMap((name) => {
		const guess = closestName(name, flagNames);
		return guess === null ? [] : [`${name} → ${guess}`];
	});
	if (guesses.length === 0) return 'netplace --help lists them';
	const only = names.length === 1 ? closestName(names[0] ?? '', flagNames) : null;
	return `did you mean ${only ?? guesses.join(', ')}? netplace --help lists them`;
}

/** Throws UserError (exit 2) for unknown flags and for a value given to a switch. */
export function parseArgv(argv: readonly string[]): ParsedArgv {
	const raw: Record<string, unknown> = {};
	const input: string[] = [];
	const unknown: string[] = [];
	for (let index = 0; index < argv.length; index++) {
		const token = argv[index] ?? '';
		if (token === '--') {
			input.push(...argv.slice(index + 1));
			break;
		}

		if (!token.startsWith('-') || token === '-' || negativeNumber.test(token)) {
			input.push(token);
			continue;
		}

		if (readFlag(token, argv[index + 1], raw, unknown)) index++;
	}

	if (unknown.length > 0) {
		const names = [...new Set(unknown)];
		throw new UserError(`unknown flag${names.length > 1 ? 's' : ''} ${names.join(', ')}`, unknownFlagHint(names));
	}

	return {...normaliseFlags(raw), input};
}

/** One flag token into `raw` (an unknown one into `unknown`); true when it took `next` as its value. */
function readFlag(token: string, next: string | undefined, raw: Record<string, unknown>, unknown: string[]): boolean {
	const body = token.replace(/^--?/, '');
	const equals = body.indexOf('=');
	const key = equals === -1 ? body : body.slice(0, equals);
	const inline = equals === -1 ? undefined : body.slice(equals + 1);
	const negated = inline === undefined && key.startsWith('no-') ? specs.get(key.slice(3)) : undefined;
	const known = token.startsWith('--') ? specs.get(key) : undefined;
	if (negated?.spec.type === 'boolean' && token.startsWith('--')) {
		raw[negated.name] = false;
		return false;
	}

	if (known === undefined) {
		unknown.push(token.startsWith('--') ? `--${key}` : token.slice(0, 2));
		return false;
	}

	if (known.spec.type === 'boolean') {
		if (inline !== undefined) throw new UserError(`--${key} is a switch and takes no value (got "${inline}")`);
		raw[known.name] = true;
		return false;
	}

	const value = inline ?? (looksLikeValue(next) ? next : '');
	if ('isMultiple' in known.spec && known.spec.isMultiple) {
		const list = (raw[known.name] as string[] | undefined) ?? [];
		raw[known.name] = [...list, value];
	} else {
		raw[known.name] = value;
	}

	return inline === undefined && looksLikeValue(next);
}

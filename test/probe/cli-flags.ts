import {type CliFlags, flagSchema} from '../../source/request/flags.js';

/** CliFlags as the CLI hands them over: booleans false, strings undefined, lists empty, then `overrides`. */
export function cliFlags(overrides: Partial<Record<keyof CliFlags, unknown>>): CliFlags {
	const base: Record<string, unknown> = {};
	for (const [name, spec] of Object.entries(flagSchema)) {
		base[name] = spec.type === 'boolean' ? false : 'isMultiple' in spec ? [] : undefined;
	}

	return {...base, ...overrides} as CliFlags;
}

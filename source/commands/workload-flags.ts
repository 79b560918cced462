// Workload flags -> a validated Workload, on top of a saved profile's answers when one is loaded:
// only the flags the user typed override the profile.

import {parseWorkload} from '../advisor/index.js';
import {defaultWorkload, type Workload} from '../advisor/types.js';
import {type CliFlags, type FlagName, presenceFlag, requiredValue} from './flags.js';

export const workloadFlagNames: readonly FlagName[] = [
	'cloud',
	'streams',
	'latencySensitive',
	'faultIsolation',
	'minGbps',
	'sustained',
	'keepLiveMigration',
];

/** True when any workload flag was typed. */
export function hasWorkloadFlags(given: ReadonlySet<FlagName>): boolean {
	return workloadFlagNames.some((name) => given.has(name));
}

/** Throws UserError (exit 2) naming the flag and value on bad input. */
export function workloadFromFlags(
	flags: CliFlags,
	given: ReadonlySet<FlagName>,
	base: Workload = defaultWorkload,
): Workload {
	const pick = <Value>(name: FlagName, fromFlag: () => Value, fromBase: Value): Value =>
		given.has(name) ? fromFlag() : fromBase;
	return parseWorkload({
		cloud: pick('cloud', () => flags.cloud, base.cloud),
		streams: pick<string | number | undefined>('streams', () => flags.streams, base.streams),
		minGbps: pick<string | number | null | undefined>(
			'minGbps',
			() => requiredValue('minGbps', flags.minGbps),
			base.minGbps,
		),
		latencySensitive: pick('latencySensitive', () => flags.latencySensitive, base.latencySensitive),
		faultIsolation: pick('faultIsolation', () => flags.faultIsolation, base.faultIsolation),
		sustained: pick('sustained', () => presenceFlag(flags.sustained), base.sustained),
		keepLiveMigration: pick('keepLiveMigration', () => flags.keepLiveMigration, base.keepLiveMigration),
	});
}

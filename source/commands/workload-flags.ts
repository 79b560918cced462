// Workload flags -> a validated Workload (the request layer's one builder), on top of a saved profile's
// answers when one is loaded: only the flags the user typed override the profile.

import {defaultWorkload, type Workload} from '../advisor/types.js';
import {workloadFlagNames} from '../requests/command-flags.js';
import {buildWorkload, type WorkloadFields} from '../requests/workload-request.js';
import type {CliFlags, FlagName} from './flags.js';

/** True when any workload flag was typed. */
export function hasWorkloadFlags(given: ReadonlySet<FlagName>): boolean {
	return workloadFlagNames.some((name) => given.has(name));
}

/** Throws one UserError (exit 2) naming every bad flag and value. */
export function workloadFromFlags(
	flags: CliFlags,
	given: ReadonlySet<FlagName>,
	base: Workload = defaultWorkload,
): Workload {
	const typed = <Value>(name: FlagName, value: Value): Value | undefined => (given.has(name) ? value : undefined);
	const fields: WorkloadFields = {
		...(given.has('cloud') ? {cloud: flags.cloud ?? ''} : {}),
		...(given.has('streams') ? {streams: flags.streams ?? ''} : {}),
		...(given.has('minGbps') ? {minGbps: flags.minGbps ?? ''} : {}),
		...(given.has('sustained') ? {sustained: flags.sustained ?? ''} : {}),
		...(typed('latencySensitive', flags.latencySensitive) === undefined
			? {}
			: {latencySensitive: flags.latencySensitive}),
		...(typed('faultIsolation', flags.faultIsolation) === undefined ? {} : {faultIsolation: flags.faultIsolation}),
		...(typed('keepLiveMigration', flags.keepLiveMigration) === undefined
			? {}
			: {keepLiveMigration: flags.keepLiveMigration}),
	};
	return buildWorkload(fields, base);
}

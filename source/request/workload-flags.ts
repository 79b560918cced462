// Workload flags -> a validated Workload (parseWorkload: every bad field named at once), on top of a saved
// profile's answers when one is loaded: only the flags the user typed override the profile, and a bad value is
// named where it came from (`--streams` typed, `streams in profile lab-8` stored). A flag typed with no value
// reaches its parser as '' and is reported there with the rest.

import {defaultWorkload, type Workload} from '../domain/types.js';
import {type CliFlags, type FlagName, listFlag} from './flags.js';
import {transferTargetGbps} from './transfer-units.js';
import {parseWorkload, type WorkloadInput} from './workload.js';
import {type FieldSource, fromFlags, type WorkloadField, workloadFlags} from './workload-fields.js';

export const workloadFlagNames: readonly FlagName[] = Object.values(workloadFlags);

/** True when any workload flag was typed. */
export function hasWorkloadFlags(given: ReadonlySet<FlagName>): boolean {
	return workloadFlagNames.some((name) => given.has(name));
}

/** The flag's text as its field's parser takes it: size and advise pin one placement (two are refused there). */
function typed(flags: CliFlags, field: WorkloadField): unknown {
	const flag = workloadFlags[field];
	if (flag === 'placement') return listFlag(flags.placement).join(',');
	return flags[flag] ?? '';
}

/**
 * Throws one UserError (exit 2) naming every bad flag and value. `base` is the defaults or a profile's workload
 * (already checked: stores' `checkWorkload`), named as `baseSource` says if a value of it is refused.
 */
export function workloadFromFlags(
	flags: CliFlags,
	given: ReadonlySet<FlagName>,
	base: Workload = defaultWorkload,
	baseSource: FieldSource = fromFlags,
): Workload {
	const typedHere = (field: WorkloadField) => given.has(workloadFlags[field]);
	// A profile's target set by its transfer is worked out again when the transfer or its time is retyped.
	const retimed =
		(typedHere('transferBytes') || typedHere('withinSeconds')) && base.minGbps === transferTargetGbps(base);
	const input: Record<string, unknown> = {};
	for (const field of Object.keys(workloadFlags) as WorkloadField[]) {
		input[field] = typedHere(field) ? typed(flags, field) : base[field];
	}

	if (retimed && !typedHere('minGbps')) input['minGbps'] = null;
	// --to-region alone names a cross-Region path.
	if (typedHere('toRegion') && !typedHere('path')) input['path'] = 'cross-region';
	return parseWorkload(input as WorkloadInput, (field) => (typedHere(field) ? fromFlags : baseSource));
}

// The one workload builder: CLI flags (workload-flags.ts), the wizard's answers and saved profiles all become a
// Workload here, checked against the bounds table, with every bad field named at once. Pure.

import {defaultWorkload, type Workload} from '../advisor/types.js';
import {parseCloudScope} from '../advisor/workload.js';
import {UserError} from '../errors.js';
import {requestBounds} from './bounds.js';
import {ProblemList} from './request-errors.js';
import {boundedNumber} from './request-number.js';

/** Loose workload input: flag text, typed answers or a profile's values. Absent fields keep `base`'s. */
export interface WorkloadFields {
	readonly cloud?: string | null;
	readonly streams?: string | number | null;
	/** null: no target (empty text is a missing value). */
	readonly minGbps?: string | number | null;
	readonly latencySensitive?: boolean | null;
	readonly faultIsolation?: boolean | null;
	/** A boolean, or `--sustained`'s text: empty/yes/true/on/1 or no/false/off/0. */
	readonly sustained?: boolean | string | null;
	readonly keepLiveMigration?: boolean | null;
}

/** `--sustained` for advise: present (empty) means yes; anything but yes/no words is refused. */
export function presenceSwitch(flag: string, raw: string): boolean {
	const text = raw.trim().toLowerCase();
	if (['', 'yes', 'true', 'on', '1'].includes(text)) return true;
	if (['no', 'false', 'off', '0'].includes(text)) return false;
	throw new UserError(`--${flag} takes no value, or yes or no (got ${JSON.stringify(raw)})`);
}

function switchOf(flag: string, value: boolean | string | null | undefined, fallback: boolean): boolean {
	if (value === undefined || value === null) return fallback;
	if (typeof value === 'boolean') return value;
	return presenceSwitch(flag, value);
}

function minGbpsOf(value: string | number | null | undefined, fallback: number | null): number | null {
	if (value === undefined) return fallback;
	if (value === null) return null;
	return boundedNumber(requestBounds.minGbps, value);
}

/** Validate every field (absent ones keep `base`'s, DESIGN.md's defaults unless given): one RequestError for all. */
export function buildWorkload(fields: WorkloadFields = {}, base: Workload = defaultWorkload): Workload {
	const problems = new ProblemList();
	const cloud = problems.check('cloud', () =>
		fields.cloud === undefined || fields.cloud === null ? base.cloud : parseCloudScope(fields.cloud),
	);
	const streams = problems.check('streams', () =>
		fields.streams === undefined || fields.streams === null
			? base.streams
			: boundedNumber(requestBounds.workloadStreams, fields.streams),
	);
	const minGbps = problems.check('minGbps', () => minGbpsOf(fields.minGbps, base.minGbps));
	const sustained = problems.check('sustained', () => switchOf('sustained', fields.sustained, base.sustained));
	problems.throwIfAny();
	return {
		cloud: cloud ?? base.cloud,
		streams: streams ?? base.streams,
		latencySensitive: fields.latencySensitive ?? base.latencySensitive,
		faultIsolation: fields.faultIsolation ?? base.faultIsolation,
		minGbps: minGbps === undefined ? base.minGbps : minGbps,
		sustained: sustained ?? base.sustained,
		keepLiveMigration: fields.keepLiveMigration ?? base.keepLiveMigration,
	};
}

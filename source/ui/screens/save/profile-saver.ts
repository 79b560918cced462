// What the wizard needs of the profile store: save and say where. The CLI passes its ProfileStore (or a
// function that makes one, so the store and its zod schemas are not loaded before the user saves).

import type {Advice, Workload} from '../../../domain/types.js';

export interface ProfileEntry {
	readonly workload: Workload;
	readonly advice: Advice;
	readonly probeRunIds?: readonly string[];
}

export interface ProfileSaver {
	save(name: string, entry: ProfileEntry, options?: {readonly overwrite?: boolean}): unknown;
	readonly path: string;
	/** Where an unreadable store was moved aside, if it was (the ProfileStore's `recoveredFrom`). */
	readonly recoveredFrom?: string | null;
}

export type ProfileSaverSource = ProfileSaver | (() => ProfileSaver | Promise<ProfileSaver>);

export async function resolveProfileSaver(source: ProfileSaverSource): Promise<ProfileSaver> {
	return typeof source === 'function' ? source() : source;
}

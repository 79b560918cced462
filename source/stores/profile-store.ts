// Saved profiles: a workload, the advice as it was given, when, and optional probe run ids, in one
// versioned file (`config.json` in the config folder, NETPLACE_CONFIG_DIR, or the `folder` a test gives).
// - Every change is a read-modify-write under the store's lock (stores/store-lock.ts) ending in an atomic
//   rename, so concurrent netplace processes never lose each other's saves or deletes.
// - Entries are validated one by one: a bad entry is reported (file and name) and kept as it is; the rest
//   stay usable. A file that is not a store at all is left alone by reads and moved aside (kept, path told)
//   by the next write. A file written by a newer netplace is read, never written.
// - Names are Map keys, never object properties: `__proto__`, `toString`… are ordinary names.

import {join} from 'node:path';
import {RuntimeError, UserError} from '../domain/errors.js';
import {printableJson} from '../domain/printable.js';
import type {Advice, Workload} from '../domain/types.js';
import {moveAside, readTextOrNull, writeFileAtomic} from './atomic-file.js';
import {configFile} from './config-folder.js';
import {ProfileExistsError} from './profile-exists-error.js';
import {
	currentVersion,
	profileNamePattern,
	profileSchemas,
	readStore,
	type StoredProfile,
	type WorkloadCheck,
} from './profile-schema.js';
import {withFileLock} from './store-lock.js';

export interface ProfileStoreOptions {
	/** The folder holding config.json (tests pass a temp dir); default NETPLACE_CONFIG_DIR or the platform's. */
	readonly folder?: string;
	/** Told (one line each) about bad entries, unreadable or newer files; default: written to stderr. */
	readonly onRecovered?: (message: string) => void;
	/**
	 * What a stored workload's values may be (the one workload builder's bounds, request/workload.ts): a profile
	 * it refuses is not usable, named by its fields. Without it only the form is checked.
	 */
	readonly checkWorkload?: WorkloadCheck;
}

export interface SaveInput {
	readonly workload: Workload;
	readonly advice: Advice;
	readonly probeRunIds?: readonly string[];
}

export interface SaveOptions {
	/** Replace a profile of the same name (the CLI's `--force`, or a yes in the terminal). */
	readonly overwrite?: boolean;
}

export {ProfileExistsError} from './profile-exists-error.js';

export type Profile = StoredProfile & {readonly name: string};

export interface ProfileSummary {
	readonly name: string;
	readonly savedAt: string;
	readonly workload: StoredProfile['workload'];
	readonly probeRunIds: readonly string[];
}

/** Throws a UserError (exit 2) unless `name` is a valid profile name. */
export function assertProfileName(name: string): void {
	if (!profileNamePattern.test(name)) {
		throw new UserError(`invalid profile name "${name}"`, 'use 1 to 64 letters, digits, "-", "_" or "."');
	}

	// `--save=--force` would save a profile no later command can name (`--profile --force` is a flag).
	if (name.startsWith('-')) {
		throw new UserError(
			`invalid profile name "${name}": it starts with "-", so it would read as a flag`,
			'start it with a letter or digit',
		);
	}
}

function noProfile(name: string): UserError {
	return new UserError(`no profile named ${name}`, 'netplace profiles list shows them');
}

/** What one read of the file found. */
interface Snapshot {
	readonly raw: ReadonlyMap<string, unknown>;
	readonly profiles: ReadonlyMap<string, StoredProfile>;
	/** Why each entry that is not usable is not, by name. */
	readonly unusable: ReadonlyMap<string, string>;
	readonly warnings: readonly string[];
	/** Why the file cannot be written (newer netplace), else null. */
	readonly readOnly: string | null;
	/** Why the file is not a store at all (a write moves it aside), else null. */
	readonly unreadable: string | null;
}

const empty: Snapshot = {
	raw: new Map(),
	profiles: new Map(),
	unusable: new Map(),
	warnings: [],
	readOnly: null,
	unreadable: null,
};

function unusableWarning(path: string, name: string, reason: string): string {
	return `netplace: warning: profile ${JSON.stringify(name)} in ${path} is not usable (${reason}); it is kept in the file as it is`;
}

function readSnapshot(path: string, check?: WorkloadCheck): Snapshot {
	const text = readTextOrNull(path);
	if (text === null || text.trim() === '') return empty;
	let parsed: unknown;
	try {
		parsed = JSON.parse(text, printableJson);
	} catch {
		return unreadableSnapshot(path, 'not valid JSON');
	}

	const outcome = readStore(parsed, undefined, check);
	if (!outcome.ok) return unreadableSnapshot(path, outcome.reason);
	const unusable = new Map(outcome.problems.map((problem) => [problem.name, problem.reason]));
	const warnings = outcome.problems.map((problem) => unusableWarning(path, problem.name, problem.reason));
	const readOnly = outcome.newer
		? `${path} was written by a newer netplace (store version ${outcome.version}; this one writes ${currentVersion})`
		: null;
	if (readOnly) warnings.unshift(`netplace: warning: ${readOnly}: reading it only, never writing it`);
	return {raw: outcome.raw, profiles: outcome.profiles, unusable, warnings, readOnly, unreadable: null};
}

function unreadableSnapshot(path: string, reason: string): Snapshot {
	return {
		...empty,
		warnings: [
			`netplace: warning: the profile store ${path} is unreadable (${reason}); no profile can be read from it; it is left as it is until the next save moves it aside`,
		],
		unreadable: reason,
	};
}

function serialize(raw: ReadonlyMap<string, unknown>): string {
	// Object.fromEntries defines own keys, so `__proto__` is written as a name like any other.
	return `${JSON.stringify({version: currentVersion, profiles: Object.fromEntries(raw)}, null, 2)}\n`;
}

export class ProfileStore {
	/** Loads zod ahead of first use (kept for callers that preload). */
	static async preload(): Promise<void> {
		profileSchemas();
	}

	readonly #path: string;
	readonly #warn: (message: string) => void;
	readonly #check: WorkloadCheck | undefined;
	#snapshot: Snapshot | undefined;
	#told = new Set<string>();
	#recoveredFrom: string | null = null;

	constructor(options: ProfileStoreOptions = {}) {
		this.#path = options.folder === undefined ? configFile('config') : join(options.folder, 'config.json');
		this.#warn = options.onRecovered ?? ((message) => process.stderr.write(`${message}\n`));
		this.#check = options.checkWorkload;
	}

	/** The config.json this store reads and writes. */
	get path(): string {
		return this.#path;
	}

	/** Where an unreadable store was moved aside by a save, else null. */
	get recoveredFrom(): string | null {
		return this.#recoveredFrom;
	}

	/** The profile; one that is stored but not usable is one line saying why (exit 2), not "no profile". */
	get(name: string): Profile {
		const snapshot = this.#read(false);
		const reason = snapshot.unusable.get(name);
		this.#tell(
			snapshot.warnings.filter((line) => reason === undefined || line !== unusableWarning(this.#path, name, reason)),
		);
		if (reason !== undefined) {
			throw new UserError(
				`profile ${name} in ${this.#path} is not usable: ${reason}`,
				`fix it there, or netplace profiles delete ${name}`,
			);
		}

		const profile = snapshot.profiles.get(name);
		if (!profile) throw noProfile(name);
		return {name, ...profile};
	}

	/** Whether any entry (a bad one too) has this name; quiet: callers are about to write, which reports. */
	has(name: string): boolean {
		return this.#read(false).raw.has(name);
	}

	/** How many stored entries are not usable (each named in a warning when the store is read). */
	unusableCount(): number {
		return this.#read(false).unusable.size;
	}

	list(): ProfileSummary[] {
		return [...this.#read().profiles]
			.map(([name, profile]) => ({
				name,
				savedAt: profile.savedAt,
				workload: profile.workload,
				probeRunIds: profile.probeRunIds,
			}))
			.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
	}

	/** Saves (validated first); refuses an existing name unless `overwrite`. */
	async save(name: string, input: SaveInput, options: SaveOptions = {}): Promise<Profile> {
		const profile = this.#validated(name, {
			workload: input.workload,
			advice: input.advice,
			savedAt: new Date().toISOString(),
			probeRunIds: input.probeRunIds ?? [],
		});
		await this.#update((raw) => {
			if (raw.has(name) && options.overwrite !== true) throw new ProfileExistsError(name, this.#path);
			raw.set(name, profile);
		});
		return {name, ...profile};
	}

	/** Stores an exported profile as it was (its own savedAt and advice), validated. */
	async import(name: string, entry: unknown, options: SaveOptions = {}): Promise<Profile> {
		const profile = this.#validated(name, entry);
		await this.#update((raw) => {
			if (raw.has(name) && options.overwrite !== true) throw new ProfileExistsError(name, this.#path);
			raw.set(name, profile);
		});
		return {name, ...profile};
	}

	/** Deletes a stored entry (a bad one too); a missing name is a UserError (exit 2). */
	async delete(name: string): Promise<void> {
		await this.#update((raw) => {
			if (!raw.delete(name)) throw noProfile(name);
		});
	}

	#validated(name: string, entry: unknown): StoredProfile {
		assertProfileName(name);
		const result = profileSchemas().profile.safeParse(JSON.parse(JSON.stringify(entry ?? null)));
		const problem = result.success ? (this.#check?.(name, result.data.workload) ?? null) : null;
		if (problem !== null) throw new UserError(`profile ${name} is not valid: ${problem}`);
		if (result.success) return result.data;
		const issue = result.error.issues[0];
		const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
		throw new UserError(`profile ${name} is not valid${where}: ${issue?.message ?? 'invalid'}`);
	}

	#read(tell = true): Snapshot {
		this.#snapshot ??= readSnapshot(this.#path, this.#check);
		if (tell) this.#tell(this.#snapshot.warnings);
		return this.#snapshot;
	}

	#tell(lines: readonly string[]): void {
		for (const line of lines) {
			if (this.#told.has(line)) continue;
			this.#told.add(line);
			this.#warn(line);
		}
	}

	/** Read-modify-write under the lock, from the file as it is now (not an earlier read). */
	async #update(change: (raw: Map<string, unknown>) => void): Promise<void> {
		await withFileLock(
			this.#path,
			(lock) => {
				const current = readSnapshot(this.#path, this.#check);
				if (current.readOnly) throw new RuntimeError(`${current.readOnly}; nothing was saved`, 'use that netplace');
				this.#tell(current.warnings.filter((line) => !line.includes('is unreadable')));
				const raw = new Map(current.raw);
				change(raw);
				if (current.unreadable !== null) {
					const aside = moveAside(this.#path, 'corrupt');
					this.#recoveredFrom = aside;
					this.#tell([
						`netplace: warning: the profile store ${this.#path} was unreadable (${current.unreadable}); kept it as ${aside} and started a new one`,
					]);
				}

				writeFileAtomic(this.#path, serialize(raw), lock.assertHeld);
				this.#snapshot = undefined;
			},
			{onWait: this.#warn},
		);
	}
}

/** A store ready to use (kept async for callers; loads nothing heavy until first read or write). */
export async function openProfileStore(options: ProfileStoreOptions = {}): Promise<ProfileStore> {
	return new ProfileStore(options);
}

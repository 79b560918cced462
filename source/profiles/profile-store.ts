// Saved profiles: a workload, the advice as it was given, when, and optional probe run ids.
// One store wrapping conf (config.json in conf's folder, or NETPLACE_CONFIG_DIR, or `cwd`).
// conf and zod load on first use, not on import: constructing a store for the wizard costs nothing.
// A corrupt or schema-violating file is moved aside to `config.json.corrupt-<time>`, the user is
// told where in one line, and the store carries on empty; nothing is silently dropped.

import {readFileSync, renameSync} from 'node:fs';
import {createRequire} from 'node:module';
import type Conf from 'conf';
import type {Advice, Workload} from '../advisor/types.js';
import {UserError} from '../errors.js';
import {configCwd, projectName} from './config-dir.js';
import {
	emptyStore,
	type ProfileStoreData,
	profileNamePattern,
	profileSchemas,
	readStore,
	type StoredProfile,
} from './profile-schema.js';

export interface ProfileStoreOptions {
	/** The folder holding config.json (tests pass a temp dir); default NETPLACE_CONFIG_DIR or conf's. */
	readonly cwd?: string;
	/** Told (one line) when a corrupt store was moved aside; default: written to stderr. */
	readonly onRecovered?: (message: string) => void;
}

export interface SaveInput {
	readonly workload: Workload;
	readonly advice: Advice;
	readonly probeRunIds?: readonly string[];
}

export type Profile = StoredProfile & {readonly name: string};

export interface ProfileSummary {
	readonly name: string;
	readonly savedAt: string;
	readonly workload: StoredProfile['workload'];
	readonly probeRunIds: readonly string[];
}

type ConfClass = typeof Conf;
let confClass: ConfClass | undefined;

function loadConf(): ConfClass {
	if (!confClass) {
		// conf is ESM-only: a synchronous require needs Node >= 20.19 (the CLI preloads it instead).
		const require = createRequire(import.meta.url);
		confClass = (require('conf') as {default: ConfClass}).default;
	}

	return confClass;
}

/** Throws a UserError (exit 2) unless `name` is a valid profile name. */
export function assertProfileName(name: string): void {
	if (!profileNamePattern.test(name)) {
		throw new UserError(`invalid profile name "${name}"`, 'use 1 to 64 letters, digits, "-", "_" or "."');
	}
}

function lenientParse(text: string): Record<string, unknown> {
	// conf reads the file on construction; our own read decides what a bad file means.
	try {
		const value: unknown = JSON.parse(text);
		return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
	} catch {
		return {};
	}
}

function writeWarning(message: string): void {
	process.stderr.write(`${message}\n`);
}

export class ProfileStore {
	/** Loads conf ahead of the synchronous methods (any Node 20; the CLI awaits this). */
	static async preload(): Promise<void> {
		confClass ??= (await import('conf')).default;
	}

	readonly #cwd: string | undefined;
	readonly #onRecovered: (message: string) => void;
	#conf: Conf<ProfileStoreData> | undefined;
	#recoveredFrom: string | null = null;

	constructor(options: ProfileStoreOptions = {}) {
		this.#cwd = options.cwd ?? configCwd();
		this.#onRecovered = options.onRecovered ?? writeWarning;
	}

	/** The config.json this store reads and writes. */
	get path(): string {
		return this.#open().path;
	}

	/** Where a corrupt store was moved aside (checks the file when not yet read), else null. */
	get recoveredFrom(): string | null {
		this.#read();
		return this.#recoveredFrom;
	}

	save(name: string, input: SaveInput): Profile {
		assertProfileName(name);
		const profile = profileSchemas().profile.parse(
			JSON.parse(
				JSON.stringify({
					workload: input.workload,
					advice: input.advice,
					savedAt: new Date().toISOString(),
					probeRunIds: input.probeRunIds ?? [],
				}),
			),
		);
		const data = this.#read();
		this.#open().store = {...data, profiles: {...data.profiles, [name]: profile}};
		return {name, ...profile};
	}

	get(name: string): Profile {
		const profile = this.#read().profiles[name];
		if (!profile) {
			throw new UserError(`no profile named ${name}`, 'netplace profiles list shows them');
		}

		return {name, ...profile};
	}

	has(name: string): boolean {
		return this.#read().profiles[name] !== undefined;
	}

	list(): ProfileSummary[] {
		return Object.entries(this.#read().profiles)
			.map(([name, profile]) => ({
				name,
				savedAt: profile.savedAt,
				workload: profile.workload,
				probeRunIds: profile.probeRunIds,
			}))
			.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
	}

	delete(name: string): void {
		const data = this.#read();
		if (!data.profiles[name]) {
			throw new UserError(`no profile named ${name}`, 'netplace profiles list shows them');
		}

		const profiles = {...data.profiles};
		delete profiles[name];
		this.#open().store = {...data, profiles};
	}

	#open(): Conf<ProfileStoreData> {
		if (!this.#conf) {
			const ConfStore = loadConf();
			this.#conf = new ConfStore<ProfileStoreData>({
				projectName,
				projectSuffix: '',
				configName: 'config',
				accessPropertiesByDotNotation: false,
				deserialize: lenientParse as (text: string) => ProfileStoreData,
				...(this.#cwd === undefined ? {} : {cwd: this.#cwd}),
			});
		}

		return this.#conf;
	}

	#read(): ProfileStoreData {
		const conf = this.#open();
		let text: string;
		try {
			text = readFileSync(conf.path, 'utf8');
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyStore();
			throw error;
		}

		if (text.trim() === '') return emptyStore();
		let parsed: unknown;
		try {
			parsed = JSON.parse(text);
		} catch {
			return this.#recover(conf.path, 'not valid JSON');
		}

		const outcome = readStore(parsed);
		if (!outcome.ok) return this.#recover(conf.path, outcome.reason);
		if (outcome.migratedFrom !== null) conf.store = outcome.data;
		return outcome.data;
	}

	#recover(path: string, reason: string): ProfileStoreData {
		const stamp = new Date().toISOString().replaceAll(':', '-');
		const aside = `${path}.corrupt-${stamp}`;
		renameSync(path, aside);
		this.#recoveredFrom = aside;
		this.#onRecovered(
			`netplace: warning: the profile store ${path} was unreadable (${reason}); kept it as ${aside} and started an empty one`,
		);
		return emptyStore();
	}
}

/** A store with conf already loaded (works on every Node 20; the CLI's commands use this). */
export async function openProfileStore(options: ProfileStoreOptions = {}): Promise<ProfileStore> {
	await ProfileStore.preload();
	return new ProfileStore(options);
}

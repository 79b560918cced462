// The saved-profiles file: its zod schema, its versions and the migrations between them.
// zod is bundled (scripts/build-bundle.mjs), evaluated only by a command that reads or writes a profile,
// and only the parts these schemas use: its whole CommonJS build took 70-90 ms to require,
// most of what reopening a profile cost before the wizard drew. The schemas are built on first use.

import * as z from 'zod';
import {cloudScopes} from '../domain/clouds.js';
import {congestionControls, type Workload} from '../domain/types.js';

export const currentVersion = 3;

/** Profile names: letters, digits, `-`, `_`, `.`; 1 to 64 characters. */
export const profileNamePattern = /^[A-Za-z0-9._-]{1,64}$/;

function buildSchemas() {
	const fields = workloadFields();
	const workload = z.preprocess(buffersNamedAsLinux, fields);
	const advice = adviceSchema(workload);
	const profile = z.object({
		workload,
		advice,
		savedAt: z.iso.datetime(),
		probeRunIds: z.array(z.string()),
	});
	const store = z.strictObject({
		version: z.literal(currentVersion),
		profiles: z.record(z.string().regex(profileNamePattern), profile),
	});
	return {workload, workloadFields: fields, advice, profile, store};
}

/**
 * A profile saved before the buffers were named as Linux names them (issue 37) stored `rmemMax` / `wmemMax`
 * as the model read them: autotuning's ceilings (tcp_rmem / tcp_wmem's third field). They load as those,
 * `tcpRmemMax` / `tcpWmemMax`, so the profile answers as it did; `rmemMax` / `wmemMax` now mean
 * net.core.rmem_max / wmem_max.
 */
function buffersNamedAsLinux(saved: unknown): unknown {
	if (typeof saved !== 'object' || saved === null || 'tcpRmemMax' in saved || 'tcpWmemMax' in saved) return saved;
	const {rmemMax, wmemMax, ...rest} = saved as Record<string, unknown>;
	return {...rest, tcpRmemMax: rmemMax ?? null, tcpWmemMax: wmemMax ?? null, rmemMax: null, wmemMax: null};
}

/**
 * A workload as saved: each field's form (a number, a name from its list); fields added since the first version
 * default for a profile saved before them. What a number may be is the bounds table's, checked by the one
 * workload builder (request/workload.ts) through the store's `checkWorkload`, which names the profile's field.
 */
function workloadFields() {
	return z.object({
		cloud: z.enum(cloudScopes),
		streams: z.number(),
		latencySensitive: z.boolean(),
		faultIsolation: z.boolean(),
		minGbps: z.number().nullable(),
		sustained: z.boolean(),
		keepLiveMigration: z.boolean(),
		path: z.enum(['same-zone', 'cross-zone', 'cross-region', 'internet']),
		region: z.string().min(1).nullable(),
		arch: z.enum(['arm64', 'x86_64']).nullable(),
		minVcpus: z.number().nullable(),
		minMemoryGib: z.number().nullable(),
		shapes: z.array(z.string().min(1)),
		placement: z.enum(['default', 'cluster', 'spread', 'partition', 'collocated']).nullable(),
		enaExpress: z.boolean().nullable(),
		tier1: z.boolean().nullable(),
		// Added with the path terms: a profile saved before has none (the defaults).
		rttMs: z.number().nullable().default(null),
		mtu: z.number().nullable().default(null),
		rmemMax: z.number().nullable().default(null),
		wmemMax: z.number().nullable().default(null),
		// Added with the buffers named as Linux names them and --cc (issue 37; buffersNamedAsLinux above).
		tcpRmemMax: z.number().nullable().default(null),
		tcpWmemMax: z.number().nullable().default(null),
		cc: z.enum(congestionControls).nullable().default(null),
		lossPercent: z.number().nullable().default(null),
		// Added with --transfer / --within: a profile saved before has neither.
		transferBytes: z.number().nullable().default(null),
		withinSeconds: z.number().nullable().default(null),
		// Added with the plan (model v3): a profile saved before takes the defaults (tuned hosts, 16 pairs).
		toRegion: z.string().min(1).nullable().default(null),
		hostsAsIs: z.boolean().default(false),
		maxPairs: z.number().default(16),
	});
}

/** Advice as saved: the workload it answered, its steps and notes; the rest kept as it was written. */
function adviceSchema(workload: z.ZodType<Workload>) {
	const step = z.looseObject({
		rank: z.number().int(),
		id: z.string(),
		verdict: z.enum(['do', 'consider', 'avoid', 'not-needed', 'satisfied']),
		title: z.string(),
		why: z.string(),
		evidence: z.array(z.looseObject({})),
	});
	return z.looseObject({
		workload,
		steps: z.array(step),
		notes: z.array(z.looseObject({id: z.string(), text: z.string()})),
		bandwidth: z.array(z.looseObject({})),
	});
}

type Schemas = ReturnType<typeof buildSchemas>;
export type StoredProfile = z.infer<Schemas['profile']>;
export type ProfileStoreData = z.infer<Schemas['store']>;

let schemas: Schemas | undefined;

/** The zod schemas (built once, on first call). */
export function profileSchemas(): Schemas {
	schemas ??= buildSchemas();
	return schemas;
}

type Raw = Record<string, unknown>;

function isRecord(value: unknown): value is Raw {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Migrations keyed by the version they produce: `migrations[n]` turns a version n-1 store into n.
 * v1 (netplace 0.0.x) kept each profile's answers under `answers` and had no probe run ids.
 * v2 workloads had no sizing constraints (path, region, arch, minimum vCPUs/memory, shapes, pins): v3 adds
 * them at their defaults, in the profile's workload and in its saved advice's workload.
 * A migration must keep names as own keys (a profile may be called `__proto__`): build with Object.fromEntries.
 */
export const migrations: Readonly<Record<number, (store: Raw) => Raw>> = {
	2(store) {
		const profiles = isRecord(store['profiles']) ? store['profiles'] : {};
		// Object.fromEntries, not `migrated[name] =`: a profile may be named __proto__.
		const migrated = Object.fromEntries(
			Object.entries(profiles).map(([name, entry]) => {
				if (!isRecord(entry)) return [name, entry];
				const {answers, ...rest} = entry;
				return [name, {workload: answers, ...rest, probeRunIds: []}];
			}),
		);

		return {...store, version: 2, profiles: migrated};
	},
	3(store) {
		const profiles = isRecord(store['profiles']) ? store['profiles'] : {};
		const migrated = Object.fromEntries(
			Object.entries(profiles).map(([name, entry]) => {
				if (!isRecord(entry)) return [name, entry];
				const advice = isRecord(entry['advice']) ? entry['advice'] : undefined;
				return [
					name,
					{
						...entry,
						workload: withSizingDefaults(entry['workload']),
						...(advice ? {advice: {...advice, workload: withSizingDefaults(advice['workload'])}} : {}),
					},
				];
			}),
		);

		return {...store, version: 3, profiles: migrated};
	},
};

/**
 * The sizing fields v3 added, at the values a v2 workload meant (same zone, no constraints, no pins).
 * Frozen on purpose, not spread from `defaultWorkload` (domain/types.ts), though equal to its fields
 * today: a migration says what data written by an older netplace meant then, so a later change of the
 * wizard's defaults must not change what a stored v2 profile becomes. Typed against Workload so the values
 * stay valid; test/stores/profile-store.test.ts pins them.
 */
const sizingDefaults: Pick<Workload, SizingField> = {
	path: 'same-zone',
	region: null,
	arch: null,
	minVcpus: null,
	minMemoryGib: null,
	shapes: [],
	placement: null,
	enaExpress: null,
	tier1: null,
};

type SizingField =
	| 'path'
	| 'region'
	| 'arch'
	| 'minVcpus'
	| 'minMemoryGib'
	| 'shapes'
	| 'placement'
	| 'enaExpress'
	| 'tier1';

function withSizingDefaults(workload: unknown): unknown {
	return isRecord(workload) ? {...sizingDefaults, ...workload} : workload;
}

/** An empty store (what a missing file means). */
export function emptyStore(): ProfileStoreData {
	return {version: currentVersion, profiles: {}};
}

/** One stored entry that is not a usable profile: kept in the file as it is, reported by name. */
export interface EntryProblem {
	readonly name: string;
	readonly reason: string;
}

export type ReadOutcome =
	| {
			readonly ok: true;
			/** The version the file says it is (after migration, entries are in the current one). */
			readonly version: number;
			/** Written by a newer netplace: entries are read as far as this one understands them; never written. */
			readonly newer: boolean;
			readonly migratedFrom: number | null;
			/** Every entry as stored (migrated), valid or not, in file order: what a write puts back. */
			readonly raw: ReadonlyMap<string, unknown>;
			readonly profiles: ReadonlyMap<string, StoredProfile>;
			readonly problems: readonly EntryProblem[];
	  }
	| {readonly ok: false; readonly reason: string};

/** Why a stored workload's values cannot be used (each bad field named as the profile's), or null. */
export type WorkloadCheck = (name: string, workload: Workload) => string | null;

function entryReason(name: string, entry: unknown, check?: WorkloadCheck): {profile: StoredProfile} | {reason: string} {
	if (!profileNamePattern.test(name)) return {reason: 'the name is not a valid profile name'};
	const result = profileSchemas().profile.safeParse(entry);
	const problem = result.success ? (check?.(name, result.data.workload) ?? null) : null;
	if (problem !== null) return {reason: problem};
	if (result.success) return {profile: result.data};
	const issue = result.error.issues[0];
	const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
	return {reason: `${where}${issue?.message ?? 'invalid'}`};
}

function migrate(parsed: Raw, version: number, available: typeof migrations): Raw | string {
	let store: Raw = parsed;
	for (let next = version + 1; next <= currentVersion; next++) {
		const step = available[next];
		if (!step) return `no migration to version ${next}`;
		try {
			store = step(store);
		} catch (error: unknown) {
			return `migration to version ${next} failed: ${error instanceof Error ? error.message : String(error)}`;
		}
	}

	return store;
}

/**
 * Migrates a parsed file to the current version and validates it entry by entry: a bad entry is a
 * problem (kept raw), the others stay usable. Fails only when the file is not a store at all. Never throws.
 */
export function readStore(parsed: unknown, available = migrations, check?: WorkloadCheck): ReadOutcome {
	if (!isRecord(parsed)) return {ok: false, reason: 'not a JSON object'};
	const version = parsed['version'] ?? 1;
	if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
		return {ok: false, reason: `unknown version ${JSON.stringify(version)}`};
	}

	const newer = version > currentVersion;
	const store = newer ? parsed : migrate(parsed, version, available);
	if (typeof store === 'string') return {ok: false, reason: store};
	const entries = store['profiles'] ?? {};
	if (!isRecord(entries)) return {ok: false, reason: '"profiles" is not an object'};
	const raw = new Map<string, unknown>();
	const profiles = new Map<string, StoredProfile>();
	const problems: EntryProblem[] = [];
	for (const [name, entry] of Object.entries(entries)) {
		raw.set(name, entry);
		const outcome = entryReason(name, entry, check);
		if ('profile' in outcome) profiles.set(name, outcome.profile);
		else problems.push({name, reason: outcome.reason});
	}

	const migratedFrom = newer || version === currentVersion ? null : version;
	return {ok: true, version, newer, migratedFrom, raw, profiles, problems};
}

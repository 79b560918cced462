// The one flag schema every netplace command shares (in meow's format) and the typed flags the commands receive.
// Numbers arrive as strings: the request layer (source/request/) checks them against the one bounds table (domain/bounds.ts).
// Which command takes which flag: source/request/command-flags.ts. Pure: no I/O.
// `parse-argv.ts` reads argv by this schema (meow's format; meow itself is no longer used).
//
// Two flags have two meanings:
// - `--streams`: for `advise` one integer (parallel connections the data path can open); for `probe`
//   a comma list of stream counts ("1,8"). A string flag; each command parses it.
// - `--sustained`: for `advise` its presence means "transfers run longer than five minutes" (a value of
//   no/false/off/0 turns it off, anything else is refused); for `probe` it is the sustained run's length in
//   seconds. A string flag.

import {UserError} from '../domain/errors.js';
import {cloudFlagSchema} from '../providers/cloud-probe-fields.js';

export type FlagSpec = {readonly type: 'string'; readonly isMultiple?: boolean} | {readonly type: 'boolean'};

/** In meow's `flags` format. Keys are camelCase; on the command line they are kebab-case. */
export const flagSchema = {
	// Workload
	cloud: {type: 'string'},
	streams: {type: 'string'},
	latencySensitive: {type: 'boolean'},
	faultIsolation: {type: 'boolean'},
	minGbps: {type: 'string'},
	sustained: {type: 'string'},
	transfer: {type: 'string'},
	within: {type: 'string'},
	keepLiveMigration: {type: 'boolean'},
	// Workload: sizing constraints (size, advise; --region, --shape, --placement, --ena-express are shared with probe)
	path: {type: 'string'},
	arch: {type: 'string'},
	minVcpus: {type: 'string'},
	minMemory: {type: 'string'},
	tier1: {type: 'boolean'},
	// Workload: the path and the hosts (--rtt is shared with the lab probe)
	mtu: {type: 'string'},
	tcpRmemMax: {type: 'string'},
	tcpWmemMax: {type: 'string'},
	rmemMax: {type: 'string'},
	wmemMax: {type: 'string'},
	cc: {type: 'string'},
	loss: {type: 'string'},
	toRegion: {type: 'string'},
	hostsAsIs: {type: 'boolean'},
	maxPairs: {type: 'string'},
	profile: {type: 'string'},
	save: {type: 'string'},
	/** Replace a profile of the same name (advise --save, profiles import). */
	force: {type: 'boolean'},
	// Output
	json: {type: 'boolean'},
	/** advise: text (default), markdown (the session as `e` writes it) or json (= --json). */
	format: {type: 'string'},
	debug: {type: 'boolean'},
	help: {type: 'boolean'},
	version: {type: 'boolean'},
	// Probe
	provider: {type: 'string'},
	shape: {type: 'string'},
	placement: {type: 'string', isMultiple: true},
	duration: {type: 'string'},
	repeat: {type: 'string'},
	region: {type: 'string'},
	zone: {type: 'string'},
	ocpus: {type: 'string'},
	sshCidr: {type: 'string'},
	// Probe: each cloud's own (--vpc, --project, --compartment, ...), declared in providers/<cloud>/probe-fields.ts
	...cloudFlagSchema,
	dryRun: {type: 'boolean'},
	yes: {type: 'boolean'},
	price: {type: 'string'},
	enaExpress: {type: 'boolean'},
	reverse: {type: 'boolean'},
	processes: {type: 'string'},
	overSsh: {type: 'boolean'},
	// Probe: your own hosts over SSH
	hosts: {type: 'string'},
	identity: {type: 'string'},
	port: {type: 'string'},
	knownHosts: {type: 'string'},
	acceptNewHostKey: {type: 'boolean'},
	// Probe: a node pair of your Kubernetes cluster (--network is shared with GCP's)
	context: {type: 'string'},
	network: {type: 'string'},
	namespace: {type: 'string'},
	nodes: {type: 'string'},
	zones: {type: 'string'},
	image: {type: 'string'},
	// Catalogue (shapes)
	search: {type: 'string'},
	live: {type: 'boolean'},
	// Lab
	labProfile: {type: 'string'},
	labScale: {type: 'string'},
	flowCap: {type: 'string'},
	aggregateCap: {type: 'string'},
	rtt: {type: 'string'},
	jitter: {type: 'string'},
} as const satisfies Record<string, FlagSpec>;

export type FlagName = keyof typeof flagSchema;

type FlagValue<Spec> = Spec extends {type: 'boolean'}
	? boolean
	: Spec extends {isMultiple: true}
		? readonly string[]
		: string | undefined;

/**
 * What every command receives. Booleans are false when absent; string flags are undefined when
 * absent and '' when given without a value; `placement` is every `--placement` given (each may
 * itself be a comma list: use `listFlag`).
 */
export type CliFlags = {readonly [Name in FlagName]: FlagValue<(typeof flagSchema)[Name]>};

/** `minGbps` -> `min-gbps`. */
export function kebabFlag(name: string): string {
	return name.replaceAll(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** Splits repeatable and comma-list values: ["default,cluster", "spread"] -> ["default", "cluster", "spread"]. */
export function listFlag(raw: string | readonly string[] | undefined): string[] {
	if (raw === undefined) return [];
	const values = typeof raw === 'string' ? [raw] : raw;
	return values
		.flatMap((value) => value.split(','))
		.map((value) => value.trim())
		.filter((value) => value.length > 0);
}

/** A string flag that must have a value when given (e.g. `--save` with no name). */
export function requiredValue(name: string, raw: string | undefined): string | undefined {
	if (raw !== undefined && raw.trim() === '') {
		throw new UserError(`--${kebabFlag(name)} needs a value`);
	}

	return raw;
}

export interface ParsedFlags {
	readonly flags: CliFlags;
	/** The flags the user actually typed (so a saved profile's answers yield only to those). */
	readonly given: ReadonlySet<FlagName>;
}

/**
 * meow's flags (parsed with `booleanDefault: undefined`, so an absent switch is absent) -> CliFlags
 * with switches false when absent, plus which flags were given.
 */
export function normaliseFlags(raw: Readonly<Record<string, unknown>>): ParsedFlags {
	const given = new Set<FlagName>();
	const flags: Record<string, unknown> = {};
	for (const [name, spec] of Object.entries(flagSchema) as Array<[FlagName, FlagSpec]>) {
		const value = raw[name];
		const present = value !== undefined && !(Array.isArray(value) && value.length === 0);
		if (present) given.add(name);
		if (spec.type === 'boolean') flags[name] = value === true;
		else if ('isMultiple' in spec && spec.isMultiple) flags[name] = present ? value : [];
		else flags[name] = value;
	}

	return {flags: flags as CliFlags, given};
}

// Each field of a workload, parsed from whatever gave it (a flag's text, a profile's stored value, a wizard
// answer) and refused under the name the user gave it: `--streams` for a flag, `streams in profile lab-8` for a
// stored profile, `workload.streams in ./x.json` for a file being imported, the question for a wizard answer.
// Numbers are checked against the one bounds table (domain/bounds.ts). Pure.

import {requestBounds} from '../domain/bounds.js';
import {catalogueScopesText} from '../domain/clouds.js';
import {UserError} from '../domain/errors.js';
import {listed} from '../domain/format.js';
import {type Arch, arches, type NetworkPath, networkPaths} from '../domain/model-types.js';
import {
	type CloudScope,
	type CongestionControl,
	cloudScopes,
	congestionControls,
	defaultWorkload,
	type Placement,
	placements,
	type Workload,
} from '../domain/types.js';
import {type FlagName, kebabFlag} from './flags.js';
import {checkRegion} from './region.js';
import {boundedNumber} from './request-number.js';

/** A field of the workload the user describes (what a profile stores under the same key); not what a probe read. */
export type WorkloadField = Exclude<keyof Workload, 'hostsReadFrom' | 'kernel'>;

/** Each field's flag (camelCase, as CliFlags names it). */
export const workloadFlags: Readonly<Record<WorkloadField, FlagName>> = {
	cloud: 'cloud',
	streams: 'streams',
	latencySensitive: 'latencySensitive',
	faultIsolation: 'faultIsolation',
	minGbps: 'minGbps',
	sustained: 'sustained',
	transferBytes: 'transfer',
	withinSeconds: 'within',
	keepLiveMigration: 'keepLiveMigration',
	path: 'path',
	region: 'region',
	arch: 'arch',
	minVcpus: 'minVcpus',
	minMemoryGib: 'minMemory',
	shapes: 'shape',
	placement: 'placement',
	enaExpress: 'enaExpress',
	tier1: 'tier1',
	rttMs: 'rtt',
	mtu: 'mtu',
	tcpRmemMax: 'tcpRmemMax',
	tcpWmemMax: 'tcpWmemMax',
	rmemMax: 'rmemMax',
	wmemMax: 'wmemMax',
	cc: 'cc',
	lossPercent: 'loss',
	toRegion: 'toRegion',
	hostsAsIs: 'hostsAsIs',
	maxPairs: 'maxPairs',
};

/** Where a field's value came from: what a refusal calls it. */
export type FieldSource =
	| {readonly kind: 'flag'}
	| {readonly kind: 'profile'; readonly profile: string}
	| {readonly kind: 'file'; readonly file: string}
	| {readonly kind: 'question'; readonly question: string};

export const fromFlags: FieldSource = {kind: 'flag'};

/** `--min-gbps`, `minGbps in profile lab-8`, `workload.minGbps in x.json`, `the answer to "How much…?"`. */
export function fieldName(field: WorkloadField, source: FieldSource): string {
	switch (source.kind) {
		case 'flag': {
			return `--${kebabFlag(workloadFlags[field])}`;
		}

		case 'profile': {
			return `${field} in profile ${source.profile}`;
		}

		case 'file': {
			return `workload.${field} in ${source.file}`;
		}

		case 'question': {
			return `the answer to "${source.question}"`;
		}
	}
}

function shown(value: unknown): string {
	return JSON.stringify(typeof value === 'number' ? String(value) : value) ?? String(value);
}

/** `--cloud`: a cloud's id, lab or any (the default when absent). */
export function parseCloudScope(value: string | null | undefined, name = '--cloud'): CloudScope {
	if (value === undefined || value === null) return defaultWorkload.cloud;
	const normalised = value.trim().toLowerCase();
	const scope = cloudScopes.find((candidate) => candidate === normalised);
	if (scope === undefined) {
		const unknown = `unknown cloud ${shown(value)} (use ${catalogueScopesText})`;
		throw new UserError(name === '--cloud' ? unknown : `${name}: ${unknown}`);
	}

	return scope;
}

/** A number within its bound, or `absent` when not given. */
export function boundedField<Absent>(
	bound: (typeof requestBounds)[keyof typeof requestBounds],
	value: string | number | null | undefined,
	absent: Absent,
	name?: string,
): number | Absent {
	return value === undefined || value === null ? absent : boundedNumber(bound, value, name);
}

/** `--loss 0.01` or `--loss 0.01%`: packet loss in percent, within its bound, or null when absent. */
export function parseLossPercent(value: string | number | null | undefined, name?: string): number | null {
	if (value === undefined || value === null) return null;
	const text = typeof value === 'string' ? value.trim().replace(/%$/, '') : value;
	return boundedNumber(requestBounds.loss, text, name);
}

/** `--sustained` for advise: present (empty) means yes; anything but yes/no words is refused. */
export function presenceSwitch(flag: string, raw: string, name = `--${flag}`): boolean {
	const text = raw.trim().toLowerCase();
	if (['', 'yes', 'true', 'on', '1'].includes(text)) return true;
	if (['no', 'false', 'off', '0'].includes(text)) return false;
	throw new UserError(`${name} takes no value, or yes or no (got ${JSON.stringify(raw)})`);
}

/** A switch (`--sustained`, `--hosts-as-is`): false when absent; a stored or answered one is true or false. */
export function parseSwitch(value: unknown, name: string): boolean {
	if (value === undefined || value === null) return false;
	if (typeof value === 'boolean') return value;
	if (typeof value === 'string') return presenceSwitch(name.replace(/^--/, ''), value, name);
	throw new UserError(`${name} must be true or false (got ${shown(value)})`);
}

/** A pin (`--ena-express`, `--tier1`): null (the search chooses) when absent, else true or false. */
export function parsePin(value: unknown, name: string): boolean | null {
	if (value === undefined || value === null) return null;
	if (typeof value !== 'boolean') throw new UserError(`${name} is a switch and takes no value (got ${shown(value)})`);
	return value;
}

function oneOf<Value extends string>(
	name: string,
	allowed: readonly Value[],
	value: string | null | undefined,
	aliases: Readonly<Record<string, Value>> = {},
): Value | null {
	if (value === undefined || value === null) return null;
	const normalised = value.trim().toLowerCase();
	const found = allowed.find((candidate) => candidate === normalised) ?? aliases[normalised];
	if (found === undefined) throw new UserError(`${name} must be ${listed(allowed, 'or')} (got ${shown(value)})`);
	return found;
}

/** `--cc cubic|bbr|reno`, or null (Linux's default, CUBIC) when absent. */
export function parseCongestionControl(value: string | null | undefined, name = '--cc'): CongestionControl | null {
	return oneOf(name, congestionControls, value);
}

export function parsePath(value: string | null | undefined, name = '--path'): NetworkPath {
	return oneOf(name, networkPaths, value) ?? defaultWorkload.path;
}

export function parseArch(value: string | null | undefined, name = '--arch'): Arch | null {
	return oneOf(name, arches, value, {aarch64: 'arm64', amd64: 'x86_64', 'x86-64': 'x86_64'});
}

export function parsePlacementPin(value: string | null | undefined, name = '--placement'): Placement | null {
	return oneOf(name, placements, value);
}

/** `--region`, checked against the regions `cloud` names (request/region.ts), or null when absent. */
export function parseRegion(value: string | null | undefined, cloud: CloudScope, name = '--region'): string | null {
	if (value === undefined || value === null) return null;
	try {
		return checkRegion(cloud, value);
	} catch (error: unknown) {
		if (name === '--region' || !(error instanceof UserError)) throw error;
		throw new UserError(`${name}: ${error.message}`, error.hint);
	}
}

/** `--shape a,b` -> ["a", "b"]; the catalogue decides whether each exists. */
export function parseShapes(value: string | readonly string[] | null | undefined, name = '--shape'): readonly string[] {
	if (value === undefined || value === null || (typeof value !== 'string' && value.length === 0)) return [];
	const items = (typeof value === 'string' ? [value] : value).flatMap((item) => item.split(','));
	const shapes = items.map((item) => item.trim()).filter((item) => item.length > 0);
	if (shapes.length === 0) throw new UserError(`${name} needs a shape name, e.g. m7i.8xlarge`);
	return [...new Set(shapes)];
}

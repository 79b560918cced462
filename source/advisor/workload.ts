// Turn loose input (CLI flags, wizard answers, a saved profile) into a validated Workload.
// Bad values throw UserError with one line naming the flag and the value.

import {UserError} from '../errors.js';
import {type Arch, arches, type NetworkPath, networkPaths} from '../sizing/types.js';
import {type CloudScope, cloudScopes, defaultWorkload, type Placement, placements, type Workload} from './types.js';

export interface WorkloadInput {
	readonly cloud?: string | null;
	readonly streams?: string | number | null;
	readonly minGbps?: string | number | null;
	readonly latencySensitive?: boolean | null;
	readonly faultIsolation?: boolean | null;
	readonly sustained?: boolean | null;
	readonly keepLiveMigration?: boolean | null;
	readonly path?: string | null;
	readonly region?: string | null;
	readonly arch?: string | null;
	readonly minVcpus?: string | number | null;
	readonly minMemoryGib?: string | number | null;
	/** A comma list (`--shape a,b`) or a list. */
	readonly shapes?: string | readonly string[] | null;
	readonly placement?: string | null;
	readonly enaExpress?: boolean | null;
	readonly tier1?: boolean | null;
}

function shown(value: unknown): string {
	return JSON.stringify(typeof value === 'number' ? String(value) : value) ?? String(value);
}

export function parseCloudScope(value: string | null | undefined): CloudScope {
	if (value === undefined || value === null) {
		return defaultWorkload.cloud;
	}

	const normalised = value.trim().toLowerCase();
	const scope = cloudScopes.find((candidate) => candidate === normalised);
	if (scope === undefined) {
		throw new UserError(`unknown cloud ${shown(value)} (use aws, gcp, oci or any)`);
	}

	return scope;
}

export function parseStreams(value: string | number | null | undefined): number {
	if (value === undefined || value === null) {
		return defaultWorkload.streams;
	}

	const text = typeof value === 'number' ? String(value) : value.trim();
	const streams = /^\d+$/.test(text) ? Number(text) : Number.NaN;
	if (!Number.isSafeInteger(streams) || streams < 1) {
		throw new UserError(`--streams must be a whole number >= 1 (got ${shown(value)})`);
	}

	return streams;
}

export function parseMinGbps(value: string | number | null | undefined): number | null {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
		return null;
	}

	const text = typeof value === 'number' ? String(value) : value.trim();
	const gbps = /^\+?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
	if (!Number.isFinite(gbps) || gbps < 0) {
		throw new UserError(`--min-gbps must be a number >= 0 (got ${shown(value)})`);
	}

	return gbps;
}

function oneOf<Value extends string>(
	flag: string,
	allowed: readonly Value[],
	value: string | null | undefined,
	aliases: Readonly<Record<string, Value>> = {},
): Value | null {
	if (value === undefined || value === null) return null;
	const normalised = value.trim().toLowerCase();
	const found = allowed.find((candidate) => candidate === normalised) ?? aliases[normalised];
	if (found === undefined) {
		const choices = `${allowed.slice(0, -1).join(', ')} or ${allowed[allowed.length - 1] ?? ''}`;
		throw new UserError(`--${flag} must be ${choices} (got ${shown(value)})`);
	}

	return found;
}

export function parsePath(value: string | null | undefined): NetworkPath {
	return oneOf('path', networkPaths, value) ?? defaultWorkload.path;
}

export function parseArch(value: string | null | undefined): Arch | null {
	return oneOf('arch', arches, value, {aarch64: 'arm64', amd64: 'x86_64', 'x86-64': 'x86_64'});
}

export function parsePlacementPin(value: string | null | undefined): Placement | null {
	return oneOf('placement', placements, value);
}

/** Region names as the clouds write them: us-east-1, us-central1, us-ashburn-1, europe-west4. */
const regionPattern = /^[a-z]{2,}(-[a-z0-9]+)+$/;

export function parseRegion(value: string | null | undefined): string | null {
	if (value === undefined || value === null) return null;
	const region = value.trim().toLowerCase();
	if (!regionPattern.test(region)) {
		throw new UserError(`--region must be a region name such as us-east-1 or us-central1 (got ${shown(value)})`);
	}

	return region;
}

/** A whole number >= 1 (`--min-vcpus`), or null when absent. */
export function parseMinVcpus(value: string | number | null | undefined): number | null {
	if (value === undefined || value === null) return null;
	const text = typeof value === 'number' ? String(value) : value.trim();
	const count = /^\d+$/.test(text) ? Number(text) : Number.NaN;
	if (!Number.isSafeInteger(count) || count < 1) {
		throw new UserError(`--min-vcpus must be a whole number >= 1 (got ${shown(value)})`);
	}

	return count;
}

/** GiB above 0 (`--min-memory`), or null when absent. */
export function parseMinMemory(value: string | number | null | undefined): number | null {
	if (value === undefined || value === null) return null;
	const text = typeof value === 'number' ? String(value) : value.trim();
	const gib = /^\+?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
	if (!Number.isFinite(gib) || gib <= 0) {
		throw new UserError(`--min-memory must be a number of GiB above 0 (got ${shown(value)})`);
	}

	return gib;
}

/** `--shape a,b` -> ["a", "b"]; the catalogue decides whether each exists. */
export function parseShapes(value: string | readonly string[] | null | undefined): readonly string[] {
	if (value === undefined || value === null || (typeof value !== 'string' && value.length === 0)) return [];
	const items = (typeof value === 'string' ? [value] : value).flatMap((item) => item.split(','));
	const shapes = items.map((item) => item.trim()).filter((item) => item.length > 0);
	if (shapes.length === 0) throw new UserError('--shape needs a shape name, e.g. m7i.8xlarge');
	return [...new Set(shapes)];
}

function parsePin(name: string, value: boolean | null | undefined): boolean | null {
	if (value === undefined || value === null) return null;
	if (typeof value !== 'boolean') throw new UserError(`--${name} is a switch and takes no value (got ${shown(value)})`);
	return value;
}

function parseFlag(name: string, value: boolean | null | undefined): boolean {
	if (value === undefined || value === null) {
		return false;
	}

	if (typeof value !== 'boolean') {
		throw new UserError(`--${name} is a switch and takes no value (got ${shown(value)})`);
	}

	return value;
}

/** Validate every field; missing ones take DESIGN.md's defaults (cloud any, one stream, no minimum, same zone). */
export function parseWorkload(input: WorkloadInput = {}): Workload {
	return {
		cloud: parseCloudScope(input.cloud),
		streams: parseStreams(input.streams),
		latencySensitive: parseFlag('latency-sensitive', input.latencySensitive),
		faultIsolation: parseFlag('fault-isolation', input.faultIsolation),
		minGbps: parseMinGbps(input.minGbps),
		sustained: parseFlag('sustained', input.sustained),
		keepLiveMigration: parseFlag('keep-live-migration', input.keepLiveMigration),
		path: parsePath(input.path),
		region: parseRegion(input.region),
		arch: parseArch(input.arch),
		minVcpus: parseMinVcpus(input.minVcpus),
		minMemoryGib: parseMinMemory(input.minMemoryGib),
		shapes: parseShapes(input.shapes),
		placement: parsePlacementPin(input.placement),
		enaExpress: parsePin('ena-express', input.enaExpress),
		tier1: parsePin('tier1', input.tier1),
	};
}

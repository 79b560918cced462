// Turn loose input (CLI flags, wizard answers, a saved profile) into a validated Workload.
// Bad values throw UserError with one line naming the flag and the value.

import {UserError} from '../errors.js';
import {type CloudScope, cloudScopes, defaultWorkload, type Workload} from './types.js';

export interface WorkloadInput {
	readonly cloud?: string | null;
	readonly streams?: string | number | null;
	readonly minGbps?: string | number | null;
	readonly latencySensitive?: boolean | null;
	readonly faultIsolation?: boolean | null;
	readonly sustained?: boolean | null;
	readonly keepLiveMigration?: boolean | null;
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

function parseFlag(name: string, value: boolean | null | undefined): boolean {
	if (value === undefined || value === null) {
		return false;
	}

	if (typeof value !== 'boolean') {
		throw new UserError(`--${name} is a switch and takes no value (got ${shown(value)})`);
	}

	return value;
}

/** Validate every field; missing ones take DESIGN.md's defaults (cloud any, one stream, no minimum). */
export function parseWorkload(input: WorkloadInput = {}): Workload {
	return {
		cloud: parseCloudScope(input.cloud),
		streams: parseStreams(input.streams),
		latencySensitive: parseFlag('latency-sensitive', input.latencySensitive),
		faultIsolation: parseFlag('fault-isolation', input.faultIsolation),
		minGbps: parseMinGbps(input.minGbps),
		sustained: parseFlag('sustained', input.sustained),
		keepLiveMigration: parseFlag('keep-live-migration', input.keepLiveMigration),
	};
}

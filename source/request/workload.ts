// Turn loose input (CLI flags, wizard answers, a saved profile) into a validated Workload: the request layer's
// workload half. Numbers are checked against the one bounds table (source/domain/bounds.ts); every bad field
// is named at once, in one UserError line (exit 2). Pure.

import {requestBounds} from '../domain/bounds.js';
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
import {cloudOfRegion} from '../sizing/cloud-regions.js';
import {checkRegion} from './region.js';
import {ProblemList} from './request-errors.js';
import {boundedNumber} from './request-number.js';
import {parseTransferBytes, parseWithinSeconds, transferTargetGbps} from './transfer-units.js';

export interface WorkloadInput {
	readonly cloud?: string | null;
	readonly streams?: string | number | null;
	readonly minGbps?: string | number | null;
	readonly latencySensitive?: boolean | null;
	readonly faultIsolation?: boolean | null;
	/** A boolean, or `--sustained`'s text: empty/yes/true/on/1 or no/false/off/0. */
	readonly sustained?: boolean | string | null;
	/** `--transfer`: a size with its unit (50TB), or bytes from a stored profile. */
	readonly transferBytes?: string | number | null;
	/** `--within`: a duration with its unit (6h), or seconds from a stored profile. */
	readonly withinSeconds?: string | number | null;
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
	readonly rttMs?: string | number | null;
	readonly mtu?: string | number | null;
	/** `--tcp-rmem-max` / `--tcp-wmem-max`: the third field of net.ipv4.tcp_rmem / tcp_wmem. */
	readonly tcpRmemMax?: string | number | null;
	readonly tcpWmemMax?: string | number | null;
	/** `--rmem-max` / `--wmem-max`: net.core.rmem_max / wmem_max. */
	readonly rmemMax?: string | number | null;
	readonly wmemMax?: string | number | null;
	/** `--cc`: cubic, bbr or reno. */
	readonly cc?: string | null;
	/** Percent; "0.01" or "0.01%". */
	readonly lossPercent?: string | number | null;
	/** `--to-region`: the far end of a cross-Region path. */
	readonly toRegion?: string | null;
	readonly hostsAsIs?: boolean | string | null;
	readonly maxPairs?: string | number | null;
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
	return value === undefined || value === null
		? defaultWorkload.streams
		: boundedNumber(requestBounds.workloadStreams, value);
}

/** null: no target. Empty text is a missing value (`--min-gbps` with nothing after it). */
export function parseMinGbps(value: string | number | null | undefined): number | null {
	return value === undefined || value === null ? null : boundedNumber(requestBounds.minGbps, value);
}

/** `--sustained` for advise: present (empty) means yes; anything but yes/no words is refused. */
export function presenceSwitch(flag: string, raw: string): boolean {
	const text = raw.trim().toLowerCase();
	if (['', 'yes', 'true', 'on', '1'].includes(text)) return true;
	if (['no', 'false', 'off', '0'].includes(text)) return false;
	throw new UserError(`--${flag} takes no value, or yes or no (got ${JSON.stringify(raw)})`);
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
		const choices = listed(allowed, 'or');
		throw new UserError(`--${flag} must be ${choices} (got ${shown(value)})`);
	}

	return found;
}

/** `--cc cubic|bbr|reno`, or null (Linux's default, CUBIC) when absent. */
export function parseCongestionControl(value: string | null | undefined): CongestionControl | null {
	return oneOf('cc', congestionControls, value);
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

/** `--region`, checked against the regions `cloud` names (request/region.ts), or null when absent. */
export function parseRegion(value: string | null | undefined, cloud: CloudScope = 'any'): string | null {
	if (value === undefined || value === null) return null;
	return checkRegion(cloud, value);
}

/** `--min-vcpus`, or null when absent. */
export function parseMinVcpus(value: string | number | null | undefined): number | null {
	return value === undefined || value === null ? null : boundedNumber(requestBounds.minVcpus, value);
}

/** `--min-memory` GiB, or null when absent. */
export function parseMinMemory(value: string | number | null | undefined): number | null {
	return value === undefined || value === null ? null : boundedNumber(requestBounds.minMemory, value);
}

/** `--shape a,b` -> ["a", "b"]; the catalogue decides whether each exists. */
export function parseShapes(value: string | readonly string[] | null | undefined): readonly string[] {
	if (value === undefined || value === null || (typeof value !== 'string' && value.length === 0)) return [];
	const items = (typeof value === 'string' ? [value] : value).flatMap((item) => item.split(','));
	const shapes = items.map((item) => item.trim()).filter((item) => item.length > 0);
	if (shapes.length === 0) throw new UserError('--shape needs a shape name, e.g. m7i.8xlarge');
	return [...new Set(shapes)];
}

/** `--rtt`, `--mtu` and the buffer flags: a number within its bound, or null (the default) when absent. */
export function parsePathNumber(
	bound: (typeof requestBounds)['pathRtt' | 'mtu' | 'tcpRmemMax' | 'tcpWmemMax' | 'rmemMax' | 'wmemMax'],
	value: string | number | null | undefined,
): number | null {
	return value === undefined || value === null ? null : boundedNumber(bound, value);
}

/** `--loss 0.01` or `--loss 0.01%`: packet loss in percent, within its bound, or null when absent. */
export function parseLossPercent(value: string | number | null | undefined): number | null {
	if (value === undefined || value === null) return null;
	const text = typeof value === 'string' ? value.trim().replace(/%$/, '') : value;
	return boundedNumber(requestBounds.loss, text);
}

function parsePin(name: string, value: boolean | null | undefined): boolean | null {
	if (value === undefined || value === null) return null;
	if (typeof value !== 'boolean') throw new UserError(`--${name} is a switch and takes no value (got ${shown(value)})`);
	return value;
}

function parseFlag(name: string, value: boolean | string | null | undefined): boolean {
	if (value === undefined || value === null) return false;
	return typeof value === 'boolean' ? value : presenceSwitch(name, value);
}

/**
 * Validate every field; missing ones take DESIGN.md's defaults (cloud any, one stream, no minimum, same zone).
 * One UserError (a RequestError) names every bad field at once.
 */
export function parseWorkload(input: WorkloadInput = {}): Workload {
	const problems = new ProblemList();
	const field = <Value>(name: string, parse: () => Value, fallback: Value): Value =>
		problems.check(name, parse) ?? fallback;
	const cloud = field('cloud', () => parseCloudScope(input.cloud), defaultWorkload.cloud);
	const workload: Workload = {
		cloud,
		streams: field('streams', () => parseStreams(input.streams), defaultWorkload.streams),
		latencySensitive: field('latencySensitive', () => parseFlag('latency-sensitive', input.latencySensitive), false),
		faultIsolation: field('faultIsolation', () => parseFlag('fault-isolation', input.faultIsolation), false),
		minGbps: field('minGbps', () => parseMinGbps(input.minGbps), null),
		sustained: field('sustained', () => parseFlag('sustained', input.sustained), false),
		transferBytes: field('transfer', () => parseTransferBytes(input.transferBytes), null),
		withinSeconds: field('within', () => parseWithinSeconds(input.withinSeconds), null),
		keepLiveMigration: field(
			'keepLiveMigration',
			() => parseFlag('keep-live-migration', input.keepLiveMigration),
			false,
		),
		path: field('path', () => parsePath(input.path), defaultWorkload.path),
		region: field('region', () => parseRegion(input.region, cloud), null),
		arch: field('arch', () => parseArch(input.arch), null),
		minVcpus: field('minVcpus', () => parseMinVcpus(input.minVcpus), null),
		minMemoryGib: field('minMemory', () => parseMinMemory(input.minMemoryGib), null),
		shapes: field('shape', () => parseShapes(input.shapes), []),
		placement: field('placement', () => parsePlacementPin(input.placement), null),
		enaExpress: field('enaExpress', () => parsePin('ena-express', input.enaExpress), null),
		tier1: field('tier1', () => parsePin('tier1', input.tier1), null),
		rttMs: field('rtt', () => parsePathNumber(requestBounds.pathRtt, input.rttMs), null),
		mtu: field('mtu', () => parsePathNumber(requestBounds.mtu, input.mtu), null),
		tcpRmemMax: field('tcpRmemMax', () => parsePathNumber(requestBounds.tcpRmemMax, input.tcpRmemMax), null),
		tcpWmemMax: field('tcpWmemMax', () => parsePathNumber(requestBounds.tcpWmemMax, input.tcpWmemMax), null),
		rmemMax: field('rmemMax', () => parsePathNumber(requestBounds.rmemMax, input.rmemMax), null),
		wmemMax: field('wmemMax', () => parsePathNumber(requestBounds.wmemMax, input.wmemMax), null),
		cc: field('cc', () => parseCongestionControl(input.cc), null),
		lossPercent: field('loss', () => parseLossPercent(input.lossPercent), null),
		toRegion: null,
		hostsAsIs: field('hostsAsIs', () => parseFlag('hosts-as-is', input.hostsAsIs), false),
		maxPairs: field('maxPairs', () => parseMaxPairs(input.maxPairs), defaultWorkload.maxPairs),
	};
	const far = problems.check('toRegion', () => parseToRegion(input, workload)) ?? null;
	problems.throwIfAny();
	const path = far !== null && (input.path === undefined || input.path === null) ? 'cross-region' : workload.path;
	return withTransferTarget({...workload, toRegion: far, path});
}

/** `--max-pairs`: an integer within its bound, or the default (16) when absent. */
export function parseMaxPairs(value: string | number | null | undefined): number {
	return value === undefined || value === null
		? defaultWorkload.maxPairs
		: boundedNumber(requestBounds.maxPairs, value);
}

/**
 * `--to-region`: checked as `--region` is (did-you-mean), of the same cloud as `--region`, and only on a
 * cross-Region path (given with no `--path`, it names one). Null when absent.
 */
export function parseToRegion(input: WorkloadInput, workload: Workload): string | null {
	const value = input.toRegion;
	if (value === undefined || value === null) return null;
	if (value.trim() === '') throw new UserError('--to-region needs a region, e.g. eu-west-1');
	const far = checkRegion(workload.cloud, value);
	const given = input.path !== undefined && input.path !== null;
	if (given && workload.path !== 'cross-region') {
		throw new UserError(`--to-region names the far end of a cross-Region path, not ${workload.path}`);
	}

	const near = workload.region === null ? null : cloudOfRegion(workload.region);
	const other = cloudOfRegion(far);
	if (near !== null && other !== null && near !== other) {
		throw new UserError(`--to-region ${far} is not a region of ${workload.region}'s cloud (${near})`);
	}

	if (workload.region === far)
		throw new UserError(`--to-region ${far} is --region itself: that path stays in the Region`);
	return far;
}

/**
 * The job's rate: the volume over the time (rounded up to 0.01 Gbps) and --min-gbps, the larger binding (a
 * target stated beside a deadline never lets a plan that misses the deadline read "meets"). The flags go
 * through it here; every answer does again (session/answer.ts), for a wizard or what-if target set below it.
 */
export function withTransferTarget(workload: Workload): Workload {
	const target = transferTargetGbps(workload);
	if (target === null) return workload;
	return {...workload, minGbps: Math.max(workload.minGbps ?? 0, target)};
}

// Turn loose input (CLI flags, a saved profile, a file being imported, the wizard's answers) into a validated
// Workload: the request layer's one workload builder. Each field is parsed by its parser in
// request/workload-fields.ts (numbers against the one bounds table, domain/bounds.ts) and refused under the name
// the user gave it (`--streams`, `streams in profile lab-8`, a wizard question); every bad field is named at
// once, in one UserError line (exit 2). Pure.

import {requestBounds} from '../domain/bounds.js';
import {UserError} from '../domain/errors.js';
import {defaultWorkload, type Workload} from '../domain/types.js';
import {cloudOfRegion} from '../sizing/cloud-regions.js';
import {checkRegion} from './region.js';
import {ProblemList} from './request-errors.js';
import {parseTransferBytes, parseWithinSeconds, transferTargetGbps} from './transfer-units.js';
import {
	boundedField,
	type FieldSource,
	fieldName,
	fromFlags,
	parseArch,
	parseCloudScope,
	parseCongestionControl,
	parseLossPercent,
	parsePath,
	parsePin,
	parsePlacementPin,
	parseRegion,
	parseShapes,
	parseSwitch,
	type WorkloadField,
	workloadFlags,
} from './workload-fields.js';

export {parseCloudScope, presenceSwitch} from './workload-fields.js';

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

/** Every field from one source (default: the flags); `sourceOf` names each field's own (flags over a profile). */
export type SourceOf = (field: WorkloadField) => FieldSource;

const everyField = Object.keys(workloadFlags) as WorkloadField[];

/** Each field's parser: its value as given, the name a refusal uses, the cloud parsed before it. */
type FieldParsers = {
	readonly [Field in Exclude<WorkloadField, 'cloud' | 'toRegion'>]: (
		input: WorkloadInput,
		name: string,
		cloud: Workload['cloud'],
	) => Workload[Field];
};

const bounds = requestBounds;
const parsers: FieldParsers = {
	streams: (input, name) => boundedField(bounds.workloadStreams, input.streams, defaultWorkload.streams, name),
	latencySensitive: (input, name) => parseSwitch(input.latencySensitive, name),
	faultIsolation: (input, name) => parseSwitch(input.faultIsolation, name),
	minGbps: (input, name) => boundedField(bounds.minGbps, input.minGbps, null, name),
	sustained: (input, name) => parseSwitch(input.sustained, name),
	transferBytes: (input, name) => parseTransferBytes(input.transferBytes, name),
	withinSeconds: (input, name) => parseWithinSeconds(input.withinSeconds, name),
	keepLiveMigration: (input, name) => parseSwitch(input.keepLiveMigration, name),
	path: (input, name) => parsePath(input.path, name),
	region: (input, name, cloud) => parseRegion(input.region, cloud, name),
	arch: (input, name) => parseArch(input.arch, name),
	minVcpus: (input, name) => boundedField(bounds.minVcpus, input.minVcpus, null, name),
	minMemoryGib: (input, name) => boundedField(bounds.minMemory, input.minMemoryGib, null, name),
	shapes: (input, name) => parseShapes(input.shapes, name),
	placement: (input, name) => parsePlacementPin(input.placement, name),
	enaExpress: (input, name) => parsePin(input.enaExpress, name),
	tier1: (input, name) => parsePin(input.tier1, name),
	rttMs: (input, name) => boundedField(bounds.pathRtt, input.rttMs, null, name),
	mtu: (input, name) => boundedField(bounds.mtu, input.mtu, null, name),
	tcpRmemMax: (input, name) => boundedField(bounds.tcpRmemMax, input.tcpRmemMax, null, name),
	tcpWmemMax: (input, name) => boundedField(bounds.tcpWmemMax, input.tcpWmemMax, null, name),
	rmemMax: (input, name) => boundedField(bounds.rmemMax, input.rmemMax, null, name),
	wmemMax: (input, name) => boundedField(bounds.wmemMax, input.wmemMax, null, name),
	cc: (input, name) => parseCongestionControl(input.cc, name),
	lossPercent: (input, name) => parseLossPercent(input.lossPercent, name),
	hostsAsIs: (input, name) => parseSwitch(input.hostsAsIs, name),
	maxPairs: (input, name) => boundedField(bounds.maxPairs, input.maxPairs, defaultWorkload.maxPairs, name),
};

/**
 * Validate every field; missing ones take DESIGN.md's defaults (cloud any, one stream, no minimum, same zone),
 * and a transfer's rate binds the target (withTransferTarget). One UserError (a RequestError) names every bad
 * field at once, each as its source gave it.
 */
export function parseWorkload(input: WorkloadInput = {}, sourceOf: SourceOf = () => fromFlags): Workload {
	return withTransferTarget(buildWorkload(input, sourceOf));
}

/** One field of `input`, by its parser, refused as `source` names it; `workload` holds the fields it depends on. */
export function parseField<Field extends WorkloadField>(
	field: Field,
	input: WorkloadInput,
	source: FieldSource,
	workload: Workload,
): Workload[Field] {
	const name = fieldName(field, source);
	if (field === 'cloud') return parseCloudScope(input.cloud, name) as Workload[Field];
	if (field === 'toRegion') return parseToRegion(input, workload, name) as Workload[Field];
	const parse = parsers[field as Exclude<WorkloadField, 'cloud' | 'toRegion'>];
	return parse(input, name, workload.cloud) as Workload[Field];
}

function buildWorkload(input: WorkloadInput, sourceOf: SourceOf): Workload {
	const problems = new ProblemList();
	const nameOf = (field: WorkloadField) => fieldName(field, sourceOf(field));
	const cloud = problems.check('cloud', () => parseCloudScope(input.cloud, nameOf('cloud'))) ?? defaultWorkload.cloud;
	const fields: Record<string, unknown> = {cloud, toRegion: null};
	for (const field of everyField) {
		if (field === 'cloud' || field === 'toRegion') continue;
		const parsed = problems.check(workloadFlags[field], () => parsers[field](input, nameOf(field), cloud));
		fields[field] = parsed === undefined ? defaultWorkload[field] : parsed;
	}

	const workload = fields as unknown as Workload;
	const far = problems.check('toRegion', () => parseToRegion(input, workload, nameOf('toRegion'))) ?? null;
	problems.throwIfAny();
	const path = far !== null && (input.path === undefined || input.path === null) ? 'cross-region' : workload.path;
	return {...workload, toRegion: far, path};
}

/**
 * Why a stored profile's workload cannot be used, each bad field named as the profile's (`streams in profile
 * lab-8 must be an integer from 1 to 4096, got "100000"`), or null: the profile store's `checkWorkload`.
 */
export function profileWorkloadProblem(profile: string, workload: Workload): string | null {
	try {
		parseWorkload(workload, () => ({kind: 'profile', profile}));
		return null;
	} catch (error: unknown) {
		if (error instanceof UserError) return error.message;
		throw error;
	}
}

/**
 * `--to-region`: checked as `--region` is (did-you-mean), of the same cloud as `--region`, and only on a
 * cross-Region path (given with no `--path`, it names one). Null when absent.
 */
export function parseToRegion(input: WorkloadInput, workload: Workload, name = '--to-region'): string | null {
	const value = input.toRegion;
	if (value === undefined || value === null) return null;
	if (name === '--to-region') return farRegion(input, workload, value);
	try {
		return farRegion(input, workload, value);
	} catch (error: unknown) {
		if (!(error instanceof UserError)) throw error;
		throw new UserError(`${name}: ${error.message}`, error.hint);
	}
}

function farRegion(input: WorkloadInput, workload: Workload, value: string): string {
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

// Checks a stored probe-run entry before it becomes evidence (pure). Returns a reason for the first
// problem found, so a corrupt entry is reported precisely and skipped, never silently used.

import {maxEvidenceGbps} from '../domain/physical-bounds.js';
import {type PublishedKind, placements} from '../domain/types.js';
import {providerIds} from '../providers/provider.js';

const publishedKinds: readonly PublishedKind[] = [
	'base-and-peak',
	'peak-over-baseline',
	'per-ocpu',
	'derived-per-vcpu',
	'lab-cap',
	'measured-only',
];

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNumber(value: unknown): value is number {
	return typeof value === 'number' && Number.isFinite(value);
}

function checkResult(result: unknown, where: string): string | null {
	if (!isObject(result)) return `${where} is not an object`;
	for (const key of ['streams', 'gbps', 'min', 'max', 'samples', 'retransmits']) {
		if (!isNumber(result[key])) return `${where}.${key} is not a number`;
	}

	if ((result['streams'] as number) < 1 || (result['samples'] as number) < 1)
		return `${where} has no streams or samples`;
	// Evidence inside physical bounds: no rate below 0, none above the highest a request may ask (10,000 Gbps;
	// the largest published figure is 3,200). Before, 1e308 or -50 became evidence.
	for (const key of ['gbps', 'min', 'max']) {
		const value = result[key] as number;
		if (value < 0 || value > maxEvidenceGbps) return `${where}.${key} ${value} Gbps is outside 0 to ${maxEvidenceGbps}`;
	}

	return null;
}

function checkPair(pair: unknown, where: string): string | null {
	if (!isObject(pair)) return `${where} is not an object`;
	if (!placements.includes(pair['placement'] as never)) return `${where}.placement is not a placement`;
	const published = pair['published'];
	if (!isObject(published) || !(published['gbps'] === null || isNumber(published['gbps'])))
		return `${where}.published.gbps is not a number`;
	if (!publishedKinds.includes(published['kind'] as PublishedKind)) return `${where}.published.kind is unknown`;
	const results = pair['results'];
	if (!Array.isArray(results)) return `${where}.results is not a list`;
	for (const [index, result] of results.entries()) {
		const problem = checkResult(result, `${where}.results[${index}]`);
		if (problem) return problem;
	}

	const rtt = pair['rtt'];
	if (rtt !== null && rtt !== undefined) {
		if (!isObject(rtt) || !isNumber(rtt['medianMs']) || !isNumber(rtt['avgMs']) || !isNumber(rtt['mdevMs']))
			return `${where}.rtt is malformed`;
	}

	return null;
}

/** Null when `run` has everything a ProbeRun needs to be evidence, else why not. */
export function probeRunProblem(run: unknown): string | null {
	if (!isObject(run)) return 'run is not an object';
	if (typeof run['runId'] !== 'string' || run['runId'] === '') return 'runId is missing';
	if (!providerIds.includes(run['provider'] as never)) return 'provider is unknown';
	if (typeof run['shape'] !== 'string') return 'shape is missing';
	if (!(run['region'] === null || typeof run['region'] === 'string')) return 'region is malformed';
	const pairs = run['pairs'];
	if (!Array.isArray(pairs)) return 'pairs is not a list';
	for (const [index, pair] of pairs.entries()) {
		const problem = checkPair(pair, `pairs[${index}]`);
		if (problem) return problem;
	}

	return null;
}

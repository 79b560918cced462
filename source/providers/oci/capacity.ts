// OCI capacity and limits. Before anything is created, the compute core limit of the shape's family is read
// per availability domain (Limits API getResourceAvailability, serviceName `compute`, AD scope; limit names
// as in `oci limits value list --service-name compute`: standard-a1-core-count, standard-e4-core-count,
// standard-e5-core-count, standard3-core-count); a launch would otherwise fail with LimitExceeded ("The
// following service limits were exceeded: standard-a1-core-count"). LaunchInstance answering 500
// InternalError "Out of host capacity." is per AD: the pair is launched in the next AD with room when the
// AD was not pinned (--zone) and the placement allows it (a cluster placement group lives in one AD).

import {RuntimeError} from '../../domain/errors.js';
import type {OciClients} from './clients.js';

const coreLimits: ReadonlyArray<readonly [RegExp, string]> = [
	[/\.A1\./, 'standard-a1-core-count'],
	[/\.E4\./, 'standard-e4-core-count'],
	[/\.E5\./, 'standard-e5-core-count'],
	[/^VM\.Standard3\./, 'standard3-core-count'],
];

/** The compute core limit a shape counts against, or null (not mapped: not checked). */
export function coreLimitOf(shape: string): string | null {
	return coreLimits.find(([pattern]) => pattern.test(shape))?.[1] ?? null;
}

/** The OciError of a launch that found no host: 500, code InternalError, "Out of host capacity." */
export function isOutOfHostCapacity(error: unknown): boolean {
	const record = typeof error === 'object' && error !== null ? (error as {statusCode?: unknown}) : {};
	return record.statusCode === 500 && /out of host capacity/i.test(error instanceof Error ? error.message : '');
}

export interface AdAvailability {
	/** ADs with room for the run, in order: the ones to try. */
	readonly usable: readonly string[];
	readonly note: string;
}

/**
 * Cores available per AD against what the run needs there (both hosts of a pair share an AD). No AD with
 * room: a RuntimeError naming the limit and the figures. Unreadable: every AD stays, the note says so.
 */
export async function checkCoreLimits(
	clients: OciClients,
	compartmentId: string,
	shape: string,
	ocpusPerInstance: number,
	instances: number,
	ads: readonly string[],
): Promise<AdAvailability> {
	const limitName = coreLimitOf(shape);
	if (!limitName) return {usable: ads, note: `core limit not checked: no compute limit known for ${shape}`};
	const needed = ocpusPerInstance * instances;
	const read = await Promise.all(
		ads.map(async (availabilityDomain) =>
			clients.limits
				.getResourceAvailability({serviceName: 'compute', limitName, compartmentId, availabilityDomain})
				.then(({resourceAvailability}) => ({availabilityDomain, available: resourceAvailability.available}))
				.catch(() => ({availabilityDomain, available: undefined})),
		),
	);
	if (read.every((entry) => entry.available === undefined)) {
		return {usable: ads, note: `core limit ${limitName} not checked (the Limits API did not answer)`};
	}

	const usable = read
		.filter((entry) => entry.available === undefined || entry.available >= needed)
		.map((entry) => entry.availabilityDomain);
	const figures = read.map((entry) => `${entry.availabilityDomain} ${entry.available ?? '?'}`).join(', ');
	if (usable.length === 0) {
		throw new RuntimeError(
			`oci core limit too small: ${limitName} has ${figures} cores available, this run needs ${needed} in one AD (${instances} x ${ocpusPerInstance} OCPU)`,
			'request a limit increase, or probe fewer placements / fewer --ocpus',
		);
	}

	return {usable, note: `core limit ${limitName}: ${figures} available, this run needs ${needed}`};
}

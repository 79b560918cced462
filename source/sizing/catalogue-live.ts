// Live refresh of catalogue figures: what a cloud's own API says about a shape (DescribeInstanceTypes,
// MachineTypes.get, listShapes), set beside the bundled record, and every field where the two differ.
// A live figure that disagrees is shown, not hidden, and never written back. Pure.

import type {ShapeRecord} from '../domain/model-types.js';
import type {RealCloud} from '../domain/types.js';

/** One shape as a cloud's API describes it; a field the API does not give is absent. */
export interface LiveFigures {
	readonly cloud: RealCloud;
	readonly shape: string;
	readonly baselineGbps?: number | null;
	readonly peakGbps?: number | null;
	readonly vcpus?: number | null;
	readonly memoryGib?: number | null;
	readonly enaExpress?: boolean | null;
	readonly cluster?: boolean | null;
	readonly gbpsPerOcpu?: number | null;
	readonly maxGbps?: number | null;
	readonly minOcpus?: number | null;
	readonly maxOcpus?: number | null;
	/**
	 * The Gbps are the cloud's per-vCPU rule on the live vCPUs (GCP: its API gives no bandwidth): comparable
	 * only with a bundled figure derived by the same rule, not with one documented per machine type.
	 */
	readonly bandwidthByRule?: true;
}

export type LiveField = Exclude<keyof LiveFigures, 'cloud' | 'shape' | 'bandwidthByRule'>;

export interface LiveDifference {
	readonly shape: string;
	readonly field: LiveField;
	readonly bundled: number | boolean | null;
	readonly live: number | boolean | null;
}

/** One cloud's live check: what was called (or why nothing was), and what differs. */
export interface LiveReport {
	readonly cloud: RealCloud;
	/** e.g. `DescribeInstanceTypes us-west-2`; null when nothing was called. */
	readonly calledAs: string | null;
	/** Why nothing was called (no credentials, no project, ...), else null. */
	readonly skipped: string | null;
	readonly checked: number;
	/** Asked about but not returned by the API (not offered there, or retired). */
	readonly missing: readonly string[];
	readonly differences: readonly LiveDifference[];
}

/** At most this many shapes per cloud are asked about in one run. */
export const liveShapeLimit = 100;

function bundledValue(record: ShapeRecord, field: LiveField): number | boolean | null {
	switch (field) {
		case 'baselineGbps':
			return record.flex ? null : record.bandwidth.baselineGbps;
		case 'peakGbps':
			return record.flex ? null : record.bandwidth.peakGbps;
		case 'vcpus':
			return record.flex ? null : record.vcpus;
		case 'memoryGib':
			return record.memoryGib;
		case 'enaExpress':
			return record.enaExpress;
		case 'cluster':
			return record.placements.includes('cluster');
		case 'gbpsPerOcpu':
			return record.flex?.gbpsPerOcpu ?? null;
		case 'maxGbps':
			return record.flex?.maxGbps ?? null;
		case 'minOcpus':
			return record.flex?.minOcpus ?? null;
		case 'maxOcpus':
			return record.flex?.maxOcpus ?? null;
	}
}

const close = (left: number | boolean, right: number | boolean): boolean =>
	typeof left === 'number' && typeof right === 'number'
		? Math.abs(left - right) <= 0.005 * Math.max(1, right)
		: left === right;

/** Every field the API gave that differs from the bundled record (a bundled null the API fills counts). */
export function compareLive(record: ShapeRecord, live: LiveFigures): LiveDifference[] {
	const differences: LiveDifference[] = [];
	const ruleOnly = live.bandwidthByRule === true && record.bandwidth.kind !== 'derived-per-vcpu';
	for (const field of Object.keys(live) as (keyof LiveFigures)[]) {
		if (field === 'cloud' || field === 'shape' || field === 'bandwidthByRule') {
			continue;
		}

		if (ruleOnly && (field === 'baselineGbps' || field === 'peakGbps')) continue;

		const value = live[field] ?? null;
		const bundled = bundledValue(record, field);
		if (value !== null && (bundled === null || !close(bundled, value))) {
			differences.push({shape: record.shape, field, bundled, live: value});
		}
	}

	return differences;
}

/** The report for one cloud from the records asked about and what the API returned. */
export function liveReport(
	cloud: RealCloud,
	calledAs: string,
	records: readonly ShapeRecord[],
	figures: readonly LiveFigures[],
): LiveReport {
	const byName = new Map(figures.map((figure) => [figure.shape, figure]));
	const missing: string[] = [];
	const differences: LiveDifference[] = [];
	for (const record of records) {
		const figure = byName.get(record.shape);
		if (figure) {
			differences.push(...compareLive(record, figure));
		} else {
			missing.push(record.shape);
		}
	}

	return {cloud, calledAs, skipped: null, checked: records.length - missing.length, missing, differences};
}

export function skippedReport(cloud: RealCloud, why: string): LiveReport {
	return {cloud, calledAs: null, skipped: why, checked: 0, missing: [], differences: []};
}

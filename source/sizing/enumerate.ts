// Every configuration a workload allows: shape x placement x options x OCPUs, predicted and priced. Pure.

import type {EvidenceView} from '../advisor/evidence.js';
import type {Placement, RealCloud, Workload} from '../advisor/types.js';
import {allowedOptions, allowedPlacements, ocpuRange, scopeClouds, shapeAllowed} from './constraints.js';
import {predict, studyEvidence} from './model.js';
import {priceOf} from './price.js';
import type {Candidate} from './rank.js';
import type {Configuration, ConfigurationOptions, ShapeRecord} from './types.js';

function predicted(
	configuration: Configuration,
	record: ShapeRecord,
	workload: Workload,
	evidence: EvidenceView,
): Candidate {
	const options = {evidence, sustained: workload.sustained, region: workload.region};
	const prediction = predict(configuration, workload.path, record, {...options, explain: false});
	return {
		configuration,
		record,
		prediction,
		price: priceOf(configuration, record, workload.region),
		explained: () => predict(configuration, workload.path, record, options),
	};
}

/**
 * OCPU counts worth showing for a Flex shape: the range's ends, where the bandwidth reaches its maximum,
 * and the smallest count that meets the target with the user's streams (binary search: monotone in OCPUs).
 */
function ocpuCandidates(
	record: ShapeRecord,
	workload: Workload,
	meets: (ocpus: number) => boolean,
): readonly (number | null)[] {
	const flex = record.flex;
	const range = ocpuRange(record, workload);
	if (flex === null) return [null];
	if (range === null) return [];
	const saturating = Math.ceil(flex.maxGbps / flex.gbpsPerOcpu);
	const counts = [range.low, range.high, Math.min(range.high, Math.max(range.low, saturating))];
	if (workload.minGbps !== null && meets(range.high)) {
		let low = range.low;
		let high = range.high;
		while (low < high) {
			const middle = Math.floor((low + high) / 2);
			if (meets(middle)) high = middle;
			else low = middle + 1;
		}

		counts.push(low);
	}

	return [...new Set(counts)].sort((a, b) => a - b);
}

/** Every configuration the workload allows, predicted and priced. */
export function enumerate(
	workload: Workload,
	shapes: readonly ShapeRecord[],
	evidence: EvidenceView = studyEvidence(),
): Candidate[] {
	const clouds = scopeClouds(workload);
	const candidates: Candidate[] = [];
	for (const record of shapes) {
		if (!shapeAllowed(record, workload, clouds)) continue;
		const options = allowedOptions(record, workload);
		for (const placement of allowedPlacements(record, workload)) {
			for (const option of options) {
				const make = (ocpus: number | null) =>
					configurationOf(record.cloud, record.shape, placement, option, ocpus, workload);
				const meets = (ocpus: number) =>
					(predicted(make(ocpus), record, workload, evidence).prediction.aggregateGbps ?? 0) >= (workload.minGbps ?? 0);
				for (const ocpus of ocpuCandidates(record, workload, meets)) {
					candidates.push(predicted(make(ocpus), record, workload, evidence));
				}
			}
		}
	}

	return candidates;
}

function configurationOf(
	cloud: RealCloud,
	shape: string,
	placement: Placement,
	options: ConfigurationOptions,
	ocpus: number | null,
	workload: Workload,
): Configuration {
	return {cloud, shape, placement, ocpus, options, streams: workload.streams};
}

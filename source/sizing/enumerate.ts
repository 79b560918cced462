// Every configuration a workload allows: shape x placement x options x OCPUs, predicted and priced. Pure.

import type {EvidenceView} from '../domain/evidence.js';
import type {Configuration, NetworkPath, Prediction, ShapeRecord} from '../domain/model-types.js';
import type {Workload} from '../domain/types.js';
import {allowedOptions, allowedPlacements, ocpuRange, scopeClouds, shapeAllowed} from './constraints.js';
import {type PredictOptions, predict, studyEvidence} from './model.js';
import {unknownOfferings} from './offering.js';
import type {HostInputs} from './path-defaults.js';
import {placementUnknown} from './placement-support.js';
import {plannedHosts} from './planned-hosts.js';
import {type ConfigurationPrice, priceOf} from './price.js';
import type {Candidate} from './rank.js';
import {reaches} from './resolution.js';
import {spanOf} from './transfer.js';

/**
 * A configuration predicted for the search (no basis lines); `explained()` writes them for one shown. Its
 * fields are `declare`d and set by the constructor alone, as CatalogueShape's (catalogue-record.ts says why).
 */
class SearchCandidate implements Candidate {
	declare readonly configuration: Configuration;
	declare readonly record: ShapeRecord;
	declare readonly search: SearchOptions;
	declare readonly prediction: Prediction;
	declare readonly price: ConfigurationPrice;
	declare readonly unknownFacts: number;

	/** `unknownRegions`: the plan's Regions whose offering of the shape is unknown (offering.ts). */
	constructor(
		configuration: Configuration,
		record: ShapeRecord,
		search: SearchOptions,
		price: ConfigurationPrice,
		unknownRegions: number,
	) {
		this.configuration = configuration;
		this.record = record;
		this.search = search;
		this.prediction = predict(configuration, search.path, record, search.quiet);
		this.price = price;
		this.unknownFacts = unknownFactsOf(configuration, record) + unknownRegions;
	}

	explained(hosts?: {readonly tcpRmemMax: number | null; readonly tcpWmemMax: number | null}): Prediction {
		const options = this.search.explained;
		const explained = hosts === undefined ? options : {...options, hosts: {...options.hosts, ...hosts}};
		return predict(this.configuration, this.search.path, this.record, explained);
	}

	/** The prediction with the hosts as they are (the workload's buffers, or Linux's). */
	asIs(): Prediction {
		return predict(this.configuration, this.search.path, this.record, this.search.asIs);
	}
}

/** The facts a configuration rests on that the catalogue does not know (an option's support): it ranks after known ones. */
function unknownFactsOf(configuration: Configuration, record: ShapeRecord): number {
	const option = configuration.options.enaExpress && record.enaExpress === null ? 1 : 0;
	return option + (placementUnknown(configuration.placement, record) ? 1 : 0);
}

/** The model's options for one enumeration, made once (the search predicts thousands of configurations). */
interface SearchOptions {
	readonly path: NetworkPath;
	readonly quiet: PredictOptions;
	readonly explained: PredictOptions & {readonly hosts: HostInputs};
	readonly asIs: PredictOptions;
}

function searchOptions(workload: Workload, evidence: EvidenceView): SearchOptions {
	const explained = {evidence, span: spanOf(workload), region: workload.region, hosts: plannedHosts(workload)};
	const asIs = {...explained, hosts: workload, explain: false};
	return {path: workload.path, quiet: {...explained, explain: false}, explained, asIs};
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

function configurationOf(
	record: ShapeRecord,
	placement: Configuration['placement'],
	options: Configuration['options'],
	ocpus: number | null,
	streams: number,
): Configuration {
	return {cloud: record.cloud, shape: record.shape, placement, ocpus, options, streams};
}

/** A Flex shape's configurations at one placement and option set: the OCPU counts worth showing. */
function flexConfigurations(
	record: ShapeRecord,
	placement: Configuration['placement'],
	options: Configuration['options'],
	workload: Workload,
	search: SearchOptions,
): Configuration[] {
	const make = (ocpus: number | null) => configurationOf(record, placement, options, ocpus, workload.streams);
	const meets = (ocpus: number) =>
		reaches(predict(make(ocpus), search.path, record, search.quiet).aggregateGbps ?? 0, workload.minGbps ?? 0);
	return ocpuCandidates(record, workload, meets).map(make);
}

/** Every configuration the workload allows, predicted and priced. */
export function enumerate(
	workload: Workload,
	shapes: readonly ShapeRecord[],
	evidence: EvidenceView = studyEvidence(),
): Candidate[] {
	const configurationsOf = enumerator(workload, evidence);
	const candidates: Candidate[] = [];
	for (const record of shapes) candidates.push(...configurationsOf(record));
	return candidates;
}

/** The configurations of one shape the workload allows, predicted and priced (a search taking shapes one by one). */
export function enumerator(
	workload: Workload,
	evidence: EvidenceView = studyEvidence(),
): (record: ShapeRecord) => Candidate[] {
	const clouds = scopeClouds(workload);
	const search = searchOptions(workload, evidence);
	const region = workload.region;
	return (record) => {
		const candidates: Candidate[] = [];
		if (!shapeAllowed(record, workload, clouds)) return candidates;
		const options = allowedOptions(record, workload);
		const unknownRegions = unknownOfferings(record, workload);
		// A fixed shape's configurations share one price (Tier_1's unknown SKU aside): read once, not per
		// configuration. No closure over the loops' variables: it would cost an allocation per configuration.
		let shared: ConfigurationPrice | undefined;
		for (const placement of allowedPlacements(record, workload)) {
			for (const option of options) {
				if (record.flex !== null) {
					for (const configuration of flexConfigurations(record, placement, option, workload, search)) {
						const price = priceOf(configuration, record, region);
						candidates.push(new SearchCandidate(configuration, record, search, price, unknownRegions));
					}

					continue;
				}

				const configuration = configurationOf(record, placement, option, null, workload.streams);
				let price = option.tier1 ? undefined : shared;
				price ??= priceOf(configuration, record, region);
				if (!option.tier1) shared = price;
				candidates.push(new SearchCandidate(configuration, record, search, price, unknownRegions));
			}
		}

		return candidates;
	};
}

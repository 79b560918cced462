// What the rules ask the model: the sized answer for the workload, and what-ifs over the same enumeration
// with the user's fault isolation and pins lifted (a cluster group when isolation was asked, ENA Express
// on or off, more streams), each predicted for the user's own workload. Pure.

import {lazyCandidates, type WalkScope} from '../../sizing/lazy-candidates.js';
import {predict} from '../../sizing/model.js';
import {priceOf} from '../../sizing/price.js';
import {type Candidate, meets} from '../../sizing/rank.js';
import {allowedBy, relaxedWorkload, size} from '../../sizing/search.js';
import type {Configuration, ConfigurationOptions, Prediction, ShapeRecord, SizeResult} from '../../sizing/types.js';
import {ociOcpus} from '../catalogue.js';
import type {EvidenceView} from '../evidence.js';
import type {Placement, RealCloud, Workload} from '../types.js';

export interface SizingView {
	readonly workload: Workload;
	readonly result: SizeResult;
	/** Every configuration of one shape under the relaxed workload (fault isolation and pins lifted), predicted. */
	ofShape(cloud: RealCloud, shape: string): readonly Candidate[];
	/**
	 * The best candidate passing `filter`: meeting the target cheapest, else the highest aggregate. `only`
	 * names the cloud (and shape) the filter is limited to: the search then walks no other shape.
	 */
	best(filter: (candidate: Candidate) => boolean, only?: WalkScope): Candidate | undefined;
	/** The best candidate the workload allows once `relax` is applied to it (e.g. fault isolation lifted). */
	bestWith(
		relax: Partial<Workload>,
		filter: (candidate: Candidate) => boolean,
		only?: WalkScope,
	): Candidate | undefined;
	/** Whether the workload itself allows a candidate (its fault isolation and pins). */
	allowed(candidate: Candidate): boolean;
	meets(candidate: Candidate | undefined): boolean;
	/** A shape as a candidate for the user's path, duration and streams (stock options unless given). */
	candidate(cloud: RealCloud, shape: string, placement: Placement, options?: ConfigurationOptions): Candidate | null;
	/** Predict a candidate's configuration at another stream count. */
	atStreams(candidate: Candidate, streams: number): Prediction;
}

export function sizingView(
	workload: Workload,
	shapes: readonly ShapeRecord[],
	evidence: EvidenceView,
	clouds: readonly RealCloud[],
): SizingView {
	const scoped = {...workload, cloud: clouds.length === 1 ? (clouds[0] ?? workload.cloud) : workload.cloud};
	const target = workload.minGbps;
	// The answer itself is size()'s; the what-ifs ask the relaxed workload, walking only the shapes they need.
	const result = size(scoped, shapes, evidence);
	const relaxed = lazyCandidates(relaxedWorkload(scoped), shapes, evidence, target);
	const options = {evidence, sustained: workload.sustained, region: workload.region, hosts: workload, explain: false};
	const best = (filter: (candidate: Candidate) => boolean, only?: WalkScope) => relaxed.best(filter, only);
	const predictOn = (configuration: Configuration, record: ShapeRecord) =>
		predict(configuration, workload.path, record, options);
	return {
		workload,
		result,
		ofShape: (cloud, shape) => relaxed.ofShape(cloud, shape),
		best,
		bestWith: (relax, filter, only) => {
			const lifted = {...scoped, ...relax};
			return best((candidate) => allowedBy(lifted, candidate) && filter(candidate), only);
		},
		allowed: (candidate) => allowedBy(workload, candidate),
		meets: (candidate) => candidate !== undefined && target !== null && meets(candidate, target),
		candidate: (cloud, shape, placement, given = {enaExpress: false, tier1: false}) => {
			// A few look-ups per answer (the study's shapes): a scan, not a map of every record's name.
			const record = shapes.find((entry) => entry.shape === shape && entry.cloud === cloud);
			if (record === undefined) return null;
			// A Flex shape at the study's OCPU count where it fits (the study's A1.Flex pair), else its smallest.
			const flex = record.flex;
			const ocpus =
				flex === null ? null : ociOcpus >= flex.minOcpus && ociOcpus <= flex.maxOcpus ? ociOcpus : flex.minOcpus;
			const configuration: Configuration = {cloud, shape, placement, ocpus, options: given, streams: workload.streams};
			return {
				configuration,
				record,
				prediction: predictOn(configuration, record),
				price: priceOf(configuration, record, workload.region),
			};
		},
		atStreams: (candidate, streams) => predictOn({...candidate.configuration, streams}, candidate.record),
	};
}

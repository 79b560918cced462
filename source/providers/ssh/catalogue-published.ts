// The published figure for `--provider ssh`: the catalogue's, for the shape the hosts were named as
// (--shape aws/c8g.4xlarge); none named, not published (measured only).

import {findShape, loadCatalogue} from '../../sizing/catalogue.js';
import type {ProbeTarget, PublishedBandwidth} from '../provider.js';
import {splitCloudShape} from './ssh-shape.js';

/** The published figure of the catalogue shape the hosts were named as; none named: not published. */
export function publishedOf(target: ProbeTarget): PublishedBandwidth {
	const named = splitCloudShape(target.shape);
	const record = named === null ? undefined : findShape(loadCatalogue(), named.cloud, named.shape);
	if (record === undefined) return {gbps: null, kind: 'measured-only', detail: 'no catalogue shape named (--shape)'};
	const {bandwidth, flex} = record;
	if (flex) {
		const gbps = target.ocpus === undefined ? null : Math.min(target.ocpus * flex.gbpsPerOcpu, flex.maxGbps);
		return {gbps, kind: 'per-ocpu', detail: `catalogue: ${flex.gbpsPerOcpu} Gbps per OCPU up to ${flex.maxGbps}`};
	}

	const peakOverBaseline = bandwidth.kind === 'peak-over-baseline';
	return {
		gbps: peakOverBaseline ? bandwidth.peakGbps : (bandwidth.baselineGbps ?? bandwidth.peakGbps),
		kind: bandwidth.kind,
		...(peakOverBaseline ? {baselineGbps: bandwidth.baselineGbps} : {}),
		detail: `catalogue (${bandwidth.source.id}, ${bandwidth.source.date})`,
	};
}

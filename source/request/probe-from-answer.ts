// The probe an answer asks for, for both faces: the wizard's `p` fills its form from it (ui/screens/probe/
// probe-prefill.ts) and `advise` prints it as the command that measures the answer (cli/advise.ts). It keeps the
// answer's facts: the configuration's cloud, shape, placement, OCPUs and options (ENA Express, Tier_1), a stream
// sweep around the streams it opens, and the workload's Region, path and RTT, which the lab reproduces with its
// delay line. Pure.

import {requestBounds} from '../domain/bounds.js';
import {optionKeys} from '../domain/clouds/cloud-terms.js';
import type {Configuration} from '../domain/model-types.js';
import type {Workload} from '../domain/types.js';
import type {ProbeFieldId} from '../providers/provider.js';

const maxStreams = requestBounds.probeStreams.max;

/** The workload facts a probe keeps. */
export type AnswerPath = Pick<Workload, 'region' | 'path' | 'rttMs'>;

/** The probe's field values for an answer; a field the answer says nothing about is absent. */
export type ProbeFields = Partial<Record<ProbeFieldId, string>>;

/**
 * Powers of two from 1 up to one step past the streams the configuration opens (at least to 8), and that
 * count itself: around 8 that is 1,2,4,8,16 (DESIGN.md's sweep), so the probe shows where throughput stops
 * rising, both below and above the count. At most 128, the probe's bound.
 */
export function streamSweep(streams: number): number[] {
	const own = Math.min(maxStreams, Math.max(1, Math.round(streams)));
	let top = 1;
	while (top <= own) top *= 2;
	top = Math.min(maxStreams, Math.max(top, 8));
	const sweep = new Set<number>([own, top]);
	for (let count = 1; count < top; count *= 2) sweep.add(count);
	return [...sweep].sort((left, right) => left - right);
}

const switchText = (on: boolean): string => (on ? 'yes' : 'no');

/** The configuration's own fields: what the cloud's probe creates. */
function configurationFields(configuration: Configuration): ProbeFields {
	return {
		provider: configuration.cloud,
		shape: configuration.shape,
		placements: configuration.placement,
		streams: streamSweep(configuration.streams).join(','),
		...(configuration.ocpus === null ? {} : {ocpus: String(configuration.ocpus)}),
		...Object.fromEntries(optionKeys.map((key) => [key, switchText(configuration.options[key])])),
	};
}

/** The path's facts: the Region the hosts run in, where they talk, the RTT the answer rests on. */
function pathFields(workload: AnswerPath): ProbeFields {
	return {
		...(workload.region === null ? {} : {region: workload.region}),
		path: workload.path,
		...(workload.rttMs === null ? {} : {rtt: String(workload.rttMs)}),
	};
}

/** Every fact of the answer the probe keeps, as probe field values. */
export function probeFieldsFor(configuration: Configuration, workload: AnswerPath): ProbeFields {
	return {...configurationFields(configuration), ...pathFields(workload)};
}

/** The same probe in the lab: the configuration's cell (catalogue shape at its placement, scaled), the path's RTT. */
export function labFieldsFor(configuration: Configuration, workload: AnswerPath): ProbeFields {
	const fields = probeFieldsFor(configuration, workload);
	return {
		provider: 'lab',
		shape: `${configuration.cloud}/${configuration.shape}`,
		placements: configuration.placement,
		...(fields.streams === undefined ? {} : {streams: fields.streams}),
		...(fields.rtt === undefined ? {} : {rtt: fields.rtt}),
	};
}

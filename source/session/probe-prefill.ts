// `p` on the result screen: the probe form filled from the recommendation — its cloud as the provider,
// its shape, placement, OCPUs, and a stream sweep up to the streams it opens — not the form's defaults.
// Pure.

import type {Configuration} from '../domain/model-types.js';
import {type FormValues, initialFormValues, visibleFields} from '../ui/screens/probe/probe-form.js';

/**
 * 1, 2, 4, … up to the configuration's streams and at least to 8, so the probe shows where throughput stops
 * rising and what parallelising would buy; the configuration's own count is always in it (at most 128,
 * the form's bound).
 */
export function streamSweep(streams: number): number[] {
	const own = Math.min(128, Math.max(1, streams));
	const top = Math.max(own, 8);
	const sweep = new Set<number>();
	for (let count = 1; count < top; count *= 2) sweep.add(count);
	sweep.add(own);
	sweep.add(top);
	return [...sweep].sort((left, right) => left - right);
}

export function probeFormFor(configuration: Configuration, base: FormValues = initialFormValues()): FormValues {
	const values: FormValues = {
		...base,
		provider: configuration.cloud,
		shape: configuration.shape,
		placements: configuration.placement,
		streams: streamSweep(configuration.streams).join(','),
		ocpus: configuration.ocpus === null ? base.ocpus : String(configuration.ocpus),
	};
	// A placement the form cannot offer for this provider falls back to its first choice.
	const field = visibleFields(values).find((candidate) => candidate.id === 'placements');
	const choices = field?.choices ?? [];
	return choices.includes(values.placements) ? values : {...values, placements: choices[0] ?? 'default'};
}

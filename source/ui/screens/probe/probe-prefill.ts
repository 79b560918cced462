// `p` on the result screen: the probe form filled from the answer (request/probe-from-answer.ts, which
// `advise` prints as commands too) — the recommendation's cloud as the provider, its shape, placement, OCPUs,
// options (ENA Express, Tier_1) and a stream sweep around the streams it opens; the workload's Region, path
// and RTT (the lab's delay line reproduces it); for the lab that configuration's cell — over what the user
// typed last (location, SSH CIDR, test settings), which the form remembers (probe-form-memory.ts). Reopened
// on the same answer, the form is exactly as it was left. Pure.

import type {Configuration} from '../../../domain/model-types.js';
import {type AnswerPath, probeFieldsFor, streamSweep} from '../../../request/probe-from-answer.js';
import type {StoredProbeForm} from '../../../stores/probe-form-file.js';
import {type FormValues, initialFormValues, visibleFields} from './probe-form.js';

export {streamSweep};

/** The path facts an answer without a workload keeps: none (the form's own defaults). */
const noPath: AnswerPath = {region: null, path: 'same-zone', rttMs: null};

/** The answer a remembered form was filled from: equal keys reopen the form as it was left. */
export function configurationKey(configuration: Configuration, workload: AnswerPath = noPath): string {
	const {cloud, shape, placement, ocpus, options, streams} = configuration;
	const flags = [options.enaExpress ? 'ena-express' : '', options.tier1 ? 'tier1' : ''].filter(Boolean).join('+');
	const path = [workload.region ?? '', workload.path, workload.rttMs ?? ''].join(':');
	return [cloud, shape, placement, ocpus ?? '', flags, streams, path].join('/');
}

/**
 * The form filled from `configuration` over `base`. A placement the provider's form cannot offer falls back to
 * its first choice, and the lab's cell (the catalogue shape at that placement, scaled: as `--lab-profile`)
 * follows it, so the lab reproduces what the cloud form would measure.
 */
export function probeFormFor(
	configuration: Configuration,
	base: FormValues = initialFormValues(),
	workload: AnswerPath = noPath,
): FormValues {
	const values: FormValues = {
		...base,
		// The answer's RTT, or none: one typed for another answer would delay the lab's pair wrongly.
		rtt: '',
		...probeFieldsFor(configuration, workload),
		// A price typed for another shape would misprice this one: the catalogue's, or the user's again.
		price: '',
	};
	const field = visibleFields(values).find((candidate) => candidate.id === 'placements');
	const choices = field?.choices ?? [];
	const placements = choices.includes(values.placements) ? values.placements : (choices[0] ?? 'default');
	const labProfile = `${configuration.cloud}/${configuration.shape}/${placements}`;
	return {...values, placements, labProfile};
}

/** A remembered form's values over the form's defaults, known fields only (a newer netplace's extras dropped). */
export function rememberedValues(stored: StoredProbeForm): FormValues {
	const values: Record<string, string> = {...initialFormValues()};
	for (const key of Object.keys(values)) {
		const kept = stored.values[key];
		if (kept !== undefined) values[key] = kept;
	}

	return values as FormValues;
}

/**
 * What the form opens on: the remembered form as it was left when it was filled from this same
 * recommendation, else the recommendation over what was remembered (or over the defaults).
 */
export function openingForm(
	from: Configuration | null,
	remembered: StoredProbeForm | null,
	workload: AnswerPath = noPath,
): FormValues {
	const base = remembered === null ? initialFormValues() : rememberedValues(remembered);
	if (from === null || remembered?.from === configurationKey(from, workload)) return base;
	return probeFormFor(from, base, workload);
}

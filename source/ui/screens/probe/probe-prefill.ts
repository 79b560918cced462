// `p` on the result screen: the probe form filled from the recommendation — its cloud as the provider, its
// shape, placement, OCPUs, options (ENA Express, Tier_1) and a stream sweep around the streams it opens, and
// for the lab that configuration's cell — over what the user typed last (location, SSH CIDR, test settings),
// which the form remembers (probe-form-memory.ts). Reopened on the same recommendation, the form is exactly as
// it was left. Pure.

import {requestBounds} from '../../../domain/bounds.js';
import type {Configuration} from '../../../domain/model-types.js';
import type {StoredProbeForm} from '../../../stores/probe-form-file.js';
import {type FormValues, initialFormValues, visibleFields} from './probe-form.js';

const maxStreams = requestBounds.probeStreams.max;

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

/** The recommendation a remembered form was filled from: equal keys reopen the form as it was left. */
export function configurationKey(configuration: Configuration): string {
	const {cloud, shape, placement, ocpus, options, streams} = configuration;
	const flags = [options.enaExpress ? 'ena-express' : '', options.tier1 ? 'tier1' : ''].filter(Boolean).join('+');
	return [cloud, shape, placement, ocpus ?? '', flags, streams].join('/');
}

const switchText = (on: boolean): string => (on ? 'yes' : 'no');

/**
 * The form filled from `configuration` over `base`. A placement the provider's form cannot offer falls back to
 * its first choice, and the lab's cell (the catalogue shape at that placement, scaled: as `--lab-profile`)
 * follows it, so the lab reproduces what the cloud form would measure.
 */
export function probeFormFor(configuration: Configuration, base: FormValues = initialFormValues()): FormValues {
	const values: FormValues = {
		...base,
		provider: configuration.cloud,
		shape: configuration.shape,
		placements: configuration.placement,
		streams: streamSweep(configuration.streams).join(','),
		ocpus: configuration.ocpus === null ? base.ocpus : String(configuration.ocpus),
		enaExpress: switchText(configuration.options.enaExpress),
		tier1: switchText(configuration.options.tier1),
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
export function openingForm(from: Configuration | null, remembered: StoredProbeForm | null): FormValues {
	const base = remembered === null ? initialFormValues() : rememberedValues(remembered);
	if (from === null || remembered?.from === configurationKey(from)) return base;
	return probeFormFor(from, base);
}

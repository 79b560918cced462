// The clouds, as one typed list, their placements and the kinds of figure they publish: every other list of
// clouds (the CLI's choices, the wizard's, the scope's, the provider ids) is read from here. A new cloud is
// its id in `clouds`, then its own files (domain/clouds/<cloud>.ts with its words and levers,
// providers/<cloud>/ with facts.ts and loaders.ts, sizing/clouds/<cloud>.ts with its model) and one line
// naming them in each registry: `cloudTerms` below, providers/facts.ts, providers/load-provider.ts and
// sizing/cloud-models.ts (the compiler names all four).

import {awsTerms} from './clouds/aws.js';
import type {CloudTerms, OptionKey, OptionStepId} from './clouds/cloud-terms.js';
import {optionSteps} from './clouds/cloud-terms.js';
import {gcpTerms} from './clouds/gcp.js';
import {ociTerms} from './clouds/oci.js';
import {listed} from './format.js';

export {type Placement, placements} from './placements.js';

/** The real clouds netplace sizes and probes, in the order every table lists them. */
export const clouds = ['aws', 'gcp', 'oci'] as const;
export type RealCloud = (typeof clouds)[number];

/** The scopes a catalogue answers, as a refusal names them: "aws, gcp, oci or any" (the lab is a scope of its own). */
export const catalogueScopesText = listed([...clouds, 'any'], 'or');

/** What shared code says of each cloud (its words, levers, options): each cloud's own file in domain/clouds/. */
const termsOf = {
	aws: awsTerms,
	gcp: gcpTerms,
	oci: ociTerms,
} as const satisfies Readonly<Record<RealCloud, CloudTerms>>;

export const cloudTerms: Readonly<Record<RealCloud, CloudTerms>> = termsOf;

/** How both faces name each cloud, and the article before its name ("an AWS region", "a GCP region"). */
export const cloudNames: Readonly<Record<RealCloud, Pick<CloudTerms, 'label' | 'article'>>> = cloudTerms;

type Levers = (typeof termsOf)[RealCloud];
type PathIsolationId = Exclude<Levers['pathIsolation'], null>[keyof Exclude<Levers['pathIsolation'], null>]['id'];

/** The decision order's per-cloud step ids, each read from its cloud's levers. */
export type CloudStepId = Levers['isolating'][number]['id'] | PathIsolationId | Levers['close'][number]['id'];

/** Every cloud's isolating steps, then every cloud's close ones, then the options', in the clouds' order. */
export function cloudStepIds(): {isolating: CloudStepId[]; close: CloudStepId[]; options: OptionStepId[]} {
	const terms = clouds.map((cloud): CloudTerms => cloudTerms[cloud]);
	const isolating = terms.flatMap((each) => [
		...each.isolating.map((lever) => lever.id),
		...Object.values(each.pathIsolation ?? {}).map((lever) => lever.id),
	]);
	return {
		isolating: [...new Set(isolating)] as CloudStepId[],
		close: terms.flatMap((each) => each.close.map((lever) => lever.id)) as CloudStepId[],
		options: Object.values(optionSteps).map((option) => option.id),
	};
}

/** A backend a figure can come from. `lab` is the local namespace lab (never a real cloud). */
export type Cloud = RealCloud | 'lab';
export const backends: readonly Cloud[] = [...clouds, 'lab'];

/** What the user asks about. `lab` scopes advice to the user's own lab measurements only. */
export type CloudScope = RealCloud | 'any' | 'lab';
export const cloudScopes = [...clouds, 'any', 'lab'] as const satisfies readonly CloudScope[];

/** Whether a cloud in scope sells the option (its entry's options: ENA Express AWS's, Tier_1 GCP's). */
export function sellsInScope(option: OptionKey, scope: CloudScope): boolean {
	return clouds.some((cloud) => cloudTerms[cloud].options.includes(option) && inScope(cloud, scope));
}

/** The clouds in scope with a placement that costs live migration (GCP's COLLOCATED). */
export function liveMigrationClouds(scope: CloudScope): readonly RealCloud[] {
	return clouds.filter((cloud) => cloudTerms[cloud].liveMigrationPlacement !== null && inScope(cloud, scope));
}

/** True when `value` names a real cloud. */
export function isRealCloud(value: string): value is RealCloud {
	return (clouds as readonly string[]).includes(value);
}

/** The clouds a scope covers: `any` is the real clouds; `lab` is the lab alone. */
export function cloudsInScope(scope: CloudScope): readonly Cloud[] {
	return scope === 'any' ? clouds : [scope];
}

export function inScope(cloud: Cloud, scope: CloudScope | undefined): boolean {
	return scope === undefined || cloudsInScope(scope).includes(cloud);
}

/** How a cloud states a shape's bandwidth. */
export type PublishedKind =
	| 'base-and-peak'
	| 'peak-over-baseline'
	| 'per-ocpu'
	| 'derived-per-vcpu'
	| 'lab-cap'
	| 'measured-only';

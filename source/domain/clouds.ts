// The clouds, as one typed list, their placements and the kinds of figure they publish: every other list of
// clouds (the CLI's choices, the wizard's, the scope's, the provider ids) is read from here. A new cloud is
// its id in `clouds` and its name in `cloudNames`, then its own files (providers/<cloud>/ with facts.ts and
// loaders.ts, sizing/clouds/<cloud>.ts with its model) and one line naming them in each registry:
// providers/facts.ts, providers/load-provider.ts and sizing/cloud-models.ts (the compiler names all three).

/** The real clouds netplace sizes and probes, in the order every table lists them. */
export const clouds = ['aws', 'gcp', 'oci'] as const;
export type RealCloud = (typeof clouds)[number];

/** How both faces name each cloud, and the article before its name ("an AWS region", "a GCP region"). */
export const cloudNames: Readonly<Record<RealCloud, {readonly label: string; readonly article: 'a' | 'an'}>> = {
	aws: {label: 'AWS', article: 'an'},
	gcp: {label: 'GCP', article: 'a'},
	oci: {label: 'OCI', article: 'an'},
};

/** A backend a figure can come from. `lab` is the local namespace lab (never a real cloud). */
export type Cloud = RealCloud | 'lab';
export const backends: readonly Cloud[] = [...clouds, 'lab'];

/** What the user asks about. `lab` scopes advice to the user's own lab measurements only. */
export type CloudScope = RealCloud | 'any' | 'lab';
export const cloudScopes = [...clouds, 'any', 'lab'] as const satisfies readonly CloudScope[];

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

/** `partition` is AWS's partition placement group (probes only: the study did not measure it). */
export type Placement = 'default' | 'cluster' | 'spread' | 'partition' | 'collocated';
export const placements: readonly Placement[] = ['default', 'cluster', 'spread', 'partition', 'collocated'];

/** How a cloud states a shape's bandwidth. */
export type PublishedKind =
	| 'base-and-peak'
	| 'peak-over-baseline'
	| 'per-ocpu'
	| 'derived-per-vcpu'
	| 'lab-cap'
	| 'measured-only';

// A typed region, checked against the regions the cloud names (sizing/cloud-regions.ts): the one check for
// `--region` on every command, a profile's workload and the wizard's region question. A typo (`us-est-1`,
// `eu-west-9`) is one line with the nearest name, never an empty answer; a region of another cloud says
// whose it is. Pure.

import {cloudNames, clouds} from '../domain/clouds.js';
import {UserError} from '../domain/errors.js';
import {listed} from '../domain/format.js';
import type {CloudScope, RealCloud} from '../domain/types.js';
import {cloudSizing} from '../sizing/cloud-models.js';
import {cloudOfRegion, regionsOf} from '../sizing/cloud-regions.js';
import {closestName} from './did-you-mean.js';

/** Why `region` is not one of `cloud`'s, or null when it is (the lab, your own hosts and a cluster's nodes name none: any passes). */
export function regionProblem(cloud: CloudScope | 'ssh' | 'k8s', region: string): string | null {
	if (cloud === 'lab' || cloud === 'ssh' || cloud === 'k8s') return null;
	const known = regionsOf(cloud);
	if (known.includes(region)) return null;
	const owner = cloudOfRegion(region);
	if (owner !== null)
		return `${region} is ${cloudNames[owner].article} ${cloudNames[owner].label} region, outside --cloud ${cloud}`;
	const near = closestName(region, known);
	const whose = cloud === 'any' ? '' : `${cloudNames[cloud].label} `;
	const hint = near === null ? `such as ${listed(examples(cloud), 'or')}` : `did you mean ${near}?`;
	return `unknown ${whose}region ${JSON.stringify(region)} (${hint})`;
}

/** `region` lower-cased and trimmed when `cloud` names it; else a UserError (one line, exit 2). */
export function checkRegion(cloud: CloudScope | 'ssh' | 'k8s', region: string): string {
	const name = region.trim().toLowerCase();
	const problem = regionProblem(cloud, name);
	if (problem !== null) throw new UserError(problem);
	return name;
}

/** Each cloud's first region (its catalogue price region), or the cloud's first two. */
function examples(cloud: Exclude<CloudScope, 'lab'>): readonly string[] {
	if (cloud !== 'any') return regionsOf(cloud).slice(0, 2);
	return clouds.map((each) => regionsOf(each)[0] ?? '');
}

/**
 * Why `zone` is not a zone of `region` (or, with no region, of any of the cloud's regions), or null. AWS names a
 * zone after its region (`us-west-2a`, a Local Zone `us-west-2-lax-1a`), GCP as its region and a letter
 * (`us-central1-a`); OCI's availability domains (`Uocm:PHX-AD-1`) name no region and are not checked here.
 */
export function zoneProblem(cloud: RealCloud, zone: string, region: string | undefined): string | null {
	const zoneIn = cloudSizing(cloud).zoneIn;
	if (zoneIn === null) return null;
	const owner = regionsOf(cloud)
		.filter((known) => zoneIn(zone, known))
		.sort((a, b) => b.length - a.length)[0];
	if (owner === undefined)
		return `--zone ${JSON.stringify(zone)} is in no ${cloudNames[cloud].label} region netplace knows`;
	if (region !== undefined && owner !== region) return `--zone ${zone} is in ${owner}, not in --region ${region}`;
	return null;
}

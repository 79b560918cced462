// An empty answer names the rule that emptied it, not only the flags: "--ena-express: ENA Express works
// within a Region only". Each rule is the one the search applies (sizing/constraints.ts, model-aws.ts),
// said with where it is documented; a flag no rule here explains is left to the card's relaxations. Pure.

import {cloudsInScope, cloudTerms, liveMigrationClouds, sellsInScope} from '../domain/clouds.js';
import {leavesRegion, type Relaxation} from '../domain/model-types.js';
import {placementAvailabilityOf} from '../domain/study-cells.js';
import type {Note, Workload} from '../domain/types.js';
import {singleZonePlacements} from '../sizing/constraints.js';
import {awsEnaExpressNoCrossZoneRegions} from '../sizing/documented-limits.js';

const enaExpressPage = 'docs.aws.amazon.com/AWSEC2/latest/UserGuide/ena-express.html';

/** Why `--ena-express` emptied the answer, or null when no documented rule says. */
function enaExpressRule(workload: Workload): string | null {
	if (workload.enaExpress !== true) return null;
	if (!sellsInScope('enaExpress', workload.cloud)) return 'ENA Express is an AWS option';
	if (leavesRegion(workload.path)) return `ENA Express works within a Region only (${enaExpressPage})`;
	if (workload.path === 'cross-zone' && awsEnaExpressNoCrossZoneRegions.includes(workload.region ?? '')) {
		return `ENA Express does not cross Availability Zones in ${workload.region ?? ''} (${enaExpressPage})`;
	}

	return null;
}

/** Why `--placement X` emptied the answer (with the path, the isolation or live migration it meets). */
function placementRule(workload: Workload): string | null {
	const placement = workload.placement;
	if (placement === null) return null;
	if (singleZonePlacements.includes(placement) && workload.path !== 'same-zone') {
		return `a ${placement} placement puts both hosts in one zone, so there is none on a ${workload.path} path`;
	}

	const clouds = cloudsInScope(workload.cloud).filter((cloud) => cloud !== 'lab');
	if (workload.faultIsolation && clouds.every((cloud) => cloudTerms[cloud].isolatingPlacement !== placement)) {
		return `fault isolation takes each cloud's isolating placement, not ${placement}`;
	}

	if (placement === 'collocated' && workload.keepLiveMigration) {
		// What the study found it needs, on the cloud whose placement costs live migration (GCP).
		const costing = liveMigrationClouds('any').map((cloud) => placementAvailabilityOf(cloud, placement)?.requires);
		const requires = costing.find((each) => each !== undefined) ?? 'no live migration';
		return `COLLOCATED placement needs ${requires}: it gives up the live migration you keep`;
	}

	const refused = clouds
		.map((cloud) => placementAvailabilityOf(cloud, placement))
		.find((entry) => entry?.available === false);
	return refused === undefined
		? null
		: `${placement} placement is not assumed: the study was refused it (${refused.refusal ?? 'refused'})`;
}

/** The flag a rule explains, and the rule. */
function rulesOf(workload: Workload): [string, string | null][] {
	return [
		['--ena-express', enaExpressRule(workload)],
		[`--placement ${workload.placement ?? ''}`, placementRule(workload)],
	];
}

/** The rules behind an empty answer's flags, as one note; null when none of its flags has a rule here. */
export function emptiedNote(workload: Workload, emptiedBy: readonly Relaxation[] | undefined): Note | null {
	if (emptiedBy === undefined || emptiedBy.length === 0) return null;
	const flags = new Set(emptiedBy.flatMap((relaxation) => relaxation.flags));
	const said = rulesOf(workload).filter((entry): entry is [string, string] => entry[1] !== null && flags.has(entry[0]));
	if (said.length === 0) return null;
	return {id: 'emptied-by-rule', text: said.map(([flag, rule]) => `Nothing fits ${flag}: ${rule}.`).join(' ')};
}

// The data-transfer charge for a job's bytes on its path, per cloud: bytes x $/GB for the path and the pair
// of Regions, with its source and date from the catalogue (data-transfer.ts). Null when no source prices
// it: never guessed, and the plan says so. Pure.

import type {RealCloud, Workload} from '../domain/types.js';
import {loadCatalogue, priceRegion} from './catalogue.js';
import {dataTransferCost} from './data-transfer.js';

/** What the job's bytes cost on the path (DESIGN.md: a price with its source and date). */
export interface JobTransferCharge {
	readonly usd: number;
	readonly usdPerGB: number;
	/** Which side is charged, e.g. "egress from us-east-1". */
	readonly chargedOn: string;
	readonly source: string;
	readonly asOf: string;
	/** One line: how the price applies (the path, the Regions, the tier). */
	readonly basis: string;
}

/** The charge per cloud for the workload's bytes and path, worked out once per cloud. */
export function transferChargeOf(workload: Workload): (cloud: RealCloud) => JobTransferCharge | null {
	const known = new Map<RealCloud, JobTransferCharge | null>();
	return (cloud) => {
		if (!known.has(cloud)) known.set(cloud, chargeOn(workload, cloud));
		return known.get(cloud) ?? null;
	};
}

/** The bundled catalogue's data-transfer table prices the path (the rates do not depend on the shapes searched). */
function chargeOn(workload: Workload, cloud: RealCloud): JobTransferCharge | null {
	const bytes = workload.transferBytes;
	if (bytes === null) return null;
	const fromRegion = workload.region ?? priceRegion(cloud);
	const query = {cloud, path: workload.path, fromRegion, toRegion: workload.toRegion, bytes};
	const cost = dataTransferCost(loadCatalogue(), query);
	if (cost === null) return null;
	const {usd, usdPerGB, chargedOn, source, asOf, basis} = cost;
	return {usd, usdPerGB, chargedOn: chargedOnText(chargedOn), source, asOf, basis};
}

function chargedOnText(chargedOn: string): string {
	return chargedOn === 'each-direction' ? 'both ends pay' : 'sender pays';
}

/** Why the charge is unknown, for the plan to say. */
export function unknownChargeWhy(workload: Workload, cloud: RealCloud): string {
	if (workload.path === 'cross-region' && workload.toRegion === null) {
		return 'the far Region is not given (--to-region R prices the transfer between the two)';
	}

	const from = workload.region ?? priceRegion(cloud);
	const regions = workload.toRegion === null ? ` from ${from}` : ` (${from} → ${workload.toRegion})`;
	return `no source in the catalogue prices ${cloud.toUpperCase()} data transfer on the ${workload.path} path${regions}: check the cloud's data-transfer pricing page`;
}

// The target's shape as this compartment is offered it (listShapes, paged), checked against --ocpus: a Flex
// shape needs it, and it must lie within the shape's OCPU range.

import {UserError} from '../../domain/errors.js';
import {isFlexShape} from './bandwidth.js';
import type {OciSession, OciShape} from './clients.js';
import {compartmentOf, type OciState, ociSession, retried} from './oci-state.js';
import type {OciTarget} from './resources.js';

export interface PreparedTarget {
	readonly oci: OciSession;
	readonly compartmentId: string;
	readonly shape: OciShape;
}

/** The target's session, compartment and shape: what publishing and provisioning both start from. */
export async function prepareTarget(state: OciState, target: OciTarget): Promise<PreparedTarget> {
	const oci = await ociSession(state, target.region);
	const compartmentId = compartmentOf(state, target, oci);
	const shape = await shapeInfo(state, oci, compartmentId, target);
	return {oci, compartmentId, shape};
}

async function shapeInfo(
	state: OciState,
	oci: OciSession,
	compartmentId: string,
	target: OciTarget,
): Promise<OciShape> {
	let page: string | undefined;
	do {
		const response = await retried(state, oci).compute.listShapes({compartmentId, ...(page ? {page} : {})});
		const found = response.items.find((shape) => shape.shape === target.shape);
		if (found) return checkOcpus(found, target);
		page = response.opcNextPage;
	} while (page);
	throw new UserError(
		`shape ${target.shape} is not offered to this compartment in ${oci.region}`,
		'see `oci compute shape list`',
	);
}

function checkOcpus(shape: OciShape, target: OciTarget): OciShape {
	if (isFlexShape(shape) && target.ocpus === null) {
		throw new UserError(`--ocpus is required for the flexible shape ${target.shape}`, 'e.g. --ocpus 16');
	}

	const {min, max} = shape.ocpuOptions ?? {};
	const {ocpus} = target;
	if (ocpus !== null && ((min !== undefined && ocpus < min) || (max !== undefined && ocpus > max))) {
		throw new UserError(`--ocpus ${ocpus} is outside ${target.shape}'s ${min ?? '?'}..${max ?? '?'} OCPUs`);
	}

	return shape;
}

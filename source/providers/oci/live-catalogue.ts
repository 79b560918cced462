// OCI's live-catalogue adapter (`netplace shapes --live`): listShapes of the compartment (the tenancy by
// default), paged, once the OCI config file loads.

import type {LiveFigures} from '../../sizing/catalogue-live.js';
import {type LiveOpener, type LiveSession, nothingCalled} from '../live-catalogue.js';
import type {OciShapeInfo} from './bandwidth.js';

export interface OciLive {
	readonly listShapes: (request: {
		compartmentId: string;
		page?: string;
	}) => Promise<{readonly items: readonly OciShapeInfo[]; readonly opcNextPage?: string}>;
	readonly compartmentId: string;
	readonly region: string;
}

export function ociFigures(shape: OciShapeInfo): LiveFigures {
	const options = shape.networkingBandwidthOptions;
	if (options?.defaultPerOcpuInGbps !== undefined) {
		return {
			cloud: 'oci',
			shape: shape.shape,
			gbpsPerOcpu: options.defaultPerOcpuInGbps,
			maxGbps: options.maxInGbps ?? null,
			minOcpus: shape.ocpuOptions?.min ?? null,
			maxOcpus: shape.ocpuOptions?.max ?? null,
		};
	}

	const fixed = shape.networkingBandwidthInGbps ?? null;
	return {cloud: 'oci', shape: shape.shape, baselineGbps: fixed, peakGbps: fixed};
}

async function figures(live: OciLive, shapes: readonly string[]): Promise<LiveFigures[]> {
	const wanted = new Set(shapes);
	const found: LiveFigures[] = [];
	let page: string | undefined;
	do {
		const response = await live.listShapes({compartmentId: live.compartmentId, ...(page ? {page} : {})});
		found.push(...response.items.filter((shape) => wanted.has(shape.shape)).map(ociFigures));
		page = response.opcNextPage;
	} while (page);
	return found;
}

export function ociLiveSession(live: OciLive): LiveSession {
	return {calledAs: `listShapes ${live.region}`, figures: async (shapes) => figures(live, shapes)};
}

export const openOciLive: LiveOpener = async (where) => {
	const {loadOciClients} = await import('./clients.js');
	try {
		const session = await loadOciClients(where.region);
		return ociLiveSession({
			listShapes: async (request) => session.clients.compute.listShapes(request),
			compartmentId: where.compartment ?? session.tenancy,
			region: session.region,
		});
	} catch {
		return `no OCI credentials (OCI_CONFIG_FILE or ~/.oci/config); ${nothingCalled}`;
	}
};

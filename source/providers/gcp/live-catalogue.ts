// GCP's live-catalogue adapter (`netplace shapes --live`): MachineTypes.get per shape in a zone, the
// bandwidth rule applied to the live vCPUs, once application default credentials and a project are there.

import type {LiveFigures} from '../../sizing/catalogue-live.js';
import {type LiveOpener, type LiveSession, nothingCalled} from '../live-catalogue.js';
import {gcpRuleGbps} from './bandwidth-rules.js';
import type {GcpMachineTypesApi} from './clients.js';

export interface GcpLive {
	readonly machineTypes: GcpMachineTypesApi;
	readonly project: string;
	readonly zone: string;
}

const isNotFound = (error: unknown): boolean =>
	typeof error === 'object' &&
	error !== null &&
	((error as {code?: unknown}).code === 5 || (error as {code?: unknown}).code === 404);

async function figures(live: GcpLive, shapes: readonly string[]): Promise<LiveFigures[]> {
	const found: LiveFigures[] = [];
	for (const shape of shapes) {
		try {
			const [machineType] = await live.machineTypes.get({project: live.project, zone: live.zone, machineType: shape});
			const cpus = typeof machineType.guestCpus === 'number' ? machineType.guestCpus : null;
			const rule = cpus === null ? null : gcpRuleGbps(shape, cpus, machineType.isSharedCpu === true).gbps;
			found.push({
				cloud: 'gcp',
				shape,
				vcpus: cpus,
				memoryGib: typeof machineType.memoryMb === 'number' ? machineType.memoryMb / 1024 : null,
				baselineGbps: rule,
				peakGbps: rule,
				bandwidthByRule: true,
			});
		} catch (error: unknown) {
			if (!isNotFound(error)) {
				throw error;
			}
		}
	}

	return found;
}

export function gcpLiveSession(live: GcpLive): LiveSession {
	return {calledAs: `MachineTypes.get ${live.zone}`, figures: async (shapes) => figures(live, shapes)};
}

export const openGcpLive: LiveOpener = async (where) => {
	const project = where.project ?? process.env.GOOGLE_CLOUD_PROJECT ?? process.env.CLOUDSDK_CORE_PROJECT;
	if (!project) {
		return `no GCP project (--project or GOOGLE_CLOUD_PROJECT); ${nothingCalled}`;
	}

	const {loadGcpClients} = await import('./clients.js');
	const clients = await loadGcpClients();
	try {
		await clients.checkCredentials?.();
	} catch {
		return `no GCP application default credentials; ${nothingCalled}`;
	}

	return gcpLiveSession({machineTypes: clients.machineTypes, project, zone: where.zone ?? 'us-central1-a'});
};

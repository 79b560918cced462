// The target's published bandwidth, from its machine type's guestCpus (MachineTypes.get): the per-vCPU
// rule and series cap (bandwidth.ts), or Tier_1 networking's figure when asked for (tier1.ts).

import {RuntimeError, UserError} from '../../domain/errors.js';
import {cloudCallError} from '../cloud/credentials.js';
import type {PublishedBandwidth} from '../provider.js';
import {deriveGcpBandwidth} from './bandwidth.js';
import type {GcpClients} from './clients.js';
import {type GcpState, gcpClients} from './gcp-state.js';
import {isNotFound} from './operations.js';
import type {GcpTarget} from './target.js';
import {tier1Bandwidth} from './tier1.js';

export type PublishedWithCpus = PublishedBandwidth & {readonly cpus: number};

export async function publishedFor(state: GcpState, target: GcpTarget): Promise<PublishedWithCpus> {
	const api = await gcpClients(state);
	try {
		const cpus = await guestCpus(api, target);
		const derived = deriveGcpBandwidth(target.shape, cpus);
		if (target.tier1) return {...tier1Bandwidth(target.tier1, derived), cpus};
		return {...derived, detail: `${derived.detail ?? ''} (guestCpus from MachineTypes.get)`, cpus};
	} catch (error: unknown) {
		if (isNotFound(error)) {
			throw new UserError(
				`machine type ${target.shape} does not exist in ${target.zone}`,
				'see `gcloud compute machine-types list`',
			);
		}

		throw cloudCallError('gcp', 'MachineTypes.get', error);
	}
}

async function guestCpus(api: GcpClients, target: GcpTarget): Promise<number> {
	const [machineType] = await api.machineTypes.get({
		project: target.project,
		zone: target.zone,
		machineType: target.shape,
	});
	const cpus = machineType.guestCpus;
	if (typeof cpus !== 'number' || cpus <= 0) {
		throw new RuntimeError(`MachineTypes.get gave no guestCpus for ${target.shape}`);
	}

	return cpus;
}

// Read-only checks before a GCP run creates anything: the network (and subnetwork) exist, the region's vCPU
// quota has room, the boot image resolved once, and how logins work (project metadata enable-oslogin).
//
// - A project made under constraints/compute.skipDefaultNetworkCreation has no `default` network: networks.get
//   answers 404 ("The resource 'projects/P/global/networks/default' was not found"); the user is told to pass
//   --network / --subnetwork instead of a raw error from the first insert.
// - regions.get lists the region's quotas as {metric, limit, usage}: a series with its own CPU quota
//   (N2_CPUS, C2_CPUS, C2D_CPUS, N2D_CPUS, C3_CPUS, E2_CPUS, T2A_CPUS, …; Compute v1 Quota.Metric) counts
//   there, others in CPUS ("Guest CPUs").

import {RuntimeError, UserError} from '../../domain/errors.js';
import type {GcpClients, GcpProject, GcpRegion} from './clients.js';
import {imageFamilyFor} from './instance-body.js';
import {isNotFound} from './operations.js';
import type {GcpTarget} from './target.js';

export interface GcpPreflight {
	readonly project: GcpProject;
	/** The image the run boots, resolved from the family once (so both hosts run the same build). */
	readonly sourceImage: string;
	readonly imageName: string;
	/** One line each for the run's notes. */
	readonly notes: readonly string[];
}

/** The quota metric a series counts against, among those the region lists. */
export function cpuQuotaMetric(shape: string, region: GcpRegion): string {
	const own = `${(shape.split('-')[0] ?? '').toUpperCase()}_CPUS`;
	return (region.quotas ?? []).some((quota) => quota.metric === own) ? own : 'CPUS';
}

/** Needed vCPUs against limit - usage of the series' quota; short: a RuntimeError naming both figures. */
export function checkGcpQuota(region: GcpRegion, shape: string, vcpus: number, instances: number): string {
	const metric = cpuQuotaMetric(shape, region);
	const quota = (region.quotas ?? []).find((entry) => entry.metric === metric);
	const needed = vcpus * instances;
	if (!quota || typeof quota.limit !== 'number') {
		return `vCPU quota not checked: ${region.name ?? 'the region'} lists no ${metric} quota`;
	}

	const free = quota.limit - (quota.usage ?? 0);
	if (needed > free) {
		throw new RuntimeError(
			`gcp vCPU quota too small: ${metric} in ${region.name ?? 'the region'} has ${free} of ${quota.limit} free, this run needs ${needed} (${instances} x ${shape})`,
			'request more in the console (IAM & Admin > Quotas), or probe fewer placements',
		);
	}

	return `vCPU quota ${metric} in ${region.name ?? 'the region'}: ${free} of ${quota.limit} free, this run needs ${needed}`;
}

async function checkNetwork(clients: GcpClients, target: GcpTarget): Promise<string> {
	const {project, network, subnetwork, region} = target;
	const flags = '--network NAME (and --subnetwork NAME for a custom-mode network)';
	const [found] = await clients.networks.get({project, network}).catch((error: unknown) => {
		if (!isNotFound(error)) throw error;
		throw new UserError(
			network === 'default'
				? `project ${project} has no "default" network (projects under constraints/compute.skipDefaultNetworkCreation have none)`
				: `--network ${network} does not exist in project ${project}`,
			`pass ${flags}`,
		);
	});
	if (subnetwork) {
		const [sub] = await clients.subnetworks.get({project, region, subnetwork}).catch((error: unknown) => {
			if (!isNotFound(error)) throw error;
			throw new UserError(`--subnetwork ${subnetwork} does not exist in ${region} of project ${project}`);
		});
		if (sub.network && !sub.network.endsWith(`/networks/${network}`)) {
			throw new UserError(`--subnetwork ${subnetwork} belongs to ${sub.network.split('/').pop()}, not ${network}`);
		}

		return `network: ${network}, subnetwork ${subnetwork} (${sub.ipCidrRange ?? 'range unknown'})`;
	}

	if (found.autoCreateSubnetworks === false) {
		throw new UserError(
			`network ${network} is custom-mode: it needs a subnetwork in ${region}`,
			'pass --subnetwork NAME',
		);
	}

	return `network: ${network}${network === 'default' ? ' (the project default)' : ''}`;
}

export async function gcpPreflight(
	clients: GcpClients,
	target: GcpTarget,
	vcpus: number,
	instances: number,
): Promise<GcpPreflight> {
	const family = imageFamilyFor(target.shape);
	const [[project], [region], network, [image]] = await Promise.all([
		clients.projects.get({project: target.project}),
		clients.regions.get({project: target.project, region: target.region}),
		checkNetwork(clients, target),
		clients.images.getFromFamily({project: 'debian-cloud', family}),
	]);
	const quota = checkGcpQuota(region, target.shape, vcpus, instances);
	const imageName = image.name ?? family;
	return {
		project,
		sourceImage: image.selfLink ?? `projects/debian-cloud/global/images/${imageName}`,
		imageName,
		notes: [network, quota, `image: debian-cloud/${imageName} (family ${family})`],
	};
}

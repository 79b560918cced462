// `netplace shapes --live`: ask each cloud's API about the shapes listed and report where it differs from
// the bundled catalogue. Each cloud is asked only when its credentials load (AWS: the SDK's chain; GCP:
// application default credentials and a project; OCI: the config file); otherwise nothing is called and
// the report says why. Clients are injected (tests: aws-sdk-client-mock, the repo's GCP/OCI fakes).

import type {DescribeInstanceTypesCommandOutput, EC2Client, InstanceTypeInfo} from '@aws-sdk/client-ec2';
import {UserError} from '../domain/errors.js';
import type {ShapeRecord} from '../domain/model-types.js';
import type {RealCloud} from '../domain/types.js';
import {publishedFromInstanceType} from '../providers/aws/instance-types.js';
import {gcpRuleGbps} from '../providers/gcp/bandwidth-rules.js';
import type {GcpMachineTypesApi} from '../providers/gcp/clients.js';
import type {OciShapeInfo} from '../providers/oci/bandwidth.js';
import {
	type LiveFigures,
	type LiveReport,
	liveReport,
	liveShapeLimit,
	skippedReport,
} from '../sizing/catalogue-live.js';

export interface AwsLive {
	readonly client: EC2Client;
	readonly region: string;
}

export interface GcpLive {
	readonly machineTypes: GcpMachineTypesApi;
	readonly project: string;
	readonly zone: string;
}

export interface OciLive {
	readonly listShapes: (request: {
		compartmentId: string;
		page?: string;
	}) => Promise<{readonly items: readonly OciShapeInfo[]; readonly opcNextPage?: string}>;
	readonly compartmentId: string;
	readonly region: string;
}

/** Each returns the cloud's session, or a string saying why nothing may be called (no credentials, ...). */
export interface LiveSessions {
	readonly aws: () => Promise<AwsLive | string>;
	readonly gcp: () => Promise<GcpLive | string>;
	readonly oci: () => Promise<OciLive | string>;
}

export function awsFigures(info: InstanceTypeInfo): LiveFigures {
	const published = publishedFromInstanceType(info);
	const memory = info.MemoryInfo?.SizeInMiB;
	const strategies = info.PlacementGroupInfo?.SupportedStrategies;
	return {
		cloud: 'aws',
		shape: info.InstanceType ?? '',
		baselineGbps: published.baselineGbps ?? null,
		peakGbps: published.gbps,
		vcpus: info.VCpuInfo?.DefaultVCpus ?? null,
		memoryGib: memory === undefined ? null : memory / 1024,
		enaExpress: info.NetworkInfo?.EnaSrdSupported ?? null,
		cluster: strategies === undefined ? null : strategies.includes('cluster'),
	};
}

/** DescribeInstanceTypes with an instance-type filter (unknown names are left out, not an error), paged. */
async function awsLive(live: AwsLive, shapes: readonly string[]): Promise<LiveFigures[]> {
	const {DescribeInstanceTypesCommand} = await import('@aws-sdk/client-ec2');
	const figures: LiveFigures[] = [];
	let token: string | undefined;
	do {
		const page: DescribeInstanceTypesCommandOutput = await live.client.send(
			new DescribeInstanceTypesCommand({
				Filters: [{Name: 'instance-type', Values: [...shapes]}],
				...(token ? {NextToken: token} : {}),
			}),
		);
		figures.push(...(page.InstanceTypes ?? []).map(awsFigures));
		token = page.NextToken;
	} while (token);
	return figures;
}

const isNotFound = (error: unknown): boolean =>
	typeof error === 'object' &&
	error !== null &&
	((error as {code?: unknown}).code === 5 || (error as {code?: unknown}).code === 404);

async function gcpLive(live: GcpLive, shapes: readonly string[]): Promise<LiveFigures[]> {
	const figures: LiveFigures[] = [];
	for (const shape of shapes) {
		try {
			const [machineType] = await live.machineTypes.get({project: live.project, zone: live.zone, machineType: shape});
			const cpus = typeof machineType.guestCpus === 'number' ? machineType.guestCpus : null;
			const rule = cpus === null ? null : gcpRuleGbps(shape, cpus, machineType.isSharedCpu === true).gbps;
			figures.push({
				cloud: 'gcp',
				shape,
				vcpus: cpus,
				memoryGib: typeof machineType.memoryMb === 'number' ? machineType.memoryMb / 1024 : null,
				baselineGbps: rule,
				peakGbps: rule,
			});
		} catch (error: unknown) {
			if (!isNotFound(error)) {
				throw error;
			}
		}
	}

	return figures;
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

async function ociLive(live: OciLive, shapes: readonly string[]): Promise<LiveFigures[]> {
	const wanted = new Set(shapes);
	const figures: LiveFigures[] = [];
	let page: string | undefined;
	do {
		const response = await live.listShapes({compartmentId: live.compartmentId, ...(page ? {page} : {})});
		figures.push(...response.items.filter((shape) => wanted.has(shape.shape)).map(ociFigures));
		page = response.opcNextPage;
	} while (page);
	return figures;
}

/** Refuse (exit 2, before any call) a live check of more shapes than one run asks about. */
export function assertLiveScope(records: readonly ShapeRecord[]): void {
	for (const cloud of ['aws', 'gcp', 'oci'] as const) {
		const count = records.filter((record) => record.cloud === cloud).length;
		if (count > liveShapeLimit) {
			throw new UserError(
				`--live checks at most ${liveShapeLimit} shapes per cloud; the search lists ${count} ${cloud} shapes`,
				'narrow it with --cloud and --search',
			);
		}
	}
}

/** One report per cloud among the records: its API's figures beside the bundled ones, or why none. */
export async function liveCheck(records: readonly ShapeRecord[], sessions: LiveSessions): Promise<LiveReport[]> {
	assertLiveScope(records);
	const reports: LiveReport[] = [];
	for (const cloud of ['aws', 'gcp', 'oci'] as const satisfies readonly RealCloud[]) {
		const asked = records.filter((record) => record.cloud === cloud);
		if (asked.length === 0) {
			continue;
		}

		const names = asked.map((record) => record.shape);
		if (cloud === 'aws') {
			const live = await sessions.aws();
			reports.push(
				typeof live === 'string'
					? skippedReport(cloud, live)
					: liveReport(cloud, `DescribeInstanceTypes ${live.region}`, asked, await awsLive(live, names)),
			);
		} else if (cloud === 'gcp') {
			const live = await sessions.gcp();
			reports.push(
				typeof live === 'string'
					? skippedReport(cloud, live)
					: liveReport(cloud, `MachineTypes.get ${live.zone}`, asked, await gcpLive(live, names)),
			);
		} else {
			const live = await sessions.oci();
			reports.push(
				typeof live === 'string'
					? skippedReport(cloud, live)
					: liveReport(cloud, `listShapes ${live.region}`, asked, await ociLive(live, names)),
			);
		}
	}

	return reports;
}

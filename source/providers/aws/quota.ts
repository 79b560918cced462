// The vCPU quota preflight: before anything is created, Service Quotas GetServiceQuota (service code ec2)
// gives the region's "Running On-Demand … instances" quota in vCPUs; a run needing more is refused with what
// is short. Quota codes (AWS CLI Service Quotas examples, get-aws-default-service-quota: L-1216C47A "Running
// On-Demand Standard (A, C, D, H, I, M, R, T, Z) instances", unit vCPU; L-DB2E81BA G and VT; L-417A185B P).
// @aws-sdk/client-service-quotas is imported here only, when a probe starts.

import type {ServiceQuotasClient} from '@aws-sdk/client-service-quotas';
import {RuntimeError} from '../../domain/errors.js';
import {errorName} from './aws-client.js';

export interface QuotaClass {
	readonly code: string;
	readonly name: string;
}

const classes: ReadonlyArray<{readonly pattern: RegExp; readonly quota: QuotaClass}> = [
	{pattern: /^[acdhimrtz]/, quota: {code: 'L-1216C47A', name: 'Running On-Demand Standard instances'}},
	{pattern: /^(g|vt)/, quota: {code: 'L-DB2E81BA', name: 'Running On-Demand G and VT instances'}},
	{pattern: /^p/, quota: {code: 'L-417A185B', name: 'Running On-Demand P instances'}},
];

/** The On-Demand vCPU quota a shape counts against, or null (a family netplace does not map). */
export function quotaClassOf(shape: string): QuotaClass | null {
	return classes.find((entry) => entry.pattern.test(shape))?.quota ?? null;
}

export interface QuotaCheck {
	/** One line for the run's notes: what was checked and its result. */
	readonly note: string;
}

export async function makeQuotasClient(region: string): Promise<ServiceQuotasClient> {
	const {ServiceQuotasClient} = await import('@aws-sdk/client-service-quotas');
	const silent = {debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined};
	// One attempt: retried by retrying-client.ts like every EC2 call.
	return new ServiceQuotasClient({region, logger: silent, maxAttempts: 1});
}

/**
 * Needed vCPUs against the quota's value. Short: a RuntimeError naming the quota and both figures, before
 * anything exists. Unreadable (no servicequotas:GetServiceQuota permission, NoSuchResourceException): the
 * run goes on and the note says the quota was not checked.
 */
export async function checkVcpuQuota(
	client: ServiceQuotasClient,
	shape: string,
	vcpusPerInstance: number | undefined,
	instances: number,
): Promise<QuotaCheck> {
	const quota = quotaClassOf(shape);
	if (!quota || vcpusPerInstance === undefined) {
		return {note: `vCPU quota not checked: no On-Demand quota known for ${shape}`};
	}

	const needed = vcpusPerInstance * instances;
	const {GetServiceQuotaCommand} = await import('@aws-sdk/client-service-quotas');
	let value: number | undefined;
	try {
		const answer = await client.send(new GetServiceQuotaCommand({ServiceCode: 'ec2', QuotaCode: quota.code}));
		value = answer.Quota?.Value;
	} catch (error: unknown) {
		return {note: `vCPU quota not checked (Service Quotas ${quota.code}: ${errorName(error)})`};
	}

	if (value === undefined) {
		return {note: `vCPU quota not checked (Service Quotas ${quota.code} gave no value)`};
	}

	if (needed > value) {
		throw new RuntimeError(
			`aws vCPU quota too small: ${quota.name} (${quota.code}) is ${value} vCPUs, this run needs ${needed} (${instances} x ${shape})`,
			'request an increase in the Service Quotas console, or probe fewer placements',
		);
	}

	return {
		note: `vCPU quota ${quota.code} (${quota.name}): ${value} vCPUs, this run needs ${needed}; instances already running count too`,
	};
}

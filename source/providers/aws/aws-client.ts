// The EC2 client and the one place its errors are translated: credential problems become one line naming
// the chain (exit 1), anything else a RuntimeError naming the call. Nothing here prints or logs.

import {setTimeout as delay} from 'node:timers/promises';
import {DeleteSecurityGroupCommand, DescribeNetworkInterfacesCommand, EC2Client} from '@aws-sdk/client-ec2';
import {firstLineOf, RuntimeError, UserError} from '../../domain/errors.js';
import {cloudCallError} from '../cloud/credentials.js';
import {backoffMs, type RetryPolicy, withRetries} from '../cloud/retry.js';

/**
 * The SDK prints a Node-version support warning through process.emitWarning when a client is built on
 * Node < 22, which would scribble over the Ink TUI. This is the SDK's own switch for it.
 */
export function silenceSdkWarnings(): void {
	process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
}

/** A logger that drops everything: the waiter's 403 warning falls back to console unless a logger is given. */
const silentLogger = {
	debug: (): void => undefined,
	info: (): void => undefined,
	warn: (): void => undefined,
	error: (): void => undefined,
	trace: (): void => undefined,
};

export function makeEc2Client(region: string): EC2Client {
	silenceSdkWarnings();
	// One attempt: throttling and transient errors are retried by retrying-client.ts, in one place for every
	// cloud, with the SDK's own classification and a ClientToken that holds across attempts.
	return new EC2Client({region, logger: silentLogger, maxAttempts: 1});
}

const regionPattern = /^[a-z]{2}(-[a-z]+)+-\d+$/;

/**
 * The region as the AWS CLI finds it: --region, the provider option, AWS_REGION / AWS_DEFAULT_REGION, then
 * the `region` of the profile (AWS_PROFILE, else `default`) in ~/.aws/config (AWS_CONFIG_FILE), read with the
 * SDK's own shared-ini loader, so SSO users need not pass --region.
 */
export async function resolveRegion(...candidates: ReadonlyArray<string | undefined>): Promise<string> {
	let region = [...candidates, process.env.AWS_REGION, process.env.AWS_DEFAULT_REGION].find(
		(value) => value !== undefined && value.trim() !== '',
	);
	let from = '--region';
	if (!region) {
		region = await profileRegion();
		from = 'the AWS profile';
	}

	if (!region) {
		throw new UserError(
			'--region is required for aws (none in the environment or the AWS profile)',
			'e.g. --region us-west-2, set AWS_REGION, or region in the profile in ~/.aws/config',
		);
	}

	if (!regionPattern.test(region)) {
		throw new UserError(`${from} region ${JSON.stringify(region)} is not an AWS region`, 'e.g. us-west-2');
	}

	return region;
}

/** A --region given on the command line, checked before anything (or any SDK) runs. */
export function validateRegionFlag(region: string | undefined): void {
	if (region !== undefined && !regionPattern.test(region)) {
		throw new UserError(`--region ${JSON.stringify(region)} is not an AWS region`, 'e.g. us-west-2');
	}
}

async function profileRegion(): Promise<string | undefined> {
	try {
		const {getProfileName, loadSharedConfigFiles} = await import('@smithy/core/config');
		const {configFile} = await loadSharedConfigFiles();
		const region = configFile[getProfileName({})]?.region;
		return region?.trim() || undefined;
	} catch {
		return undefined;
	}
}

/** The EC2 error code (`Code`, else the SDK's `name`), e.g. `InvalidGroup.NotFound`. */
export function errorName(error: unknown): string {
	if (typeof error === 'object' && error !== null) {
		const record = error as {name?: unknown; Code?: unknown};
		if (typeof record.Code === 'string') return record.Code;
		if (typeof record.name === 'string') return record.name;
	}

	return 'Error';
}

/** A failed EC2 call as the user should see it: credentials one way, everything else another. */
/**
 * The IAM action a denied call needed: the `ec2:Action` the message names ("not authorized to perform:
 * ec2:RunInstances"), else the call's own name (EC2's IAM actions are its API operation names), else null.
 */
export function deniedEc2Action(action: string, message: string): string | null {
	const named = /\b(ec2:[A-Za-z]+)/.exec(message)?.[1];
	if (named) return named;
	const call = /^([A-Z][A-Za-z0-9]+)\b/.exec(action)?.[1];
	return call ? `ec2:${call}` : null;
}

function describeAwsError(action: string, cause: unknown): string {
	const code = errorName(cause);
	if (code !== 'UnauthorizedOperation') return `${code}: ${firstLineOf(cause)}`;
	const needed = deniedEc2Action(action, firstLineOf(cause));
	const what = needed ? `the credentials lack ${needed}` : 'the credentials lack the permission';
	// The encoded part says more (aws sts decode-authorization-message); it is not printed.
	return `${code}: ${what} (${action})`;
}

export function mapAwsError(action: string, error: unknown): Error {
	if (errorName(error) === 'UnauthorizedOperation') {
		return new RuntimeError(`aws refused ${action}: ${describeAwsError(action, error)}`);
	}

	return cloudCallError('aws', action, error, (cause) => describeAwsError(action, cause));
}

/**
 * Gone for good. Not InvalidInstanceID.NotFound: right after RunInstances it only means the id has not
 * propagated yet ("this does not mean the instance does not exist", EC2 API guide, Eventual consistency).
 */
export function isNotFound(error: unknown): boolean {
	const code = errorName(error);
	return code !== 'InvalidInstanceID.NotFound' && /NotFound|InvalidPlacementGroup\.Unknown/.test(code);
}

/**
 * The codes the EC2 API guide ("Eventual consistency in the Amazon EC2 API") lists as what a call right after
 * a create can get while the new id propagates: retry them with exponential backoff.
 */
export const consistencyCodes = {
	afterCreateGroup: ['InvalidGroup.NotFound'],
	runInstances: ['InvalidGroup.NotFound', 'InvalidKeyPair.NotFound', 'InvalidPlacementGroup.Unknown'],
	afterRunInstances: ['InvalidInstanceID.NotFound'],
} as const;

export interface RetryTiming {
	/** The first backoff's ceiling; each next one doubles (capped at 60 s). */
	readonly baseMs: number;
	readonly attempts: number;
}

/** Full-jitter backoff (cloud/retry.ts) under ceilings doubling up to a minute: the guide's advice. */
export function consistencyPolicy(timing: RetryTiming): RetryPolicy {
	return {
		attempts: timing.attempts,
		baseMs: timing.baseMs,
		capMs: Math.max(timing.baseMs, 60_000),
		totalMs: Number.POSITIVE_INFINITY,
	};
}

/** Runs an EC2 call, retrying (with backoff) while it fails with one of `codes`; other failures translated. */
export async function callRetrying<T>(
	action: string,
	codes: readonly string[],
	timing: RetryTiming,
	work: () => Promise<T>,
	signal?: AbortSignal,
): Promise<T> {
	try {
		return await withRetries(work, {
			policy: consistencyPolicy(timing),
			retryable: (error) => codes.includes(errorName(error)),
			signal,
		});
	} catch (error: unknown) {
		throw mapAwsError(action, error);
	}
}

/** Runs one EC2 call, its failure translated by mapAwsError. */
export async function call<T>(action: string, work: () => Promise<T>): Promise<T> {
	try {
		return await work();
	} catch (error: unknown) {
		throw mapAwsError(action, error);
	}
}

/** The `aws ec2 …` commands a person runs when teardown could not delete something. */
export const deleteCommands = {
	instance: (region: string, id: string) => `aws ec2 terminate-instances --region ${region} --instance-ids ${id}`,
	placementGroup: (region: string, name: string) =>
		`aws ec2 delete-placement-group --region ${region} --group-name ${name}`,
	securityGroup: (region: string, id: string) => `aws ec2 delete-security-group --region ${region} --group-id ${id}`,
	keyPair: (region: string, id: string) =>
		`aws ec2 delete-key-pair --region ${region} ${id.startsWith('key-') ? '--key-pair-id' : '--key-name'} ${id}`,
} as const;

/**
 * Deletes a security group once no network interface uses it. A terminated instance's ENI detaches on its own
 * time (DependencyViolation "resource sg-… has a dependent object" until it has), often longer than a few
 * retries: first wait until DescribeNetworkInterfaces (filter group-id) lists none, then delete, still
 * retrying DependencyViolation with backoff.
 */
export async function deleteSecurityGroupWhenFree(
	client: EC2Client,
	groupId: string,
	timing: RetryTiming,
): Promise<void> {
	for (let attempt = 1; attempt <= timing.attempts * 2; attempt++) {
		const attached = await call('DescribeNetworkInterfaces', async () =>
			client.send(new DescribeNetworkInterfacesCommand({Filters: [{Name: 'group-id', Values: [groupId]}]})),
		);
		if ((attached.NetworkInterfaces ?? []).length === 0) break;
		// A poll, not a retry: the full ceiling each time.
		await delay(backoffMs(consistencyPolicy(timing), attempt, () => 1));
	}

	try {
		await withRetries(async () => client.send(new DeleteSecurityGroupCommand({GroupId: groupId})), {
			policy: consistencyPolicy(timing),
			retryable: (error) => errorName(error) === 'DependencyViolation',
		});
	} catch (error: unknown) {
		if (!isNotFound(error)) throw mapAwsError('DeleteSecurityGroup', error);
	}
}

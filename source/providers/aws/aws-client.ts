// The EC2 client and the one place its errors are translated: credential problems become one line naming
// the chain (exit 1), anything else a RuntimeError naming the call. Nothing here prints or logs.

import {setTimeout as delay} from 'node:timers/promises';
import {DeleteSecurityGroupCommand, EC2Client} from '@aws-sdk/client-ec2';
import {firstLineOf, UserError} from '../../errors.js';
import {cloudCallError} from '../cloud/credentials.js';

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
	return new EC2Client({region, logger: silentLogger, maxAttempts: 4});
}

/** Region from the target, the provider options, or the usual environment variables. */
export function resolveRegion(...candidates: ReadonlyArray<string | undefined>): string {
	const region = [...candidates, process.env.AWS_REGION, process.env.AWS_DEFAULT_REGION].find(
		(value) => value !== undefined && value.trim() !== '',
	);
	if (!region) {
		throw new UserError('--region is required for aws', 'e.g. --region us-west-2, or set AWS_REGION');
	}

	if (!/^[a-z]{2}(-[a-z]+)+-\d+$/.test(region)) {
		throw new UserError(`--region ${JSON.stringify(region)} is not an AWS region`, 'e.g. us-west-2');
	}

	return region;
}

function errorName(error: unknown): string {
	if (typeof error === 'object' && error !== null) {
		const record = error as {name?: unknown; Code?: unknown};
		if (typeof record.Code === 'string') return record.Code;
		if (typeof record.name === 'string') return record.name;
	}

	return 'Error';
}

/** A failed EC2 call as the user should see it: credentials one way, everything else another. */
export function mapAwsError(action: string, error: unknown): Error {
	return cloudCallError('aws', action, error, (cause) => `${errorName(cause)}: ${firstLineOf(cause)}`);
}

export function isNotFound(error: unknown): boolean {
	return /NotFound|InvalidGroup\.NotFound|InvalidKeyPair\.NotFound|InvalidPlacementGroup\.Unknown/.test(
		errorName(error),
	);
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

/** Deletes a security group, retrying while network interfaces of just-terminated instances detach. */
export async function deleteSecurityGroupWhenFree(
	client: EC2Client,
	groupId: string,
	retryMs: number,
	attempts = 6,
): Promise<void> {
	for (let attempt = 1; ; attempt++) {
		try {
			await client.send(new DeleteSecurityGroupCommand({GroupId: groupId}));
			return;
		} catch (error: unknown) {
			if (isNotFound(error)) return;
			if (errorName(error) !== 'DependencyViolation' || attempt >= attempts)
				throw mapAwsError('DeleteSecurityGroup', error);
			await delay(retryMs);
		}
	}
}

// Input checks every cloud shares: a shape name and the SSH CIDR. Anything odd is the user's to fix:
// UserError, one line, exit 2. Shapes reach SDK calls and delete commands, so metacharacters never pass.

import {isIPv4, isIPv6} from 'node:net';
import {UserError} from '../../domain/errors.js';
import type {RealCloud} from '../../domain/types.js';

const shapePatterns: Record<RealCloud, {readonly pattern: RegExp; readonly example: string}> = {
	// family.size: c8gn.4xlarge, m7i-flex.large, u-6tb1.112xlarge, c7gd.metal-48xl
	aws: {pattern: /^[a-z][a-z0-9-]*\.[a-z0-9-]+$/, example: 'c8gn.4xlarge'},
	// series-type-vcpus: c4a-standard-16, n2-highcpu-8, e2-micro, c4a-highmem-72-lssd
	gcp: {pattern: /^[a-z][a-z0-9]*(-[a-z0-9]+){1,3}$/, example: 'c4a-standard-16'},
	// VM.Standard.A1.Flex, BM.Standard.E5.192, VM.Standard3.Flex, VM.GPU.A10.1
	oci: {pattern: /^(VM|BM)(\.[A-Za-z0-9]+){2,3}$/, example: 'VM.Standard.A1.Flex'},
};

/** The shape, or a UserError naming the expected format. */
export function validateShape(cloud: RealCloud, shape: string | undefined): string {
	const {pattern, example} = shapePatterns[cloud];
	if (shape === undefined || shape.trim() === '') {
		throw new UserError(`--shape is required for ${cloud}`, `e.g. --shape ${example}`);
	}

	if (shape.length > 64 || !pattern.test(shape)) {
		throw new UserError(
			`--shape ${JSON.stringify(shape)} is not a valid ${cloud.toUpperCase()} shape`,
			`expected a name like ${example}`,
		);
	}

	return shape;
}

/** A CIDR (IPv4 or IPv6), required for clouds: who may SSH in. Returns it normalised (trimmed). */
export function validateSshCidr(cidr: string | undefined): string {
	const hint = 'your own address, e.g. --ssh-cidr 203.0.113.7/32';
	if (cidr === undefined || cidr.trim() === '') {
		throw new UserError('--ssh-cidr is required for cloud probes (who may SSH in)', hint);
	}

	const text = cidr.trim();
	const match = /^([0-9A-Fa-f:.]+)\/(\d{1,3})$/.exec(text);
	const address = match?.[1] ?? '';
	const bits = Number(match?.[2] ?? Number.NaN);
	const valid =
		match !== null && ((isIPv4(address) && bits >= 0 && bits <= 32) || (isIPv6(address) && bits >= 0 && bits <= 128));
	if (!valid) {
		throw new UserError(`--ssh-cidr ${JSON.stringify(text)} is not an IPv4 or IPv6 CIDR`, hint);
	}

	return text;
}

/** True for an IPv6 CIDR (security rules keep the two families apart). */
export function isIpv6Cidr(cidr: string): boolean {
	return cidr.includes(':');
}

// Input checks every cloud shares: a shape name (by the pattern the cloud's facts give, shape-name.ts) and
// the SSH CIDR. Anything odd is the user's to fix: UserError, one line, exit 2.

import {isIPv4, isIPv6} from 'node:net';
import {UserError} from '../../domain/errors.js';
import type {RealCloud} from '../../domain/types.js';
import {cloudProviderFacts} from '../facts.js';
import {checkShapeName} from './shape-name.js';

/** The shape, or a UserError naming the cloud's expected format. */
export function validateShape(cloud: RealCloud, shape: string | undefined): string {
	return checkShapeName(cloud, cloudProviderFacts(cloud).shapeName, shape);
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

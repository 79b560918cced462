// `--ssh-cidr`: who may SSH in to a cloud probe's hosts. Normalised (canonical address, decimal prefix without
// leading zeros), host bits refused (203.0.113.7/8 is not a network), and a CIDR open to a large share of
// the internet flagged so the probe asks before using it: any prefix of /8 or shorter, in either family (at
// least 1/256 of all addresses: 0.0.0.0/0, 0.0.0.0/1 and 128.0.0.0/1, which together are everyone, ::/1).
// Pure.

import {isIPv4, isIPv6} from 'node:net';
import {UserError} from '../../domain/errors.js';

export interface SshCidr {
	/** Normalised: `203.0.113.7/32`, `2001:db8::/64`. */
	readonly cidr: string;
	readonly family: 4 | 6;
	/** A /8 or shorter: at least 1/256 of all addresses (a /0: anyone) may try to connect. */
	readonly openToAll: boolean;
}

const hint = 'your own address, e.g. --ssh-cidr 203.0.113.7/32';

function ipv4Bits(address: string): bigint {
	return address.split('.').reduce((bits, octet) => (bits << 8n) | BigInt(Number(octet)), 0n);
}

/** The 128 bits of an IPv6 address (`::`, an embedded IPv4 tail and any case accepted). */
function ipv6Bits(address: string): bigint {
	let text = address.toLowerCase();
	const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
	if (tail !== undefined) {
		const v4 = ipv4Bits(tail);
		text = `${text.slice(0, -tail.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
	}

	const [head = '', rest] = text.split('::');
	const left = head === '' ? [] : head.split(':');
	const right = rest === undefined || rest === '' ? [] : rest.split(':');
	const groups =
		rest === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
	return groups.reduce((bits, group) => (bits << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

function ipv4Text(bits: bigint): string {
	return [24n, 16n, 8n, 0n].map((shift) => String((bits >> shift) & 0xffn)).join('.');
}

/** RFC 5952 text: lower case, leading zeros dropped, the longest run of two or more zero groups as `::`. */
function ipv6Text(bits: bigint): string {
	const groups = [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n].map((shift) => Number((bits >> shift) & 0xffffn));
	let best = {start: -1, length: 0};
	for (let start = 0; start < 8; start++) {
		let length = 0;
		while (start + length < 8 && groups[start + length] === 0) length++;
		if (length > best.length && length > 1) best = {start, length};
	}

	const hex = groups.map((group) => group.toString(16));
	if (best.start === -1) return hex.join(':');
	return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

/** The CIDR, normalised, or a UserError (one line, exit 2) saying what is wrong with it. */
export function parseSshCidr(raw: string | undefined): SshCidr {
	if (raw === undefined || raw.trim() === '') {
		throw new UserError('--ssh-cidr is required for cloud probes (who may SSH in)', hint);
	}

	const text = raw.trim();
	const match = /^([0-9A-Fa-f:.]+)\/(0|[1-9]\d{0,2})$/.exec(text);
	const address = match?.[1] ?? '';
	const prefix = Number(match?.[2] ?? Number.NaN);
	const family = isIPv4(address) ? 4 : isIPv6(address) ? 6 : null;
	const width = family === 4 ? 32 : 128;
	if (match === null || family === null || prefix > width) {
		throw new UserError(`--ssh-cidr ${JSON.stringify(text)} is not an IPv4 or IPv6 CIDR`, hint);
	}

	const bits = family === 4 ? ipv4Bits(address) : ipv6Bits(address);
	const hostMask = (1n << BigInt(width - prefix)) - 1n;
	const network = bits & ~hostMask;
	const normalised = `${family === 4 ? ipv4Text(network) : ipv6Text(network)}/${prefix}`;
	if ((bits & hostMask) !== 0n) {
		throw new UserError(
			`--ssh-cidr ${JSON.stringify(text)} has host bits set`,
			`the network is ${normalised}; for one address use /${width}`,
		);
	}

	return {cidr: normalised, family, openToAll: prefix <= widestQuietPrefix};
}

/** The shortest prefix used without a question: /9 (a /8 is 1/256 of all addresses, 16.7 million in IPv4). */
const widestQuietPrefix = 8;

/** The warning a CIDR open to a large share of the internet needs before anything is created with it. */
export function openCidrWarning(cidr: string): string {
	const prefix = Number(cidr.split('/')[1]);
	if (prefix === 0) return `--ssh-cidr ${cidr} lets anyone on the internet try to SSH in to the probe's hosts`;
	const family = cidr.includes(':') ? 'IPv6' : 'IPv4';
	return `--ssh-cidr ${cidr} lets 1/${2 ** prefix} of all ${family} addresses try to SSH in to the probe's hosts (a /${widestQuietPrefix} or wider needs a yes)`;
}

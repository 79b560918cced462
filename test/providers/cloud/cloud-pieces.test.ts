import {execFileSync} from 'node:child_process';
import {existsSync, statSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {exitCodeOf, formatError, RuntimeError, UserError} from '../../../source/domain/errors.js';
import {
	credentialsError,
	ed25519Pair,
	ephemeralKeyPair,
	estimateCost,
	formatUsd,
	isCredentialsError,
	runTags,
	startupScript,
	ttlMinutesFor,
	validateShape,
	validateSshCidr,
} from '../../../source/providers/cloud/index.js';

describe('validateShape', () => {
	it.each([
		['aws', 'c8gn.4xlarge'],
		['aws', 'c8g.4xlarge'],
		['aws', 'm7i-flex.large'],
		['gcp', 'c4a-standard-16'],
		['gcp', 'e2-micro'],
		['oci', 'VM.Standard.A1.Flex'],
		['oci', 'BM.Standard.E5.192'],
	] as const)('%s accepts %s', (cloud, shape) => {
		expect(validateShape(cloud, shape)).toBe(shape);
	});

	it.each([
		['aws', 'c8g.4xlarge;rm -rf /'],
		['aws', 'c8g'],
		['aws', 'C8G.4XLARGE'],
		['aws', 'c8g.4xlarge '],
		['aws', '$(id).large'],
		['gcp', 'c4a standard 16'],
		['gcp', 'c4a-standard-16`id`'],
		['oci', 'VM.Standard.A1.Flex&&x'],
		['oci', 'c8g.4xlarge'],
		['aws', ''],
		['aws', undefined],
	] as const)('%s rejects %j with a UserError (exit 2)', (cloud, shape) => {
		const attempt = (): string => validateShape(cloud, shape);
		expect(attempt).toThrow(UserError);
		try {
			attempt();
		} catch (error: unknown) {
			expect(exitCodeOf(error)).toBe(2);
			expect(formatError(error).split('\n')).toHaveLength(1);
		}
	});
});

describe('validateSshCidr', () => {
	it.each(['203.0.113.7/32', '10.0.0.0/8', '0.0.0.0/0', '2001:db8::/32', '::1/128', ' 192.0.2.0/24 '])(
		'accepts %s',
		(cidr) => {
			expect(validateSshCidr(cidr)).toBe(cidr.trim());
		},
	);

	it.each([
		undefined,
		'',
		'abc',
		'1.2.3.4/40',
		'1.2.3.4',
		'1.2.3.256/32',
		'2001:db8::/129',
		'1.2.3.4/32;id',
		'1.2.3.4/32 x',
	])('rejects %j with one line, exit 2', (cidr) => {
		let caught: unknown;
		try {
			validateSshCidr(cidr);
		} catch (error: unknown) {
			caught = error;
		}

		expect(caught).toBeInstanceOf(UserError);
		expect(exitCodeOf(caught)).toBe(2);
		expect(formatError(caught)).toMatch(/^netplace: --ssh-cidr [^\n]+$/);
	});
});

describe('estimateCost', () => {
	it('multiplies instance-hours by the price', () => {
		expect(estimateCost(0.948, 2, 1800)).toEqual({instanceHours: 1, usd: 0.948});
		expect(estimateCost(0.5, 6, 600)).toEqual({instanceHours: 1, usd: 0.5});
	});

	it('knows instance-hours without a price', () => {
		expect(estimateCost(null, 4, 900)).toEqual({instanceHours: 1, usd: null});
		expect(formatUsd(null)).toBe('unknown');
		expect(formatUsd(0.948)).toBe('$0.95');
	});
});

describe('run tags and startup script', () => {
	it('tags the run id and an ISO expiry', () => {
		expect(runTags('np-abc', 3600, new Date('2026-01-01T00:00:00Z'))).toEqual({
			'netplace-run': 'np-abc',
			'netplace-expires': '2026-01-01T01:00:00.000Z',
		});
	});

	it('installs iperf3 without prompts and shuts down after the TTL, and is valid sh', () => {
		const script = startupScript({ttlMinutes: ttlMinutesFor(600)});
		expect(script).toContain('DEBIAN_FRONTEND=noninteractive');
		expect(script).toMatch(/apt-get -y -q -o DPkg::Lock::Timeout=300 .*install iperf3/);
		expect(script).toContain('shutdown -h +25');
		expect(ttlMinutesFor(10)).toBe(16);
		expect(() => execFileSync('sh', ['-n'], {input: script})).not.toThrow();
	});
});

describe('credentialsError', () => {
	const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYFAKESECRET';

	it('names the chain and never the cause message', () => {
		const cause = Object.assign(new Error(`Could not load credentials from any providers ${secret}`), {
			name: 'CredentialsProviderError',
		});
		expect(isCredentialsError(cause)).toBe(true);
		const error = credentialsError('aws', cause);
		expect(error).toBeInstanceOf(RuntimeError);
		expect(exitCodeOf(error)).toBe(1);
		const line = formatError(error);
		expect(line).toContain('AWS_PROFILE');
		expect(line).toContain('~/.aws/credentials');
		expect(line).not.toContain(secret);
		expect(line.split('\n')).toHaveLength(1);
	});

	it('tells a refused call from missing credentials', () => {
		const cause = Object.assign(new Error('You are not authorized'), {name: 'UnauthorizedOperation'});
		expect(formatError(credentialsError('aws', cause))).toMatch(/refused the call \(UnauthorizedOperation\)/);
		expect(isCredentialsError(new Error('InsufficientInstanceCapacity'))).toBe(false);
	});
});

describe('ephemeralKeyPair', () => {
	it('writes an ed25519 key 0600 in a 0700 folder and deletes it', async () => {
		const pair = await ephemeralKeyPair('netplace-np-test');
		expect(pair.publicKey).toMatch(/^ssh-ed25519 AAAA\S+/);
		expect(statSync(pair.privateKeyPath).mode & 0o777).toBe(0o600);
		expect(statSync(pair.folder).mode & 0o777).toBe(0o700);
		const fingerprint = execFileSync('ssh-keygen', ['-l', '-f', pair.privateKeyPath], {encoding: 'utf8'});
		expect(fingerprint).toMatch(/ED25519/);
		await pair.dispose();
		expect(existsSync(pair.folder)).toBe(false);
		await pair.dispose();
	});

	it('never hands out a pair whose public key lost a leading zero byte (ssh2 #1513: 1 pair in 256)', () => {
		// An ssh-ed25519 blob is string "ssh-ed25519" (4 + 11 bytes) and string key (4 + 32 bytes): 51 bytes.
		// Of 2,000 raw ssh2 pairs about 8 fall short; the chance that none does is about 4 in 10,000.
		const short = Array.from({length: 2000}, () => ed25519Pair('netplace-np-test'))
			.map((pair) => Buffer.from(pair.public.split(' ')[1] ?? '', 'base64').length)
			.filter((length) => length !== 51);
		expect(short).toEqual([]);
	});
});

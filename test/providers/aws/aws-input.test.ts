// Bad input never reaches EC2: a UserError (one line, exit 2) before any call.

import {describe, expect, it, vi} from 'vitest';
import {exitCodeOf, formatError, UserError} from '../../../source/domain/errors.js';
import type {ProbeTarget} from '../../../source/providers/provider.js';
import {awsTarget, awsUnderTest} from './aws-helpers.js';

async function errorOf(work: Promise<unknown>): Promise<unknown> {
	return work.then(
		() => undefined,
		(error: unknown) => error,
	);
}

describe('AWS bad input', () => {
	const cases: Array<[string, Partial<ProbeTarget>, RegExp]> = [
		[
			'a shape with shell metacharacters',
			{shape: 'c8g.4xlarge;rm -rf /'},
			/--shape "c8g.4xlarge;rm -rf \/" is not a valid AWS shape/,
		],
		['a shape with a command substitution', {shape: '$(id).large'}, /is not a valid AWS shape/],
		['a shape without a size', {shape: 'c8g'}, /is not a valid AWS shape/],
		['a GCP shape', {shape: 'c4a-standard-16'}, /is not a valid AWS shape/],
		['no --ssh-cidr', {sshCidr: undefined}, /--ssh-cidr is required/],
		['--ssh-cidr 1.2.3.4/40', {sshCidr: '1.2.3.4/40'}, /--ssh-cidr "1.2.3.4\/40" is not an IPv4 or IPv6 CIDR/],
		['--ssh-cidr abc', {sshCidr: 'abc'}, /--ssh-cidr "abc" is not/],
		['a GCP placement', {placements: ['collocated']}, /collocated is a GCP placement/],
		['no placement', {placements: []}, /no placement/],
		['a bad region', {region: 'us-west-2; id'}, /is not an AWS region/],
	];

	for (const [what, change, message] of cases) {
		it(`${what}: UserError, exit 2, one line, and no EC2 call`, async () => {
			const {provider, fake} = awsUnderTest();
			const target = {...awsTarget, ...change} as ProbeTarget;
			for (const attempt of [provider.provision(target, 'np-bad'), provider.plan(target, 600)]) {
				const error = await errorOf(attempt);
				expect(error).toBeInstanceOf(UserError);
				expect(exitCodeOf(error)).toBe(2);
				expect(formatError(error)).toMatch(message);
				expect(formatError(error).split('\n')).toHaveLength(1);
			}

			expect(fake.calls).toEqual([]);
			expect(await provider.teardown('np-bad')).toEqual({complete: true, left: []});
		});
	}

	it('no region anywhere: UserError naming --region and AWS_REGION', async () => {
		vi.stubEnv('AWS_REGION', '');
		vi.stubEnv('AWS_DEFAULT_REGION', '');
		const {provider} = awsUnderTest();
		const error = await errorOf(provider.plan({...awsTarget, region: undefined} as ProbeTarget, 600));
		expect(exitCodeOf(error)).toBe(2);
		expect(formatError(error)).toMatch(/--region is required for aws.*AWS_REGION/);
		vi.unstubAllEnvs();
	});

	it('--ena-express on a shape without ENA Express: UserError before anything is created', async () => {
		const {provider, fake} = awsUnderTest();
		const error = await errorOf(
			provider.provision({...awsTarget, shape: 'c8g.4xlarge', enaExpress: true}, 'np-ena-bad'),
		);
		expect(exitCodeOf(error)).toBe(2);
		expect(formatError(error)).toMatch(/c8g.4xlarge does not support ENA Express/);
		expect(fake.calls.map((call) => call.command)).toEqual(['DescribeInstanceTypes']);
		expect(await provider.teardown('np-ena-bad')).toEqual({complete: true, left: []});
	});

	it('an instance type EC2 does not know: UserError', async () => {
		const {provider} = awsUnderTest();
		const error = await errorOf(provider.publishedBandwidth({...awsTarget, shape: 'c9zz.4xlarge'}));
		expect(exitCodeOf(error)).toBe(2);
		expect(formatError(error)).toMatch(/aws has no instance type c9zz.4xlarge/);
	});
});

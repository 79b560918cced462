import {describe, expect, it} from 'vitest';
import type {CliFlags} from '../../source/commands/flags.js';
import {UserError} from '../../source/errors.js';
import {parseProbeFlags} from '../../source/probe/probe-flags.js';
import {cliFlags} from './cli-flags.js';

const flags = cliFlags;

function usageError(overrides: Partial<Record<keyof CliFlags, unknown>>): string {
	try {
		parseProbeFlags(flags(overrides));
	} catch (error: unknown) {
		expect(error).toBeInstanceOf(UserError);
		expect((error as UserError).exitCode).toBe(2);
		expect((error as UserError).message).not.toContain('\n');
		return (error as UserError).message;
	}

	throw new Error('expected a UserError');
}

const aws = {provider: 'aws', shape: 'c8gn.4xlarge', sshCidr: '203.0.113.7/32'};

describe('parseProbeFlags', () => {
	it('gives the defaults for a bare lab probe', () => {
		const request = parseProbeFlags(flags({provider: 'lab'}));
		expect(request.provider).toBe('lab');
		expect(request.target).toEqual({shape: 'custom', placements: ['default'], lab: {}});
		expect(request.settings).toEqual({
			streams: [1, 8],
			durationSeconds: 20,
			repeat: 1,
			sustainedSeconds: null,
			pingCount: 50,
		});
	});

	it('reads lab shaping, stream lists, repeats and placements', () => {
		const request = parseProbeFlags(
			flags({
				provider: 'lab',
				flowCap: '1',
				aggregateCap: '3',
				rtt: '2',
				jitter: '0.1',
				streams: '1,4,8,4',
				duration: '2',
				repeat: '3',
				sustained: '60',
				placement: ['default,cluster', 'default'],
			}),
		);
		expect(request.target.lab).toEqual({flowCapGbps: 1, aggregateCapGbps: 3, rttMs: 2, jitterMs: 0.1});
		expect(request.target.placements).toEqual(['default', 'cluster']);
		expect(request.settings).toMatchObject({streams: [1, 4, 8], durationSeconds: 2, repeat: 3, sustainedSeconds: 60});
	});

	it('names a lab profile run by its cloud and shape', () => {
		const request = parseProbeFlags(flags({provider: 'lab', labProfile: 'aws/c8g.4xlarge/default', labScale: '0.1'}));
		expect(request.target.shape).toBe('aws/c8g.4xlarge');
		expect(request.target.lab).toEqual({profile: 'aws/c8g.4xlarge/default', scale: 0.1});
	});

	it('takes a cloud probe with a shape and an SSH CIDR', () => {
		const request = parseProbeFlags(
			flags({...aws, placement: ['default,cluster,spread'], region: 'us-west-2', yes: true}),
		);
		expect(request.target).toEqual({
			shape: 'c8gn.4xlarge',
			placements: ['default', 'cluster', 'spread'],
			region: 'us-west-2',
			sshCidr: '203.0.113.7/32',
		});
		expect(request.yes).toBe(true);
	});

	it.each([
		[{provider: undefined}, /--provider is required/],
		[{provider: 'azure'}, /unknown provider "azure"/],
		[{provider: 'lab', placement: ['default,nearby']}, /unknown placement "nearby"/],
		[{provider: 'lab', streams: '0,x'}, /--streams must be an integer from 1 to 128, got "0"/],
		[{provider: 'lab', streams: '1,x'}, /--streams must be an integer from 1 to 128, got "x"/],
		[{provider: 'lab', duration: '0'}, /--duration must be an integer from 1 to 3600/],
		[{provider: 'lab', repeat: '0'}, /--repeat must be an integer from 1 to 20/],
		[{provider: 'lab', sustained: ''}, /--sustained needs a value/],
		[{provider: 'lab', labScale: '0'}, /--lab-scale must be a number above 0/],
		[{provider: 'lab', labScale: '1.5'}, /--lab-scale must be a number above 0/],
		[{provider: 'lab', flowCap: '-1'}, /--flow-cap must be a number above 0/],
		[{provider: 'lab', aggregateCap: '-3'}, /--aggregate-cap must be a number above 0/],
		[{provider: 'lab', rtt: '-2'}, /--rtt must be a number above 0/],
		[{provider: 'lab', flowCap: '4', aggregateCap: '3'}, /--flow-cap 4 is above --aggregate-cap 3/],
		[{provider: 'lab', labProfile: 'aws/nothing/default'}, /unknown lab profile/],
		[{provider: 'lab', shape: 'x; rm -rf /'}, /not a valid lab shape name/],
		[{...aws, shape: 'c8gn.4xlarge;reboot'}, /is not a valid AWS shape/],
		[{...aws, shape: '$(id)'}, /is not a valid AWS shape/],
		[{...aws, shape: undefined}, /--shape is required for aws/],
		[{...aws, sshCidr: undefined}, /--ssh-cidr is required/],
		[{...aws, sshCidr: '10.0.0.0/33'}, /is not an IPv4 or IPv6 CIDR/],
		[{...aws, sshCidr: 'anywhere'}, /is not an IPv4 or IPv6 CIDR/],
		[{...aws, region: 'us-west-2 && curl x'}, /--region "us-west-2 && curl x" has characters/],
		[{...aws, flowCap: '1'}, /--flow-cap is for --provider lab only/],
		[{...aws, ocpus: '16'}, /--ocpus is for --provider oci only/],
		[{...aws, price: '-1'}, /--price must be a number >= 0/],
		[
			{provider: 'oci', shape: 'VM.Standard.A1.Flex', sshCidr: '203.0.113.7/32', ocpus: '0'},
			/--ocpus must be an integer/,
		],
	])('refuses %j in one line', (overrides, message) => {
		expect(usageError(overrides)).toMatch(message);
	});
});

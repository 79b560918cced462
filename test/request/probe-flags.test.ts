import {describe, expect, it} from 'vitest';
import {UserError} from '../../source/domain/errors.js';
import type {CliFlags} from '../../source/request/flags.js';
import {parseProbeFlags} from '../../source/request/probe-flags.js';
import {cliFlags} from '../probe/cli-flags.js';

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
		[{provider: 'lab', flowCap: '-1'}, /--flow-cap must be a number from 0.01 to 10 Gbps, got "-1"/],
		[{provider: 'lab', aggregateCap: '-3'}, /--aggregate-cap must be a number from 0.01 to 10 Gbps/],
		[{provider: 'lab', rtt: '-2'}, /--rtt must be a number above 0/],
		[{provider: 'lab', flowCap: '4', aggregateCap: '3'}, /--flow-cap 4 is above --aggregate-cap 3/],
		[{provider: 'lab', labProfile: 'aws/nothing/default'}, /unknown lab profile/],
		[{provider: 'lab', shape: 'x; rm -rf /'}, /--shape "x; rm -rf \/" is no catalogue shape/],
		// Issue 26: --shape with the lab reproduces that shape's cell, or is refused; never ignored.
		[
			{provider: 'lab', shape: 'nosuch.9xlarge'},
			/--shape "nosuch.9xlarge" is no catalogue shape, so the lab has no cell/,
		],
		[
			{provider: 'lab', shape: 'c8g.4xlarge', flowCap: '1'},
			/--shape c8g.4xlarge reproduces that shape's cell; --flow-cap/,
		],
		[
			{provider: 'lab', shape: 'c8g.4xlarge', labProfile: 'gcp/c4a-standard-16/collocated'},
			/--shape c8g.4xlarge and --lab-profile gcp\/c4a-standard-16\/collocated name different shapes/,
		],
		[{...aws, shape: 'c8gn.4xlarge;reboot'}, /is not a valid AWS shape/],
		[{...aws, shape: '$(id)'}, /is not a valid AWS shape/],
		[{...aws, shape: undefined}, /--shape is required for aws/],
		[{...aws, sshCidr: undefined}, /--ssh-cidr is required/],
		[{...aws, sshCidr: '10.0.0.0/33'}, /is not an IPv4 or IPv6 CIDR/],
		[{...aws, sshCidr: 'anywhere'}, /is not an IPv4 or IPv6 CIDR/],
		[{...aws, region: 'us-west-2 && curl x'}, /--region "us-west-2 && curl x" has characters/],
		[{...aws, flowCap: '1'}, /--flow-cap is not a --provider aws flag \(it is for --provider lab\)/],
		[{...aws, ocpus: '16'}, /--ocpus is not a --provider aws flag \(it is for --provider oci, ssh\)/],
		[{...aws, price: '-1'}, /--price must be a number from 0 to 1000 \$\/h/],
		[
			{provider: 'oci', shape: 'VM.Standard.A1.Flex', sshCidr: '203.0.113.7/32', ocpus: '0'},
			/--ocpus must be an integer/,
		],
		// Issue 9: decimal numbers only, every bound before anything is created.
		[{provider: 'lab', flowCap: '0x10'}, /--flow-cap must be a number from 0.01 to 10 Gbps, got "0x10"/],
		[{provider: 'lab', duration: '0x5'}, /--duration must be an integer from 1 to 3600 s, got "0x5"/],
		[{provider: 'lab', repeat: '0b11'}, /--repeat must be an integer from 1 to 20, got "0b11"/],
		[{provider: 'lab', streams: '1e1,0o10'}, /--streams must be an integer from 1 to 128, got "1e1"/],
		[{provider: 'lab', flowCap: '1e300'}, /--flow-cap must be a number from 0.01 to 10 Gbps, got "1e300"/],
		[{provider: 'lab', flowCap: '1e-12'}, /--flow-cap must be a number from 0.01 to 10 Gbps, got "1e-12"/],
		[{provider: 'lab', rtt: '100000'}, /--rtt must be a number above 0 and at most 1000 ms, got "100000"/],
		[{provider: 'lab', rtt: '1', jitter: '1000'}, /--jitter 1000 is above --rtt 1/],
		[{provider: 'lab', jitter: '1'}, /--jitter needs --rtt/],
		[{provider: 'lab', sustained: '10'}, /--sustained must be an integer from 60 to 3600 s/],
		[{provider: 'lab', labProfile: 'aws/c8gn.4xlarge/cluster', labScale: '1'}, /outside what the lab shapes/],
		[{provider: 'lab', price: '1'}, /--price is not a --provider lab flag/],
		[{...aws, price: '1e308'}, /--price must be a number from 0 to 1000 \$\/h, got "1e308"/],
		[{...aws, sshCidr: '203.0.113.7/032'}, /is not an IPv4 or IPv6 CIDR/],
		[{...aws, sshCidr: '203.0.113.7/8'}, /has host bits set/],
		[{...aws, placement: ['collocated']}, /placement collocated is not available on aws/],
		[
			{provider: 'gcp', shape: 'c4a-standard-16', sshCidr: '2001:db8::/64', zone: 'us-central1-a'},
			/must be IPv4 for gcp/,
		],
		[{provider: 'lab', region: 'us-east-1'}, /--region is not a --provider lab flag/],
		[{...aws, network: 'default'}, /--network is not a --provider aws flag \(it is for --provider gcp, k8s\)/],
		[{...aws, vpc: 'vpc-1;id'}, /--vpc "vpc-1;id" has characters/],
	])('refuses %j in one line', (overrides, message) => {
		expect(usageError(overrides)).toMatch(message);
	});

	it('names every bad field at once', () => {
		const message = usageError({
			provider: 'lab',
			flowCap: '0x10',
			duration: '0',
			repeat: '0b11',
			rtt: '100000',
			price: '1',
		});
		expect(message.split('; ')).toEqual([
			'--price is not a --provider lab flag (it is for --provider aws, gcp, oci)',
			'--duration must be an integer from 1 to 3600 s, got "0"',
			'--repeat must be an integer from 1 to 20, got "0b11"',
			'--flow-cap must be a number from 0.01 to 10 Gbps, got "0x10"',
			'--rtt must be a number above 0 and at most 1000 ms, got "100000"',
		]);
	});

	it('passes AWS --vpc and --subnet through', () => {
		expect(parseProbeFlags(flags({...aws, vpc: 'vpc-0abc', subnet: 'subnet-0def'})).target).toMatchObject({
			vpc: 'vpc-0abc',
			subnet: 'subnet-0def',
		});
	});

	it('normalises the SSH CIDR and names a lab run after its cell, placement included', () => {
		expect(parseProbeFlags(flags({...aws, sshCidr: '2001:DB8:0::/48'})).target.sshCidr).toBe('2001:db8::/48');
		// Issue 26: --shape with the lab is that shape's cell, exactly as --lab-profile cloud/shape.
		for (const shape of ['c8g.4xlarge', 'aws/c8g.4xlarge']) {
			const byShape = parseProbeFlags(flags({provider: 'lab', shape}));
			expect(byShape.target).toMatchObject({shape: 'aws/c8g.4xlarge', lab: {profile: 'aws/c8g.4xlarge'}});
			expect(byShape.target.lab).toEqual(
				parseProbeFlags(flags({provider: 'lab', labProfile: 'aws/c8g.4xlarge'})).target.lab,
			);
		}

		expect(
			parseProbeFlags(flags({provider: 'lab', shape: 'c6in.8xlarge', placement: ['cluster']})).target,
		).toMatchObject({
			shape: 'aws/c6in.8xlarge',
			placements: ['cluster'],
			lab: {profile: 'aws/c6in.8xlarge'},
		});
		const lab = parseProbeFlags(flags({provider: 'lab', labProfile: 'gcp/c4a-standard-16/collocated'}));
		expect(lab.target).toMatchObject({shape: 'gcp/c4a-standard-16', placements: ['collocated']});
	});
});

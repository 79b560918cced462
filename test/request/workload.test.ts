import {describe, expect, it} from 'vitest';
import {UserError} from '../../source/domain/errors.js';
import {defaultWorkload} from '../../source/domain/types.js';
import {RequestError} from '../../source/request/request-errors.js';
import {parseWorkload} from '../../source/request/workload.js';

function messageOf(run: () => unknown): string {
	try {
		run();
	} catch (error) {
		expect(error).toBeInstanceOf(UserError);
		expect((error as UserError).exitCode).toBe(2);
		return (error as Error).message;
	}

	throw new Error('expected a UserError');
}

describe('parseWorkload', () => {
	it('fills DESIGN.md defaults', () => {
		expect(parseWorkload({})).toEqual(defaultWorkload);
		expect(parseWorkload()).toEqual({
			cloud: 'any',
			streams: 1,
			latencySensitive: false,
			faultIsolation: false,
			minGbps: null,
			sustained: false,
			transferBytes: null,
			withinSeconds: null,
			toRegion: null,
			hostsAsIs: false,
			maxPairs: 16,
			keepLiveMigration: false,
			path: 'same-zone',
			region: null,
			arch: null,
			minVcpus: null,
			minMemoryGib: null,
			shapes: [],
			placement: null,
			enaExpress: null,
			tier1: null,
			rttMs: null,
			mtu: null,
			tcpRmemMax: null,
			tcpWmemMax: null,
			rmemMax: null,
			wmemMax: null,
			cc: null,
			lossPercent: null,
		});
	});

	it('accepts good values from flags, the wizard or a profile', () => {
		expect(
			parseWorkload({
				cloud: ' GCP ',
				streams: '8',
				minGbps: '12.5',
				latencySensitive: true,
				faultIsolation: true,
				sustained: true,
				keepLiveMigration: true,
			}),
		).toEqual({
			...defaultWorkload,
			cloud: 'gcp',
			streams: 8,
			minGbps: 12.5,
			latencySensitive: true,
			faultIsolation: true,
			sustained: true,
			keepLiveMigration: true,
		});
		expect(parseWorkload({cloud: 'lab', streams: 16, minGbps: 0.5}).cloud).toBe('lab');
		expect(parseWorkload({minGbps: null}).minGbps).toBeNull();
		expect(parseWorkload({sustained: ''}).sustained).toBe(true);
		expect(parseWorkload({sustained: 'no'}).sustained).toBe(false);
		expect(parseWorkload({minGbps: null, streams: null, cloud: null}).streams).toBe(1);
	});

	it('accepts the sizing constraints and pins', () => {
		expect(
			parseWorkload({
				path: ' Internet ',
				region: 'US-East-1',
				arch: 'aarch64',
				minVcpus: '16',
				minMemoryGib: '64.5',
				shapes: 'm7i.8xlarge, n2-standard-32,m7i.8xlarge',
				placement: 'cluster',
				enaExpress: true,
				tier1: false,
			}),
		).toMatchObject({
			path: 'internet',
			region: 'us-east-1',
			arch: 'arm64',
			minVcpus: 16,
			minMemoryGib: 64.5,
			shapes: ['m7i.8xlarge', 'n2-standard-32'],
			placement: 'cluster',
			enaExpress: true,
			tier1: false,
		});
		expect(parseWorkload({shapes: ['a', 'b,c']}).shapes).toEqual(['a', 'b', 'c']);
		expect(parseWorkload({arch: 'x86_64'}).arch).toBe('x86_64');
	});

	it.each([
		[{streams: '0'}, '--streams must be an integer from 1 to 4096, got "0"'],
		[{streams: 0}, '--streams must be an integer from 1 to 4096, got "0"'],
		[{streams: 'abc'}, '--streams must be an integer from 1 to 4096, got "abc"'],
		[{streams: '1.5'}, '--streams must be an integer from 1 to 4096, got "1.5"'],
		[{streams: 1.5}, '--streams must be an integer from 1 to 4096, got "1.5"'],
		[{streams: '-2'}, '--streams must be an integer from 1 to 4096, got "-2"'],
		[{streams: '4097'}, '--streams must be an integer from 1 to 4096, got "4097"'],
		[{streams: '0x10'}, '--streams must be an integer from 1 to 4096, got "0x10"'],
		[{streams: '1e1'}, '--streams must be an integer from 1 to 4096, got "1e1"'],
		[{streams: Number.NaN}, '--streams must be an integer from 1 to 4096, got "NaN"'],
		[{streams: ''}, '--streams needs a value: an integer from 1 to 4096'],
		[{minGbps: '-3'}, '--min-gbps must be a number above 0 and at most 10000 Gbps, got "-3"'],
		[{minGbps: '0'}, '--min-gbps must be a number above 0 and at most 10000 Gbps, got "0"'],
		[{minGbps: '1e308'}, '--min-gbps must be a number above 0 and at most 10000 Gbps, got "1e308"'],
		[{minGbps: ''}, '--min-gbps needs a value: a number above 0 and at most 10000 Gbps'],
		[{minGbps: -3}, '--min-gbps must be a number above 0 and at most 10000 Gbps, got "-3"'],
		[{minGbps: 'fast'}, '--min-gbps must be a number above 0 and at most 10000 Gbps, got "fast"'],
		[{minGbps: Number.POSITIVE_INFINITY}, '--min-gbps must be a number above 0 and at most 10000 Gbps, got "Infinity"'],
		[{cloud: 'azure'}, 'unknown cloud "azure" (use aws, gcp, oci or any)'],
		[{cloud: ''}, 'unknown cloud "" (use aws, gcp, oci or any)'],
		[{path: 'moon'}, '--path must be same-zone, cross-zone, cross-region or internet (got "moon")'],
		[{arch: 'sparc'}, '--arch must be arm64 or x86_64 (got "sparc")'],
		[{minVcpus: '0'}, '--min-vcpus must be an integer from 1 to 4096, got "0"'],
		[{minVcpus: '2.5'}, '--min-vcpus must be an integer from 1 to 4096, got "2.5"'],
		[{minMemoryGib: '0'}, '--min-memory must be a number above 0 and at most 65536 GiB, got "0"'],
		[{minMemoryGib: 'lots'}, '--min-memory must be a number above 0 and at most 65536 GiB, got "lots"'],
		[{sustained: 'maybe'}, '--sustained takes no value, or yes or no (got "maybe")'],
		[{region: 'the moon'}, 'unknown region "the moon" (such as us-east-1, us-central1 or us-ashburn-1)'],
		[{cloud: 'aws', region: 'us-est-1'}, 'unknown AWS region "us-est-1" (did you mean us-east-1?)'],
		[{cloud: 'aws', region: 'eu-west-9'}, 'unknown AWS region "eu-west-9" (did you mean eu-west-1?)'],
		[{cloud: 'gcp', region: 'europe-west44'}, 'unknown GCP region "europe-west44" (did you mean europe-west4?)'],
		[{cloud: 'gcp', region: 'us-east-1'}, 'us-east-1 is an AWS region, outside --cloud gcp'],
		[{shapes: ' , '}, '--shape needs a shape name, e.g. m7i.8xlarge'],
		[{placement: 'nearby'}, '--placement must be default, cluster, spread, partition or collocated (got "nearby")'],
	])('rejects %o with one line', (input, message) => {
		const text = messageOf(() => parseWorkload(input));
		expect(text).toBe(message);
		expect(text).not.toContain('\n');
	});

	it('names every bad field at once, each with its field', () => {
		let caught: unknown;
		try {
			parseWorkload({cloud: 'azure', streams: '0x10', minGbps: '0', sustained: 'maybe', path: 'moon'});
		} catch (error) {
			caught = error;
		}

		expect(caught).toBeInstanceOf(RequestError);
		const error = caught as RequestError;
		expect(error.problems.map((problem) => problem.field)).toEqual([
			'cloud',
			'streams',
			'minGbps',
			'sustained',
			'path',
		]);
		expect(error.message.split('; ')).toHaveLength(5);
		expect(error.message).not.toContain('\n');
	});
});

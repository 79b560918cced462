import {describe, expect, it} from 'vitest';
import {defaultWorkload} from '../../source/advisor/types.js';
import {UserError} from '../../source/errors.js';
import {RequestError} from '../../source/requests/request-errors.js';
import {buildWorkload} from '../../source/requests/workload-request.js';

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

describe('buildWorkload', () => {
	it('fills DESIGN.md defaults, and keeps a base (a profile) where a field is absent', () => {
		expect(buildWorkload({})).toEqual(defaultWorkload);
		expect(buildWorkload()).toEqual(defaultWorkload);
		const base = {...defaultWorkload, cloud: 'gcp' as const, streams: 4, minGbps: 30};
		expect(buildWorkload({latencySensitive: true}, base)).toEqual({...base, latencySensitive: true});
		expect(buildWorkload({minGbps: null}, base).minGbps).toBeNull();
	});

	it('accepts good values from flags, the wizard or a profile', () => {
		expect(
			buildWorkload({
				cloud: ' GCP ',
				streams: '8',
				minGbps: '12.5',
				latencySensitive: true,
				faultIsolation: true,
				sustained: '',
				keepLiveMigration: true,
			}),
		).toEqual({
			cloud: 'gcp',
			streams: 8,
			minGbps: 12.5,
			latencySensitive: true,
			faultIsolation: true,
			sustained: true,
			keepLiveMigration: true,
		});
		expect(buildWorkload({cloud: 'lab', streams: 16}).cloud).toBe('lab');
		expect(buildWorkload({streams: 4096}).streams).toBe(4096);
		expect(buildWorkload({sustained: 'no'}).sustained).toBe(false);
		expect(buildWorkload({sustained: true}).sustained).toBe(true);
	});

	it.each([
		[{streams: '0'}, '--streams must be an integer from 1 to 4096, got "0"'],
		[{streams: 0}, '--streams must be an integer from 1 to 4096, got "0"'],
		[{streams: '4097'}, '--streams must be an integer from 1 to 4096, got "4097"'],
		[{streams: 'abc'}, '--streams must be an integer from 1 to 4096, got "abc"'],
		[{streams: '1.5'}, '--streams must be an integer from 1 to 4096, got "1.5"'],
		[{streams: '1e1'}, '--streams must be an integer from 1 to 4096, got "1e1"'],
		[{streams: '0x10'}, '--streams must be an integer from 1 to 4096, got "0x10"'],
		[{streams: Number.NaN}, '--streams must be an integer from 1 to 4096, got "NaN"'],
		[{streams: ''}, '--streams needs a value: an integer from 1 to 4096'],
		[{minGbps: '0'}, '--min-gbps must be a number above 0 and at most 10000 Gbps, got "0"'],
		[{minGbps: '-3'}, '--min-gbps must be a number above 0 and at most 10000 Gbps, got "-3"'],
		[{minGbps: '1e308'}, '--min-gbps must be a number above 0 and at most 10000 Gbps, got "1e308"'],
		[{minGbps: Number.POSITIVE_INFINITY}, '--min-gbps must be a number above 0 and at most 10000 Gbps, got "Infinity"'],
		[{sustained: 'maybe'}, '--sustained takes no value, or yes or no (got "maybe")'],
		[{cloud: 'azure'}, 'unknown cloud "azure" (use aws, gcp, oci or any)'],
	])('rejects %o with one line', (input, message) => {
		const text = messageOf(() => buildWorkload(input));
		expect(text).toBe(message);
		expect(text).not.toContain('\n');
	});

	it('names every bad field at once, each with its field', () => {
		let caught: unknown;
		try {
			buildWorkload({cloud: 'azure', streams: '0x10', minGbps: '0', sustained: 'maybe'});
		} catch (error) {
			caught = error;
		}

		expect(caught).toBeInstanceOf(RequestError);
		const error = caught as RequestError;
		expect(error.problems.map((problem) => problem.field)).toEqual(['cloud', 'streams', 'minGbps', 'sustained']);
		expect(error.message.split('; ')).toHaveLength(4);
		expect(error.message).not.toContain('\n');
	});
});

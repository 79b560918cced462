import {describe, expect, it} from 'vitest';
import {UserError} from '../../source/domain/errors.js';
import {checkRegion, regionProblem} from '../../source/request/region.js';

describe('a typed region', () => {
	it('passes when the cloud names it, trimmed and lower-cased', () => {
		expect(checkRegion('aws', ' US-West-2 ')).toBe('us-west-2');
		expect(checkRegion('any', 'europe-west4')).toBe('europe-west4');
		expect(checkRegion('lab', 'anything-1')).toBe('anything-1');
	});

	it.each([
		['aws', 'us-est-1', 'unknown AWS region "us-est-1" (did you mean us-east-1?)'],
		['aws', 'eu-west-9', 'unknown AWS region "eu-west-9" (did you mean eu-west-1?)'],
		['oci', 'us-ashbrun-1', 'unknown OCI region "us-ashbrun-1" (did you mean us-ashburn-1?)'],
		['any', 'us-centrall1', 'unknown region "us-centrall1" (did you mean us-central1?)'],
		['oci', 'europe-west4', 'europe-west4 is a GCP region, outside --cloud oci'],
		['gcp', 'nowhere', 'unknown GCP region "nowhere" (such as us-central1 or africa-south1)'],
	] as const)('%s %s: one line with the nearest name', (cloud, region, message) => {
		expect(regionProblem(cloud, region)).toBe(message);
		expect(() => checkRegion(cloud, region)).toThrow(UserError);
	});

	it('never echoes a control character', () => {
		expect(regionProblem('aws', 'us-east-1\u001b[2J')).not.toContain(String.fromCharCode(27));
	});
});

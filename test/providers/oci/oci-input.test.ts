// Bad input -> UserError (exit 2) before any call; missing/invalid config -> one line, exit 1, no secret.

import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {exitCodeOf, formatError, UserError} from '../../../source/domain/errors.js';
import {createOciProvider} from '../../../source/providers/oci/index.js';
import type {ProbeTarget} from '../../../source/providers/provider.js';
import {ociError} from './fake-oci.js';
import {ociTarget, ociUnderTest} from './oci-helpers.js';

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
	try {
		await promise;
	} catch (error: unknown) {
		return error;
	}

	throw new Error('expected a rejection');
}

describe('OCI bad input', () => {
	const bad: Array<[string, Partial<ProbeTarget>, RegExp]> = [
		['malformed compartment', {compartment: 'ocid1.vcn.oc1..aaaaaaaabbbbbbbb'}, /not a compartment OCID/],
		[
			'compartment with shell metacharacters',
			{compartment: 'ocid1.compartment.oc1..aaaa;rm -rf'},
			/not a compartment OCID/,
		],
		['malformed region', {region: 'ashburn'}, /not an OCI region/],
		['shape with shell metacharacters', {shape: 'VM.Standard.A1.Flex$(id)'}, /not a valid OCI shape/],
		['unknown shape format', {shape: 'c4a-standard-16'}, /not a valid OCI shape/],
		['no ssh cidr', {sshCidr: undefined}, /--ssh-cidr is required/],
		['ssh cidr not a cidr', {sshCidr: '300.1.2.3/32'}, /not an IPv4 or IPv6 CIDR/],
		['fractional ocpus', {ocpus: 1.5}, /not a whole number of OCPUs/],
		['a Flex shape without --ocpus', {ocpus: undefined}, /--ocpus is required for the flexible shape/],
		['a GCP-only placement', {placements: ['collocated']}, /placement collocated is not available on oci/],
	];

	it.each(bad)('%s -> UserError, exit 2, nothing created', async (_name, change, message) => {
		const {provider, fake} = ociUnderTest();
		const target = {...ociTarget, ...change} as ProbeTarget;
		for (const attempt of [provider.plan(target, 60), provider.provision(target, 'np-oci-bad')]) {
			const error = await errorOf(attempt);
			expect(error).toBeInstanceOf(UserError);
			expect(exitCodeOf(error)).toBe(2);
			expect((error as Error).message).toMatch(message);
		}

		expect(fake.resourceCount).toBe(0);
	});

	it('a Flex shape without --ocpus, a shape not offered, ocpus above the shape -> UserError', async () => {
		const {provider, fake} = ociUnderTest();
		const noOcpus = await errorOf(provider.provision({...ociTarget, ocpus: undefined}, 'np-oci-bad-1'));
		expect((noOcpus as Error).message).toMatch(/--ocpus is required for the flexible shape/);
		expect(await provider.teardown('np-oci-bad-1')).toEqual({complete: true, left: []});
		const unknown = await errorOf(provider.publishedBandwidth({...ociTarget, shape: 'VM.Standard.E9.Flex'}));
		expect((unknown as Error).message).toMatch(/not offered/);
		const tooMany = await errorOf(provider.publishedBandwidth({...ociTarget, ocpus: 200}));
		expect((tooMany as Error).message).toMatch(/outside VM.Standard.A1.Flex's 1..80 OCPUs/);
		for (const error of [noOcpus, unknown, tooMany]) expect(exitCodeOf(error)).toBe(2);
		expect(fake.resourceCount).toBe(0);
	});
});

describe('OCI credentials', () => {
	const secret = 'FAKE-OCI-SECRET-7d1e0b';

	const cleanup: string[] = [];

	afterEach(() => {
		vi.unstubAllEnvs();
		for (const folder of cleanup.splice(0)) rmSync(folder, {recursive: true, force: true});
	});

	it('no config file -> one line naming ~/.oci/config and `oci setup config`, exit 1', async () => {
		const home = mkdtempSync(join(tmpdir(), 'netplace-oci-home-'));
		cleanup.push(home);
		vi.stubEnv('HOME', home);
		vi.stubEnv('OCI_CONFIG_FILE', '');
		delete process.env.OCI_CONFIG_FILE;
		const error = await errorOf(createOciProvider().publishedBandwidth(ociTarget));
		const line = formatError(error);
		expect(exitCodeOf(error)).toBe(1);
		expect(line.split('\n')).toHaveLength(1);
		expect(line).toMatch(/~\/\.oci\/config/);
		expect(line).toMatch(/oci setup config/);
	});

	it('a config whose key file is missing -> one line, exit 1, the pass phrase never printed', async () => {
		const home = mkdtempSync(join(tmpdir(), 'netplace-oci-home-'));
		cleanup.push(home);
		const config = join(home, 'config');
		writeFileSync(
			config,
			[
				'[DEFAULT]',
				'user=ocid1.user.oc1..aaaaaaaafakeuser',
				'fingerprint=12:34:56:78:9a:bc:de:f0:12:34:56:78:9a:bc:de:f0',
				'tenancy=ocid1.tenancy.oc1..aaaaaaaafaketenancy0001',
				'region=us-ashburn-1',
				`key_file=${join(home, 'missing.pem')}`,
				`pass_phrase=${secret}`,
				'',
			].join('\n'),
		);
		vi.stubEnv('HOME', home);
		vi.stubEnv('OCI_CONFIG_FILE', config);
		const provider = createOciProvider();
		const error = await errorOf(provider.provision(ociTarget, 'np-oci-cred'));
		expect(await provider.teardown('np-oci-cred')).toEqual({complete: true, left: []});
		const line = formatError(error);
		expect(exitCodeOf(error)).toBe(1);
		expect(line.split('\n')).toHaveLength(1);
		expect(line).toMatch(/no usable oci credentials/);
		expect(line).not.toContain(secret);
		expect(formatError(error, true)).not.toContain(secret);
	});

	it('the API refusing the signature (401 NotAuthenticated) -> credentials line, exit 1', async () => {
		const {fake} = ociUnderTest();
		const clients = fake.clients();
		const provider = createOciProvider({
			clients: {
				...clients,
				compute: {
					...clients.compute,
					listShapes: async () => {
						throw ociError(
							401,
							'NotAuthenticated',
							`The required information to complete authentication was not provided. key=${secret}`,
						);
					},
				},
			},
			tenancy: 'ocid1.tenancy.oc1..aaaaaaaafaketenancy0001',
		});
		const error = await errorOf(provider.publishedBandwidth(ociTarget));
		expect(exitCodeOf(error)).toBe(1);
		expect(formatError(error)).toMatch(/no usable oci credentials \(NotAuthenticated\)/);
		expect(formatError(error, true)).not.toContain(secret);
	});
});

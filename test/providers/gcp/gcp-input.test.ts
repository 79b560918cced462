// Bad input -> UserError (exit 2) before any call; missing credentials -> one line, exit 1, no secret.

import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {exitCodeOf, formatError, UserError} from '../../../source/domain/errors.js';
import {createGcpProvider} from '../../../source/providers/gcp/index.js';
import type {ProbeTarget} from '../../../source/providers/provider.js';
import {FakeGcp} from './fake-gcp.js';
import {gcpTarget, gcpUnderTest} from './gcp-helpers.js';

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
	try {
		await promise;
	} catch (error: unknown) {
		return error;
	}

	throw new Error('expected a rejection');
}

describe('GCP bad input', () => {
	const bad: Array<[string, Partial<ProbeTarget>, RegExp]> = [
		['no project', {project: undefined}, /--project is required/],
		['malformed project', {project: 'Bad_Project'}, /not a GCP project id/],
		['no zone', {zone: undefined}, /--zone is required/],
		['malformed zone', {zone: 'us-central1'}, /not a GCP zone/],
		['shape with shell metacharacters', {shape: 'c4a-standard-16;rm -rf /'}, /not a valid GCP shape/],
		['unknown shape format', {shape: 'c8gn.4xlarge'}, /not a valid GCP shape/],
		['no ssh cidr', {sshCidr: undefined}, /--ssh-cidr is required/],
		['ssh cidr not a cidr', {sshCidr: '10.0.0.1'}, /not an IPv4 or IPv6 CIDR/],
		['an IPv6 ssh cidr', {sshCidr: '2001:db8::1/128'}, /must be IPv4 for gcp/],
		['an AWS-only placement', {placements: ['cluster']}, /placement cluster is not available on gcp/],
	];

	it.each(bad)('%s -> UserError, exit 2, nothing created', async (_name, change, message) => {
		const {provider, fake} = gcpUnderTest();
		const target = {...gcpTarget, ...change} as ProbeTarget;
		for (const attempt of [provider.plan(target, 60), provider.provision(target, 'np-gcp-bad')]) {
			const error = await errorOf(attempt);
			expect(error).toBeInstanceOf(UserError);
			expect(exitCodeOf(error)).toBe(2);
			expect((error as Error).message).toMatch(message);
			expect(formatError(error).split('\n')).toHaveLength(1);
		}

		expect(fake.calls).toHaveLength(0);
	});

	it('a machine type the zone does not have -> UserError', async () => {
		const {provider} = gcpUnderTest();
		const error = await errorOf(provider.publishedBandwidth({...gcpTarget, shape: 'c4a-standard-bogus'}));
		expect(exitCodeOf(error)).toBe(2);
		expect((error as Error).message).toMatch(/does not exist in us-central1-a/);
	});
});

describe('GCP credentials', () => {
	const secret = 'FAKE-GCP-SECRET-4f9c2a';

	const cleanup: string[] = [];

	afterEach(() => {
		vi.unstubAllEnvs();
		for (const folder of cleanup.splice(0)) rmSync(folder, {recursive: true, force: true});
	});

	it('missing application default credentials (injected) -> one line naming ADC, exit 1, no secret', async () => {
		const fake = new FakeGcp();
		const provider = createGcpProvider({
			clients: {
				...fake.clients(),
				checkCredentials: async () => {
					throw new Error(`Could not load the default credentials. private_key=${secret}`);
				},
			},
		});
		const error = await errorOf(provider.provision(gcpTarget, 'np-gcp-cred'));
		const line = formatError(error);
		expect(exitCodeOf(error)).toBe(1);
		expect(line.split('\n')).toHaveLength(1);
		expect(line).toMatch(/application-default/);
		expect(line).toMatch(/gcloud auth application-default login/);
		expect(line).not.toContain(secret);
		expect(formatError(error, true)).not.toContain(secret);
		expect(await provider.teardown('np-gcp-cred')).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
	});

	it('the real SDK chain with a broken key file and no ADC -> one line, exit 1, the key never printed', async () => {
		const home = mkdtempSync(join(tmpdir(), 'netplace-gcp-home-'));
		cleanup.push(home);
		const keyFile = join(home, 'key.json');
		writeFileSync(keyFile, JSON.stringify({type: 'service_account', private_key: secret, project_id: 'x'}));
		vi.stubEnv('HOME', home);
		vi.stubEnv('GOOGLE_APPLICATION_CREDENTIALS', keyFile);
		vi.stubEnv('METADATA_SERVER_DETECTION', 'none');
		const provider = createGcpProvider();
		const error = await errorOf(provider.publishedBandwidth(gcpTarget));
		const line = formatError(error);
		expect(exitCodeOf(error)).toBe(1);
		expect(line.split('\n')).toHaveLength(1);
		expect(line).toMatch(/no usable gcp credentials/);
		expect(line).not.toContain(secret);
		expect(formatError(error, true)).not.toContain(secret);
	});
});

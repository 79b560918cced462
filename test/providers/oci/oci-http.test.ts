// The OCI provider with the real oci-core / oci-identity / oci-clusterplacementgroups / oci-limits clients over
// HTTP mocks (http-oci.ts): the config file and API key read by ConfigFileAuthenticationDetailsProvider, the
// HTTP signature on every request (verified by the mock against the key), JSON serialisation, opc-next-page
// paging and error parsing into OciError run for real. Each scenario ends with zero resources in the
// mock's bookkeeping.

import {createHash, generateKeyPairSync, type KeyObject} from 'node:crypto';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {createOciProvider} from '../../../source/providers/oci/index.js';
import type {Provider} from '../../../source/providers/provider.js';
import {clearMocks, refusedRequests, stopServing} from '../cloud/http-mock.js';
import {markRunDead} from '../cloud/run-records.js';
import {fakeSsh} from '../gcp/fake-ssh.js';
import {HttpOci} from './http-oci.js';
import {ociTarget, tenancy} from './oci-helpers.js';

let folder = '';
let publicKey: KeyObject;

beforeEach(() => {
	// An API signing key and the config file `oci setup config` writes, in a folder of this test's own.
	const pair = generateKeyPairSync('rsa', {modulusLength: 2048});
	publicKey = pair.publicKey;
	folder = mkdtempSync(join(tmpdir(), 'netplace-oci-http-'));
	const keyFile = join(folder, 'oci_api_key.pem');
	writeFileSync(keyFile, pair.privateKey.export({type: 'pkcs8', format: 'pem'}), {mode: 0o600});
	const der = pair.publicKey.export({type: 'spki', format: 'der'});
	const fingerprint = (createHash('md5').update(der).digest('hex').match(/../g) ?? []).join(':');
	writeFileSync(
		join(folder, 'config'),
		`[DEFAULT]\nuser=ocid1.user.oc1..aaaaaaaafakeuser0001\nfingerprint=${fingerprint}\ntenancy=${tenancy}\nregion=us-ashburn-1\nkey_file=${keyFile}\n`,
		{mode: 0o600},
	);
	vi.stubEnv('OCI_CONFIG_FILE', join(folder, 'config'));
	vi.stubEnv('OCI_CLI_PROFILE', undefined);
});

afterEach(() => {
	clearMocks();
	vi.unstubAllEnvs();
	rmSync(folder, {recursive: true, force: true});
	expect(refusedRequests(), 'requests no mock answered').toEqual([]);
});

afterAll(() => {
	stopServing();
});

function provider(oci = new HttpOci(publicKey)): {provider: Provider; oci: HttpOci} {
	const {factory} = fakeSsh();
	return {
		oci,
		provider: createOciProvider({
			ssh: factory,
			cloud: {sshRetries: 0, sshDelayMs: 1, readyPolls: 1, readyDelayMs: 1, consolePolls: 2, consoleDelayMs: 1},
			timing: {pollIntervalMs: 0, pollLimit: 5},
			// The shared retry policy's pauses shortened (its attempts and codes are the product's).
			retry: {baseMs: 1, capMs: 4},
		}),
	};
}

async function runAndTearDown(under: Provider, runId: string): Promise<{outcome: string; complete: boolean}> {
	const outcome = await under.provision(ociTarget, runId).then(
		(pairs) => `provisioned ${pairs.length}`,
		(error: unknown) => (error instanceof Error ? error.message : String(error)),
	);
	return {outcome, complete: (await under.teardown(runId)).complete};
}

describe('OCI over HTTP: the real SDK clients against the documented REST API', () => {
	it('happy path: signed requests, JSON models, lifecycle polled, zero left', async () => {
		const {provider: under, oci} = provider();
		expect(await runAndTearDown(under, 'np-oci-http-happy')).toEqual({outcome: 'provisioned 2', complete: true});
		expect(oci.resourceCount).toBe(0);
		// Every request was signed with the key file's key (the mock answers 401 NotAuthenticated otherwise).
		expect(oci.requests.every((request) => request.headers.authorization?.startsWith('Signature version="1"'))).toBe(
			true,
		);
		// Creates carry an opc-retry-token; the JSON body is the API's create details.
		const launch = oci.requestsTo('POST', /\/instances$/)[0]!;
		expect(launch.headers['opc-retry-token']).toMatch(/^[0-9a-f-]{36}$/);
		expect(JSON.parse(launch.body)).toMatchObject({shape: 'VM.Standard.A1.Flex', shapeConfig: {ocpus: 16}});
	});

	it('throttling: 429 TooManyRequests on CreateVcn is retried with one opc-retry-token, zero left', async () => {
		const {provider: under, oci} = provider();
		oci.inject('POST', /\/vcns$/, 429, 'TooManyRequests', 'Too many requests for the tenancy', 2);
		expect(await runAndTearDown(under, 'np-oci-http-throttle')).toEqual({outcome: 'provisioned 2', complete: true});
		const creates = oci.requestsTo('POST', /\/vcns$/);
		expect(creates).toHaveLength(3);
		expect(new Set(creates.map((request) => request.headers['opc-retry-token'])).size).toBe(1);
		expect(oci.resourceCount).toBe(0);
	});

	it('capacity: "Out of host capacity." (500 InternalError) in AD-1 moves the pair to AD-2, zero left', async () => {
		const {provider: under, oci} = provider();
		oci.fake.noCapacityIn.add('Uocm:US-ASHBURN-AD-1');
		const outcome = await under.provision({...ociTarget, placements: ['default']}, 'np-oci-http-capacity');
		expect(outcome).toHaveLength(1);
		const ads = oci
			.requestsTo('POST', /\/instances$/)
			.map((request) => (JSON.parse(request.body) as {availabilityDomain: string}).availabilityDomain);
		expect(ads).toEqual([
			'Uocm:US-ASHBURN-AD-1',
			'Uocm:US-ASHBURN-AD-1',
			'Uocm:US-ASHBURN-AD-2',
			'Uocm:US-ASHBURN-AD-2',
		]);
		expect((await under.teardown('np-oci-http-capacity')).complete).toBe(true);
		expect(oci.resourceCount).toBe(0);
	});

	it('capacity where the cluster placement group pins the AD, and LimitExceeded: one clear line each, zero left', async () => {
		for (const [runId, setup, expected] of [
			[
				'np-oci-http-pinned',
				(oci: HttpOci) => oci.fake.noCapacityIn.add('Uocm:US-ASHBURN-AD-1'),
				/^oci is out of host capacity for VM\.Standard\.A1\.Flex in Uocm:US-ASHBURN-AD-1 /,
			],
			[
				'np-oci-http-limit',
				(oci: HttpOci) =>
					oci.inject(
						'POST',
						/\/instances$/,
						400,
						'LimitExceeded',
						'The following service limits were exceeded: standard-a1-core-count. Request a service limit increase from the service limits page in the console.',
					),
				/^oci provisioning failed: The following service limits were exceeded: standard-a1-core-count/,
			],
		] as const) {
			clearMocks();
			const {provider: under, oci} = provider();
			setup(oci);
			const {outcome, complete} = await runAndTearDown(under, runId);
			expect(outcome).toMatch(expected);
			expect(outcome.split('\n')).toHaveLength(1);
			expect(complete).toBe(true);
			expect(oci.resourceCount, runId).toBe(0);
		}
	});

	it('eventual consistency: a 404 on the read right after a create is retried (subnet, instance, VNIC, snapshot), zero left', async () => {
		const {provider: under, oci} = provider();
		const notFound = ['NotAuthorizedOrNotFound', 'Authorization failed or requested resource not found.'] as const;
		oci.inject('GET', /\/subnets\/ocid/, 404, ...notFound, 2);
		oci.inject('GET', /\/instances\/ocid/, 404, ...notFound, 1);
		oci.inject('GET', /\/vnics\//, 404, ...notFound, 1);
		oci.inject('GET', /\/instanceConsoleHistories\/[^/]+$/, 404, ...notFound, 1);
		expect(await runAndTearDown(under, 'np-oci-http-consistency')).toEqual({outcome: 'provisioned 2', complete: true});
		expect(oci.faults.every((fault) => fault.times === 0)).toBe(true);
		expect(oci.resourceCount).toBe(0);
	});

	it('eventual consistency bounded: a 404 that outlasts the policy (6 reads) fails the run in one line, zero left', async () => {
		const {provider: under, oci} = provider();
		oci.inject(
			'GET',
			/\/subnets\/ocid/,
			404,
			'NotAuthorizedOrNotFound',
			'Authorization failed or requested resource not found.',
			6,
		);
		await expect(under.provision(ociTarget, 'np-oci-http-consistency-6')).rejects.toThrow(
			/^oci provisioning failed: Authorization failed or requested resource not found\.$/,
		);
		// Six reads (the policy's attempts), then the run failed.
		expect(oci.requestsTo('GET', /\/subnets\/ocid/)).toHaveLength(6);
		expect((await under.teardown('np-oci-http-consistency-6')).complete).toBe(true);
		expect(oci.resourceCount).toBe(0);
	});

	it('not found elsewhere is not retried: a 404 on the shape list fails at once', async () => {
		const {provider: under, oci} = provider();
		oci.inject(
			'GET',
			/\/shapes$/,
			404,
			'NotAuthorizedOrNotFound',
			'Authorization failed or requested resource not found.',
			6,
		);
		const {outcome} = await runAndTearDown(under, 'np-oci-http-list-404');
		expect(outcome).toMatch(/Authorization failed or requested resource not found/);
		expect(oci.requestsTo('GET', /\/shapes$/)).toHaveLength(1);
		expect(oci.resourceCount).toBe(0);
	});

	it('dependency: 409 Conflict on the subnet delete (a VNIC still going) is retried through, zero left', async () => {
		const {provider: under, oci} = provider();
		await under.provision(ociTarget, 'np-oci-http-conflict-brief');
		const conflict = 'The Subnet references a VNIC. You must remove the reference to proceed with this operation.';
		oci.inject('DELETE', /\/subnets\//, 409, 'Conflict', conflict, 2);
		oci.inject('DELETE', /\/vcns\//, 409, 'IncorrectState', 'The VCN is in an incorrect state', 1);
		expect(await under.teardown('np-oci-http-conflict-brief')).toEqual({complete: true, left: []});
		expect(oci.requestsTo('DELETE', /\/subnets\//)).toHaveLength(3);
		expect(oci.resourceCount).toBe(0);
	});

	it('dependency: a 409 Conflict that outlasts the retries is left and named; a cleanup over paged lists deletes it, zero left', async () => {
		const {provider: under, oci} = provider();
		await under.provision(ociTarget, 'np-oci-http-conflict');
		oci.inject(
			'DELETE',
			/\/subnets\//,
			409,
			'Conflict',
			'The Subnet references a VNIC. You must remove the reference to proceed with this operation.',
			6,
		);
		const report = await under.teardown('np-oci-http-conflict');
		expect(report.complete).toBe(false);
		expect(report.left.map((left) => left.kind)).toContain('subnet');
		expect(report.left.every((left) => left.deleteCommand.startsWith('oci '))).toBe(true);
		expect(oci.requestsTo('DELETE', /\/subnets\//)).toHaveLength(6);
		expect(oci.resourceCount).toBeGreaterThan(0);
		markRunDead('np-oci-http-conflict');
		const later = provider(oci).provider;
		const orphans = await later.findOrphans({});
		expect(orphans.length).toBe(oci.resourceCount);
		expect(oci.requests.some((request) => request.url.searchParams.has('page'))).toBe(true);
		expect(await later.deleteOrphans(orphans)).toEqual({complete: true, left: []});
		expect(oci.resourceCount).toBe(0);
	});

	it('5xx mid-teardown: 500 InternalServerError and 503 ServiceUnavailable on deletes are retried, zero left', async () => {
		const {provider: under, oci} = provider();
		await under.provision(ociTarget, 'np-oci-http-5xx');
		oci.inject('DELETE', /\/vcns\//, 500, 'InternalServerError', 'Internal error', 2);
		oci.inject('DELETE', /\/instances\//, 503, 'ServiceUnavailable', 'Service unavailable', 1);
		expect(await under.teardown('np-oci-http-5xx')).toEqual({complete: true, left: []});
		expect(oci.faults.every((fault) => fault.times === 0)).toBe(true);
		expect(oci.resourceCount).toBe(0);
	});
	it('a console snapshot a crashed run left is tagged: cleanup keeps it while the run lives, deletes it once dead', async () => {
		const {provider: under, oci} = provider();
		// The run stops between capturing each console and deleting the snapshot (here: the deletes refused).
		oci.fake.refuse.add('compute.deleteConsoleHistory');
		await under.provision(ociTarget, 'np-oci-http-snapshot');
		oci.fake.refuse.clear();
		const captures = oci.requestsTo('POST', /\/instanceConsoleHistories$/);
		expect(captures).toHaveLength(4);
		for (const capture of captures) {
			const tags = (JSON.parse(capture.body) as {freeformTags?: Record<string, string>}).freeformTags;
			expect(tags).toMatchObject({'netplace-run': 'np-oci-http-snapshot'});
			expect(Date.parse(tags?.['netplace-expires'] ?? '')).toBeGreaterThan(Date.now());
		}

		const histories = () =>
			[...oci.fake.resources.values()].filter((resource) => resource.kind === 'console-history').length;
		expect(histories()).toBe(4);
		const later = provider(oci).provider;
		const live = await later.findOrphans({});
		const snapshots = live.filter((orphan) => orphan.kind === 'console-history');
		expect(snapshots).toHaveLength(4);
		expect(snapshots.every((orphan) => orphan.keep?.includes('still running here'))).toBe(true);
		expect(snapshots[0]?.deleteCommand).toMatch(/^oci compute console-history delete --instance-console-history-id /);
		markRunDead('np-oci-http-snapshot');
		const dead = await later.findOrphans({});
		expect(dead.filter((orphan) => orphan.kind === 'console-history' && orphan.keep === undefined)).toHaveLength(4);
		expect(await later.deleteOrphans(dead)).toEqual({complete: true, left: []});
		expect(oci.requestsTo('DELETE', /\/instanceConsoleHistories\//).length).toBeGreaterThanOrEqual(4);
		expect(histories()).toBe(0);
		expect(oci.resourceCount).toBe(0);
	});
	it('a permanent 400 at each create and each read that follows one, in turn: the run fails, teardown leaves zero', async () => {
		const points: ReadonlyArray<readonly [string, RegExp]> = [
			['POST', /\/vcns$/],
			['GET', /\/vcns\//],
			['POST', /\/internetGateways$/],
			['GET', /\/internetGateways\//],
			['POST', /\/securityLists$/],
			['GET', /\/securityLists\//],
			['POST', /\/routeTables$/],
			['GET', /\/routeTables\//],
			['POST', /\/subnets$/],
			['GET', /\/subnets\//],
			['POST', /\/clusterPlacementGroups$/],
			['GET', /\/clusterPlacementGroups\//],
			['POST', /\/instances$/],
			['GET', /\/instances\//],
			['GET', /\/vnicAttachments$/],
			['GET', /\/vnics\//],
		];
		for (const [index, [method, path]] of points.entries()) {
			clearMocks();
			const {provider: under, oci} = provider();
			const fault = oci.inject(method, path, 400, 'InvalidParameter', `injected at ${method} ${path.source}`);
			const runId = `np-oci-http-sweep-${index}`;
			const {outcome, complete} = await runAndTearDown(under, runId);
			expect(fault.times, `${method} ${path.source}`).toBe(0);
			expect(outcome, `${method} ${path.source}`).toMatch(/^oci provisioning failed: injected at /);
			expect(complete, `${method} ${path.source}`).toBe(true);
			expect(oci.resourceCount, `${method} ${path.source}`).toBe(0);
		}
	});
});

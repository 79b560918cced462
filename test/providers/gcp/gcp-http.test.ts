// The GCP provider with the real @google-cloud/compute v6 clients over HTTP mocks (http-compute.ts): a
// service-account key file read through application default credentials, the RS256-signed JWT the auth
// library makes from it, google-gax's REST transport (compute's default), JSON serialisation, operation
// waits, auto-paging lists and error parsing all run for real. Each scenario ends with zero resources in the
// mock's bookkeeping.
// The clients are loaded once per file (5-6 s on a two-core machine: the instances client's module and the
// protos it parses; the other clients are built on first call, clients.ts), and every scenario builds a
// provider over the same real clients. OS Login's client runs for real too, over REST (http-oslogin.ts).

import {generateKeyPairSync} from 'node:crypto';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, afterEach, beforeAll, describe, expect, it, vi} from 'vitest';
import {type GcpClients, loadGcpClients} from '../../../source/providers/gcp/clients.js';
import {createGcpProvider} from '../../../source/providers/gcp/index.js';
import type {Provider} from '../../../source/providers/provider.js';
import {clearMocks, refusedRequests, stopServing} from '../cloud/http-mock.js';
import {markRunDead} from '../cloud/run-records.js';
import {type FakeSshLog, fakeSsh} from './fake-ssh.js';
import {gcpTarget} from './gcp-helpers.js';
import {HttpCompute, publicHalf} from './http-compute.js';
import {HttpOsLogin} from './http-oslogin.js';

let folder = '';
let privatePem = '';
let clients: GcpClients;

beforeAll(async () => {
	// A service-account key file as the IAM console downloads it, with a freshly generated RSA key.
	const {privateKey} = generateKeyPairSync('rsa', {modulusLength: 2048});
	privatePem = privateKey.export({type: 'pkcs8', format: 'pem'}).toString();
	folder = mkdtempSync(join(tmpdir(), 'netplace-gcp-http-'));
	const keyFile = join(folder, 'service-account.json');
	writeFileSync(
		keyFile,
		JSON.stringify({
			type: 'service_account',
			project_id: 'netplace-test-123',
			private_key_id: '2c1f6a0e9b7d4c3a8f5e1d0c9b8a7f6e5d4c3b2a',
			private_key: privatePem,
			client_email: 'prober@netplace-test-123.iam.gserviceaccount.com',
			client_id: '103582947561234567890',
			auth_uri: 'https://accounts.google.com/o/oauth2/auth',
			token_uri: 'https://oauth2.googleapis.com/token',
		}),
		{mode: 0o600},
	);
	vi.stubEnv('GOOGLE_APPLICATION_CREDENTIALS', keyFile);
	clients = await loadGcpClients();
}, 120_000);

afterEach(() => {
	clearMocks();
	expect(refusedRequests(), 'requests no mock answered').toEqual([]);
});

afterAll(() => {
	stopServing();
	vi.unstubAllEnvs();
	rmSync(folder, {recursive: true, force: true});
});

function provider(compute = new HttpCompute(publicHalf(privatePem))): {
	provider: Provider;
	compute: HttpCompute;
	ssh: FakeSshLog;
} {
	const {factory, log} = fakeSsh();
	return {
		compute,
		ssh: log,
		provider: createGcpProvider({
			clients,
			ssh: factory,
			// The shared retry policy's pauses shortened (its attempts and codes are the product's).
			retry: {baseMs: 1, capMs: 4},
			cloud: {sshRetries: 0, sshDelayMs: 1, readyPolls: 1, readyDelayMs: 1, consolePolls: 2, consoleDelayMs: 1},
		}),
	};
}

async function runAndTearDown(under: Provider, runId: string): Promise<{outcome: string; complete: boolean}> {
	const outcome = await under.provision(gcpTarget, runId).then(
		(pairs) => `provisioned ${pairs.length}`,
		(error: unknown) => (error instanceof Error ? error.message : String(error)),
	);
	const report = await under.teardown(runId);
	return {outcome, complete: report.complete};
}

/** What a later `cleanup` does for a run whose process is gone: find by label/description (paged), delete. */
async function cleanUp(compute: HttpCompute, runId: string): Promise<void> {
	markRunDead(runId);
	const later = provider(compute).provider;
	const orphans = await later.findOrphans({project: gcpTarget.project, zone: gcpTarget.zone});
	expect(await later.deleteOrphans(orphans)).toEqual({complete: true, left: []});
}

describe('GCP over HTTP: the real Compute clients against the documented REST API', () => {
	it('happy path: signed JWT, REST JSON, operations waited, zero left', async () => {
		const {provider: under, compute} = provider();
		expect(await runAndTearDown(under, 'np-gcp-http-happy')).toEqual({outcome: 'provisioned 2', complete: true});
		expect(compute.resourceCount).toBe(0);
		// Every request carried a bearer JWT that verifies against the key file's key (else the mock answers 401).
		expect(compute.requests.every((request) => request.headers.authorization?.startsWith('Bearer '))).toBe(true);
		const inserts = compute.requestsTo('POST', /\/zones\/us-central1-a\/instances$/);
		expect(inserts).toHaveLength(4);
		const body = JSON.parse(inserts[0]!.body) as {labels?: Record<string, string>};
		expect(body.labels?.['netplace-run']).toBe('np-gcp-http-happy');
		expect(compute.requestsTo('POST', /\/operations\/[^/]+\/wait$/).length).toBeGreaterThanOrEqual(4 + 3 + 1);
	});

	it('throttling: 429 RESOURCE_EXHAUSTED on a firewall insert is retried (same requestId), zero left', async () => {
		const {provider: under, compute} = provider();
		compute.inject('POST', /global\/firewalls$/, 429, 'rateLimitExceeded', 2);
		expect(await runAndTearDown(under, 'np-gcp-http-throttle')).toEqual({outcome: 'provisioned 2', complete: true});
		const inserts = compute.requestsTo('POST', /global\/firewalls$/);
		expect(inserts).toHaveLength(5);
		// The retries of one insert carry one requestId (Compute drops a repeat of a request it received).
		const ids = inserts.map((request) => request.url.searchParams.get('requestId'));
		expect(ids.every((id) => /^[0-9a-f-]{36}$/.test(id ?? ''))).toBe(true);
		expect(new Set(ids).size).toBe(3);
		expect(compute.resourceCount).toBe(0);
	});

	it('capacity: ZONE_RESOURCE_POOL_EXHAUSTED on the insert operation ends the run in one line, zero left', async () => {
		const {provider: under, compute} = provider();
		compute.noCapacity = 1;
		const {outcome, complete} = await runAndTearDown(under, 'np-gcp-http-capacity');
		expect(outcome).toMatch(
			/^gcp provisioning failed: ZONE_RESOURCE_POOL_EXHAUSTED: The zone .* does not have enough resources/,
		);
		expect(outcome.split('\n')).toHaveLength(1);
		expect(complete).toBe(true);
		expect(compute.resourceCount).toBe(0);
	});

	it('eventual consistency: a 404 on the operation wait and on the instance read right after an insert is retried, zero left', async () => {
		const {provider: under, compute} = provider();
		compute.notYetVisible = 2;
		compute.inject('POST', /operations\/[^/]+\/wait$/, 404, 'notFound', 1);
		expect(await runAndTearDown(under, 'np-gcp-http-consistency')).toEqual({outcome: 'provisioned 2', complete: true});
		expect(compute.notYetVisible).toBe(0);
		expect(compute.faults.every((fault) => fault.times === 0)).toBe(true);
		expect(compute.resourceCount).toBe(0);
	});

	it('eventual consistency bounded: a 404 that outlasts the policy (6 reads) fails the run in one line, zero left', async () => {
		const {provider: under, compute} = provider();
		compute.inject('GET', /instances\/np-gcp-http-consistency-6-default-s$/, 404, 'notFound', 6);
		const {outcome, complete} = await runAndTearDown(under, 'np-gcp-http-consistency-6');
		// The line is Compute's own message after its status, not the error JSON.
		expect(outcome).toMatch(/^gcp provisioning failed: NOT_FOUND 404: injected notFound$/);
		expect(compute.faults[0]?.times).toBe(0);
		expect(complete).toBe(true);
		expect(compute.resourceCount).toBe(0);
	});

	it('dependency: resourceInUseByAnotherResource on the policy delete, as a 400 and as the operation error, is retried, zero left', async () => {
		for (const [runId, hold] of [
			['np-gcp-http-in-use', (compute: HttpCompute) => (compute.policyHeldFor = 2)],
			['np-gcp-http-in-use-op', (compute: HttpCompute) => (compute.policyHeldInOperationFor = 2)],
		] as const) {
			const {provider: under, compute} = provider();
			await under.provision(gcpTarget, runId);
			hold(compute);
			expect(await under.teardown(runId), runId).toEqual({complete: true, left: []});
			expect(compute.requestsTo('DELETE', /resourcePolicies\//), runId).toHaveLength(3);
			expect(compute.resourceCount, runId).toBe(0);
			clearMocks();
		}
	});

	it('dependency: resourceInUseByAnotherResource that outlasts the retries is left, named; a cleanup deletes it, zero left', async () => {
		const {provider: under, compute} = provider();
		await under.provision(gcpTarget, 'np-gcp-http-dependency');
		compute.policyHeldFor = 6;
		const report = await under.teardown('np-gcp-http-dependency');
		expect(report.complete).toBe(false);
		expect(report.left.map((left) => left.kind)).toEqual(['resource-policy']);
		expect(report.left[0]?.error).toMatch(
			/^INVALID_ARGUMENT 400: The resource_policy resource '.+' is already being used by/,
		);
		expect(report.left[0]?.deleteCommand).toMatch(/^gcloud compute resource-policies delete np-gcp-http-dependency-/);
		expect(compute.policyHeldFor).toBe(0);
		expect(compute.resourceCount).toBe(1);
		await cleanUp(compute, 'np-gcp-http-dependency');
		expect(compute.resourceCount).toBe(0);
	});

	it('5xx during provisioning: 503 on inserts and on instances.get is retried, zero left', async () => {
		const {provider: under, compute} = provider();
		compute.inject('POST', /zones\/[^/]+\/instances$/, 503, 'backendError', 2);
		compute.inject('GET', /instances\/[^/]+$/, 503, 'backendError', 1);
		expect(await runAndTearDown(under, 'np-gcp-http-5xx-up')).toEqual({outcome: 'provisioned 2', complete: true});
		expect(compute.faults.every((fault) => fault.times === 0)).toBe(true);
		expect(compute.resourceCount).toBe(0);
	});

	it('5xx mid-teardown: 503 on deletes is retried through; one that outlasts the retries is left, then cleaned up over paged lists', async () => {
		const {provider: under, compute} = provider();
		await under.provision(gcpTarget, 'np-gcp-http-5xx');
		compute.inject('DELETE', /instances\//, 503, 'backendError', 2);
		compute.inject('DELETE', /resourcePolicies\//, 500, 'backendError', 1);
		compute.inject('DELETE', /global\/firewalls\/np-gcp-http-5xx-ssh$/, 503, 'backendError', 100);
		const report = await under.teardown('np-gcp-http-5xx');
		expect(report.left.map((left) => `${left.kind} ${left.id}`)).toEqual(['firewall np-gcp-http-5xx-ssh']);
		expect(compute.resourceCount).toBe(1);
		compute.faults.splice(0);
		await under.provision(gcpTarget, 'np-gcp-http-5xx-2').catch(() => undefined);
		// A crashed second run: 4 instances a page at a time, its policy and firewalls, and the first run's rule.
		await cleanUp(compute, 'np-gcp-http-5xx-2');
		markRunDead('np-gcp-http-5xx');
		await cleanUp(compute, 'np-gcp-http-5xx');
		expect(
			compute
				.requestsTo('GET', /zones\/[^/]+\/instances$/)
				.some((request) => request.url.searchParams.has('pageToken')),
		).toBe(true);
		expect(compute.resourceCount).toBe(0);
	});
});

describe('GCP fault sweep over HTTP', () => {
	it('a permanent 400 at each insert, each operation wait and the instance read, in turn: one line, zero left', async () => {
		const points: ReadonlyArray<readonly [string, RegExp]> = [
			['POST', /global\/firewalls$/],
			['POST', /resourcePolicies$/],
			['POST', /zones\/[^/]+\/instances$/],
			['POST', /global\/operations\/[^/]+\/wait$/],
			['POST', /regions\/[^/]+\/operations\/[^/]+\/wait$/],
			['POST', /zones\/[^/]+\/operations\/[^/]+\/wait$/],
			['GET', /instances\/[^/]+$/],
		];
		for (const [index, [method, path]] of points.entries()) {
			clearMocks();
			const {provider: under, compute} = provider();
			const fault = compute.inject(method, path, 400, 'invalid', 1);
			const {outcome, complete} = await runAndTearDown(under, `np-gcp-http-sweep-${index}`);
			expect(fault.times, path.source).toBe(0);
			expect(outcome, path.source).toMatch(/^gcp provisioning failed: INVALID_ARGUMENT 400: injected invalid$/);
			expect(complete, path.source).toBe(true);
			expect(compute.resourceCount, path.source).toBe(0);
		}
	});
});

describe('GCP OS Login over HTTP: the real os-login client (REST) against the documented API', () => {
	it('the run key is imported to the account (signed JWT, projectId, TTL expiry), SSH as its POSIX user, deleted at teardown, zero left', async () => {
		const {provider: under, compute, ssh} = provider();
		compute.osLogin = true;
		const login = new HttpOsLogin(publicHalf(privatePem));
		const started = Date.now();
		expect(await under.provision(gcpTarget, 'np-gcp-http-oslogin')).toHaveLength(2);
		const imports = login.requests.filter((request) => request.method === 'POST');
		expect(imports).toHaveLength(1);
		const request = imports[0]!;
		expect(decodeURIComponent(request.url.pathname)).toBe(
			'/v1/users/prober@netplace-test-123.iam.gserviceaccount.com:importSshPublicKey',
		);
		expect(request.url.searchParams.get('projectId')).toBe('netplace-test-123');
		const body = JSON.parse(request.body) as {key: string; expirationTimeUsec: string};
		expect(body.key).toMatch(/^ssh-ed25519 /);
		// The key stops working with the run's TTL: after now, within a day.
		const expiresMs = Number(body.expirationTimeUsec) / 1000;
		expect(expiresMs).toBeGreaterThan(started);
		expect(expiresMs).toBeLessThan(started + 24 * 3600 * 1000);
		expect(login.keys.size).toBe(1);
		expect(ssh.connections.map((connection) => connection.username)).toEqual(
			Array.from({length: 4}, () => login.username),
		);
		expect(await under.teardown('np-gcp-http-oslogin')).toEqual({complete: true, left: []});
		expect(login.requests.filter((one) => one.method === 'DELETE')).toHaveLength(1);
		expect(login.keys.size).toBe(0);
		expect(compute.resourceCount).toBe(0);
	});

	it('429 on the import and 503 on the delete are retried through, zero left', async () => {
		const {provider: under, compute} = provider();
		compute.osLogin = true;
		const login = new HttpOsLogin(publicHalf(privatePem));
		login.inject('POST', 429, 'rateLimitExceeded', 2);
		login.inject('DELETE', 503, 'backendError', 2);
		expect(await runAndTearDown(under, 'np-gcp-http-oslogin-retry')).toEqual({
			outcome: 'provisioned 2',
			complete: true,
		});
		expect(login.faults.every((fault) => fault.times === 0)).toBe(true);
		expect(login.requests.filter((one) => one.method === 'POST')).toHaveLength(3);
		expect(login.keys.size).toBe(0);
		expect(compute.resourceCount).toBe(0);
	});

	it('a denied import fails the run in one line before any instance; a key whose delete outlasts the retries is left and named', async () => {
		const denied = provider();
		denied.compute.osLogin = true;
		const refused = new HttpOsLogin(publicHalf(privatePem));
		refused.inject('POST', 403, 'forbidden', 1);
		const {outcome, complete} = await runAndTearDown(denied.provider, 'np-gcp-http-oslogin-denied');
		expect(outcome).toMatch(/^gcp provisioning failed: PERMISSION_DENIED 403: injected forbidden$/);
		expect(complete).toBe(true);
		expect(denied.compute.requestsTo('POST', /instances$/)).toHaveLength(0);
		expect(denied.compute.resourceCount).toBe(0);
		clearMocks();

		const {provider: under, compute} = provider();
		compute.osLogin = true;
		const login = new HttpOsLogin(publicHalf(privatePem));
		await under.provision(gcpTarget, 'np-gcp-http-oslogin-left');
		login.inject('DELETE', 503, 'backendError', 6);
		const report = await under.teardown('np-gcp-http-oslogin-left');
		expect(report.complete).toBe(false);
		expect(report.left.map((left) => left.kind)).toEqual(['os-login-key']);
		expect(report.left[0]?.deleteCommand).toMatch(/^gcloud compute os-login ssh-keys remove --key [0-9a-f]{64}/);
		expect(login.keys.size).toBe(1);
		expect(compute.resourceCount).toBe(0);
	});
});

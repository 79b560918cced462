// What a real OCI tenancy does that a clean one does not, at the client boundary (fake-oci.ts header lists
// the shapes): regional OCIDs (cleanup in the wrong region got 404 and said "complete"), a 404 on delete
// for something still there, "Out of host capacity." per AD, the core limits, STOPPED instances, the image
// pin; and --region standing alone with the SDK's console messages kept off the screen.

import {generateKeyPairSync} from 'node:crypto';
import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it, vi} from 'vitest';
import {exitCodeOf, formatError} from '../../../source/domain/errors.js';
import {loadOciClients} from '../../../source/providers/oci/clients.js';
import {createOciProvider} from '../../../source/providers/oci/index.js';
import type {ProbeTarget, ProvisionEvent} from '../../../source/providers/provider.js';
import {markRunDead} from '../cloud/run-records.js';
import {fakeSsh} from '../gcp/fake-ssh.js';
import {FakeOci} from './fake-oci.js';
import {ociTarget, ociUnderTest, tenancy} from './oci-helpers.js';

const single: ProbeTarget = {...ociTarget, placements: ['default'], ocpus: 4};

function regionalProvider(fakes: Record<string, FakeOci>) {
	const {factory} = fakeSsh();
	const clients = new Map(Object.entries(fakes).map(([region, fake]) => [region, fake.clients()]));
	return createOciProvider({
		clients: (region) => clients.get(region) ?? clients.get('us-ashburn-1')!,
		tenancy,
		region: 'us-ashburn-1',
		ssh: factory,
		cloud: {sshRetries: 0, sshDelayMs: 1, readyPolls: 1, readyDelayMs: 1},
		timing: {pollIntervalMs: 0, pollLimit: 5},
	});
}

async function errorOf(work: Promise<unknown>): Promise<unknown> {
	return work.then(
		() => undefined,
		(error: unknown) => error,
	);
}

describe('OCI on a real tenancy', () => {
	it('cleanup deletes each orphan in the region it was found in (OCIDs are regional)', async () => {
		const ashburn = new FakeOci('iad');
		const phoenix = new FakeOci('phx');
		const crashed = regionalProvider({'us-ashburn-1': ashburn, 'us-phoenix-1': phoenix});
		await crashed.provision({...single, region: 'us-phoenix-1'}, 'np-oci-crash'); // never torn down
		expect(phoenix.resourceCount).toBeGreaterThan(0);

		const cleanup = regionalProvider({'us-ashburn-1': ashburn, 'us-phoenix-1': phoenix});
		markRunDead('np-oci-crash'); // its process is gone
		const orphans = await cleanup.findOrphans({region: 'us-phoenix-1'});
		expect(new Set(orphans.map((orphan) => orphan.region))).toEqual(new Set(['us-phoenix-1']));
		expect(await cleanup.deleteOrphans(orphans)).toEqual({complete: true, left: []});
		expect(phoenix.resourceCount).toBe(0);
		// Nothing was sent to Ashburn's endpoint for Phoenix's OCIDs.
		expect(ashburn.calls.filter((call) => call.api.includes('delete') || call.api.includes('terminate'))).toEqual([]);
	});

	it('a 404 on delete for something that still reads AVAILABLE is not success: it is reported, one line', async () => {
		const {provider, fake} = ociUnderTest();
		await provider.provision(single, 'np-oci-404');
		const vcn = [...fake.resources.values()].find((resource) => resource.kind === 'vcn');
		fake.falseNotFound.add(vcn?.id ?? '');
		fake.armed = false;
		const report = await provider.teardown('np-oci-404');
		expect(report.complete).toBe(false);
		expect(report.left).toEqual([
			expect.objectContaining({
				kind: 'vcn',
				id: vcn?.id,
				error: `vcn ${vcn?.id}: delete answered 404 but it still reads AVAILABLE`,
			}),
		]);
		expect(fake.resourceCount).toBe(1);
	});

	it('cleanup finds an instance the guest powered off (STOPPED still bills its boot volume) and its VCN', async () => {
		const {provider, fake} = ociUnderTest();
		await provider.provision(single, 'np-oci-stopped');
		for (const resource of fake.resources.values())
			if (resource.kind === 'instance') fake.setState(resource.id, 'STOPPED');
		markRunDead('np-oci-stopped'); // its process is gone
		const orphans = await provider.findOrphans({});
		expect(orphans.filter((orphan) => orphan.kind === 'instance')).toHaveLength(2);
		expect(orphans.filter((orphan) => orphan.kind === 'vcn')).toHaveLength(1);
		expect(await provider.deleteOrphans(orphans)).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
	});

	it('"Out of host capacity." in the first AD: the pair moves to the next AD and the user is told', async () => {
		const {provider, fake} = ociUnderTest();
		fake.noCapacityIn.add('Uocm:US-ASHBURN-AD-1');
		const events: ProvisionEvent[] = [];
		const [pair] = await provider.provision(single, 'np-oci-capacity', {onEvent: (event) => events.push(event)});
		const launches = fake.calls.filter((call) => call.api === 'compute.launchInstance');
		const ads = launches.map(
			(call) => (call.request.launchInstanceDetails as {availabilityDomain: string}).availabilityDomain,
		);
		expect(ads.filter((ad) => ad === 'Uocm:US-ASHBURN-AD-2')).toHaveLength(2);
		expect(pair?.notes).toContain('out of host capacity in Uocm:US-ASHBURN-AD-1: trying Uocm:US-ASHBURN-AD-2');
		expect(events).toContainEqual({
			type: 'note',
			text: 'default: out of host capacity in Uocm:US-ASHBURN-AD-1: trying Uocm:US-ASHBURN-AD-2',
		});
		expect(await provider.teardown('np-oci-capacity')).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
	});

	it('"Out of host capacity." with --zone pinned: one line, everything torn down', async () => {
		const {provider, fake} = ociUnderTest();
		fake.noCapacityIn.add('Uocm:US-ASHBURN-AD-1');
		const error = await errorOf(provider.provision({...single, zone: 'Uocm:US-ASHBURN-AD-1'}, 'np-oci-pinned'));
		expect(formatError(error)).toMatch(
			/oci is out of host capacity for VM.Standard.A1.Flex in Uocm:US-ASHBURN-AD-1 \(500 InternalError "Out of host capacity."\)/,
		);
		expect(formatError(error).split('\n')).toHaveLength(1);
		expect(await provider.teardown('np-oci-pinned')).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
	});

	it('the core limit is read per AD first: no AD with room stops the run before anything is created', async () => {
		const {provider, fake} = ociUnderTest();
		fake.coresAvailable.set('Uocm:US-ASHBURN-AD-1', 6);
		fake.coresAvailable.set('Uocm:US-ASHBURN-AD-2', 2);
		const error = await errorOf(provider.provision(single, 'np-oci-limit'));
		expect(exitCodeOf(error)).toBe(1);
		expect(formatError(error)).toMatch(
			/oci core limit too small: standard-a1-core-count has Uocm:US-ASHBURN-AD-1 6, Uocm:US-ASHBURN-AD-2 2 cores available, this run needs 8 in one AD/,
		);
		expect(fake.calls.filter((call) => call.api.includes('create') || call.api.includes('launch'))).toEqual([]);
		expect(await provider.teardown('np-oci-limit')).toEqual({complete: true, left: []});

		// Room in AD-2 only: the run goes there.
		const other = ociUnderTest();
		other.fake.coresAvailable.set('Uocm:US-ASHBURN-AD-1', 2);
		const [pair] = await other.provider.provision(single, 'np-oci-limit-ad2');
		const [launch] = other.fake.calls.filter((call) => call.api === 'compute.launchInstance');
		expect(
			(launch?.request.launchInstanceDetails as {availabilityDomain: string} | undefined)?.availabilityDomain,
		).toBe('Uocm:US-ASHBURN-AD-2');
		expect(pair?.notes).toContainEqual(
			expect.stringMatching(/^core limit standard-a1-core-count: .* this run needs 8$/),
		);
		await other.provider.teardown('np-oci-limit-ad2');
		expect(other.fake.resourceCount).toBe(0);
	});

	it('the image is pinned to Ubuntu 24.04, never Minimal, and recorded; the plan states the guard', async () => {
		const {provider, fake} = ociUnderTest();
		const [pair] = await provider.provision(single, 'np-oci-image');
		const [launch] = fake.calls.filter((call) => call.api === 'compute.launchInstance');
		expect(
			(launch?.request.launchInstanceDetails as {sourceDetails: {imageId: string}} | undefined)?.sourceDetails.imageId,
		).toBe('ocid1.image.oc1.iad.ubuntu2404');
		expect(pair?.notes).toContain(
			'image: Canonical-Ubuntu-24.04-aarch64-2026.10.15-0 (ocid1.image.oc1.iad.ubuntu2404)',
		);
		await provider.teardown('np-oci-image');
		const plan = await provider.plan(single, 600);
		expect(plan.setup?.map((item) => item.label)).toEqual(['network', 'login', 'ttl', 'quota', 'capacity', 'image']);
		expect(plan.setup?.find((item) => item.label === 'ttl')?.text).toMatch(
			/shutdown -h \+25; OCI has no cloud-side TTL/,
		);
		expect(plan.warnings).toContainEqual(expect.stringMatching(/STOPPED instance still bills its boot volume/));
	});

	it('--region stands alone (no region in the config file), and the SDK prints nothing to the console', async () => {
		const folder = await mkdtemp(join(tmpdir(), 'netplace-oci-config-'));
		const {privateKey} = generateKeyPairSync('rsa', {modulusLength: 2048});
		await writeFile(join(folder, 'key.pem'), privateKey.export({type: 'pkcs8', format: 'pem'}), {mode: 0o600});
		await writeFile(
			join(folder, 'config'),
			`[DEFAULT]\nuser=ocid1.user.oc1..aaaafake\nfingerprint=11:22:33:44:55:66:77:88:99:00:aa:bb:cc:dd:ee:ff\ntenancy=${tenancy}\nkey_file=${join(folder, 'key.pem')}\n`,
		);
		vi.stubEnv('OCI_CONFIG_FILE', join(folder, 'config'));
		vi.stubEnv('OCI_REGION', undefined);
		const spies = (['log', 'info', 'warn', 'error'] as const).map((method) => vi.spyOn(console, method));
		try {
			const session = await loadOciClients('us-ashburn-1');
			expect(session).toMatchObject({tenancy, region: 'us-ashburn-1'});
			// A region this SDK version does not know: oci-common would console.warn "Found regionId …".
			const unknown = await loadOciClients('xx-newregion-1');
			expect(unknown.region).toBe('xx-newregion-1');
			expect(process.env.OCI_REGION).toBeUndefined();
			for (const spy of spies) expect(spy).not.toHaveBeenCalled();
		} finally {
			vi.unstubAllEnvs();
			vi.restoreAllMocks();
			await rm(folder, {recursive: true, force: true});
		}
	});
});

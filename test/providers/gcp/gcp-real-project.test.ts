// What a real GCP project does that a clean one does not, at the client boundary (fake-gcp.ts header lists
// the shapes): OS Login by project metadata or by organization policy, no `default` network, custom-mode
// networks, the region's vCPU quota, ZONE_RESOURCE_POOL_EXHAUSTED, and the TTL guards' order.

import {describe, expect, it} from 'vitest';
import {exitCodeOf, formatError} from '../../../source/domain/errors.js';
import type {ProbeTarget} from '../../../source/providers/provider.js';
import {gcpTarget, gcpUnderTest} from './gcp-helpers.js';

const single: ProbeTarget = {...gcpTarget, placements: ['default']};
interface Inserted {
	readonly metadata: {readonly items: Array<{readonly key: string; readonly value: string}>};
	readonly networkInterfaces: Array<{network?: string; subnetwork?: string}>;
	readonly scheduling: {maxRunDuration: {seconds: string}};
}

function inserted(fake: ReturnType<typeof gcpUnderTest>['fake']): Inserted[] {
	return fake.calls
		.filter((call) => call.api === 'instances.insert')
		.map((call) => call.request.instanceResource as Inserted);
}

function metadataOf(instance: Inserted | undefined): Record<string, string> {
	return Object.fromEntries((instance?.metadata.items ?? []).map((item) => [item.key, item.value]));
}

async function errorOf(work: Promise<unknown>): Promise<unknown> {
	return work.then(
		() => undefined,
		(error: unknown) => error,
	);
}

describe('GCP on a real project', () => {
	it('project enable-oslogin=TRUE: the key goes through the OS Login API and SSH uses the POSIX username', async () => {
		const {provider, fake, ssh} = gcpUnderTest();
		fake.osLoginProject = true;
		const [pair] = await provider.provision(single, 'np-oslogin');
		const [imported] = fake.calls.filter((call) => call.api === 'osLogin.importSshPublicKey');
		expect(imported?.request).toMatchObject({
			parent: 'users/prober@example.com',
			projectId: 'netplace-test-123',
			sshPublicKey: {
				key: expect.stringMatching(/^ssh-ed25519 /),
				expirationTimeUsec: expect.stringMatching(/^\d{16}$/),
			},
		});
		for (const instance of inserted(fake)) {
			expect(metadataOf(instance)['enable-oslogin']).toBe('TRUE');
			expect(metadataOf(instance)['ssh-keys']).toBeUndefined();
		}

		expect(ssh.connections.map((connection) => connection.username)).toEqual([
			'prober_example_com',
			'prober_example_com',
		]);
		expect(pair?.notes).toContainEqual(
			expect.stringMatching(/^login: OS Login \(project metadata enable-oslogin=TRUE\)/),
		);
		expect(fake.osLoginKeys.size).toBe(1);
		expect(await provider.teardown('np-oslogin')).toEqual({complete: true, left: []});
		expect(fake.osLoginKeys.size).toBe(0);
		expect(fake.resourceCount).toBe(0);
	});

	it('OS Login enforced by policy despite enable-oslogin=FALSE: the run switches to OS Login and says so', async () => {
		const {provider, fake, ssh} = gcpUnderTest();
		fake.osLoginEnforced = true;
		const [pair] = await provider.provision(single, 'np-enforced');
		expect(metadataOf(inserted(fake)[0])).toMatchObject({'enable-oslogin': 'FALSE', 'ssh-keys': expect.any(String)});
		expect(ssh.connections.map((connection) => connection.username)).toEqual([
			'prober_example_com',
			'prober_example_com',
		]);
		expect(pair?.notes).toContainEqual(
			expect.stringMatching(/enforces OS Login despite enable-oslogin=FALSE .*compute\.requireOsLogin/),
		);
		expect(fake.calls.filter((call) => call.api === 'osLogin.importSshPublicKey')).toHaveLength(1);
		expect(await provider.teardown('np-enforced')).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
	});

	it('no OS Login: ssh-keys metadata as netplace, instance-level enable-oslogin=FALSE, no OS Login call', async () => {
		const {provider, fake, ssh} = gcpUnderTest();
		const [pair] = await provider.provision(single, 'np-metadata');
		expect(metadataOf(inserted(fake)[0])['enable-oslogin']).toBe('FALSE');
		expect(ssh.connections.every((connection) => connection.username === 'netplace')).toBe(true);
		expect(fake.calls.some((call) => call.api.startsWith('osLogin.'))).toBe(false);
		expect(pair?.notes).toContain('login: ssh-keys metadata as netplace, instance-level enable-oslogin=FALSE');
		expect(pair?.notes).toContain('image: debian-cloud/debian-12-bookworm-arm64-v20261110 (family debian-12-arm64)');
		await provider.teardown('np-metadata');
		expect(fake.resourceCount).toBe(0);
	});

	it('no default network (compute.skipDefaultNetworkCreation): one line naming --network, nothing created', async () => {
		const {provider, fake} = gcpUnderTest();
		fake.networks.delete('default');
		const error = await errorOf(provider.provision(single, 'np-no-default'));
		expect(exitCodeOf(error)).toBe(2);
		expect(formatError(error)).toMatch(/project netplace-test-123 has no "default" network .*pass --network NAME/);
		expect(formatError(error).split('\n')).toHaveLength(1);
		expect(fake.calls.filter((call) => call.api.endsWith('.insert'))).toEqual([]);
		expect(await provider.teardown('np-no-default')).toEqual({complete: true, left: []});
	});

	it('--network of a custom-mode VPC needs --subnetwork; with it, firewalls and NICs use them', async () => {
		const {provider, fake} = gcpUnderTest();
		fake.networks.delete('default');
		fake.networks.set('probe-vpc', false);
		const bare = await errorOf(provider.provision({...single, network: 'probe-vpc'}, 'np-custom-bare'));
		expect(formatError(bare)).toMatch(/network probe-vpc is custom-mode: it needs a subnetwork in us-central1/);
		await provider.teardown('np-custom-bare');

		await provider.provision({...single, network: 'probe-vpc', subnetwork: 'probe-subnet'}, 'np-custom');
		const firewalls = fake.calls.filter((call) => call.api === 'firewalls.insert');
		expect(firewalls.map((call) => (call.request.firewallResource as {network: string}).network)).toEqual([
			'global/networks/probe-vpc',
			'global/networks/probe-vpc',
			'global/networks/probe-vpc',
		]);
		expect(inserted(fake)[0]?.networkInterfaces[0]).toMatchObject({
			network: 'global/networks/probe-vpc',
			subnetwork: 'regions/us-central1/subnetworks/probe-subnet',
		});
		expect(await provider.teardown('np-custom')).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
	});

	it('the region quota for the series is read first: short, nothing is created and the line says how short', async () => {
		const {provider, fake} = gcpUnderTest();
		fake.quotas[1] = {metric: 'C4A_CPUS', limit: 40, usage: 8};
		const error = await errorOf(provider.provision(gcpTarget, 'np-gcp-quota'));
		expect(exitCodeOf(error)).toBe(1);
		expect(formatError(error)).toMatch(
			/gcp vCPU quota too small: C4A_CPUS in us-central1 has 32 of 40 free, this run needs 64 \(4 x c4a-standard-16\)/,
		);
		expect(fake.calls.filter((call) => call.api.endsWith('.insert'))).toEqual([]);
		expect(await provider.teardown('np-gcp-quota')).toEqual({complete: true, left: []});

		// A series without its own quota counts in CPUS (24 - 4 = 20 free; two n1-standard-16 need 32).
		const other = gcpUnderTest();
		const n1 = await errorOf(other.provider.provision({...single, shape: 'n1-standard-16'}, 'np-gcp-quota-n1'));
		expect(formatError(n1)).toMatch(/CPUS in us-central1 has 20 of 24 free, this run needs 32/);
		await other.provider.teardown('np-gcp-quota-n1');
	});

	it('ZONE_RESOURCE_POOL_EXHAUSTED: one line with the code, everything torn down', async () => {
		const {provider, fake} = gcpUnderTest();
		fake.noCapacity = true;
		const error = await errorOf(provider.provision(single, 'np-gcp-capacity'));
		expect(formatError(error)).toMatch(
			/ZONE_RESOURCE_POOL_EXHAUSTED: The zone .*us-central1-a' does not have enough resources/,
		);
		expect(formatError(error).split('\n')).toHaveLength(1);
		fake.noCapacity = false;
		expect(await provider.teardown('np-gcp-capacity')).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
	});

	it("the guest's shutdown comes after maxRunDuration's DELETE, and the plan prints both", async () => {
		const {provider, fake} = gcpUnderTest();
		await provider.provision(single, 'np-gcp-ttl', {holdSeconds: 600});
		const [instance] = inserted(fake);
		expect(instance?.scheduling.maxRunDuration.seconds).toBe(String(25 * 60));
		expect(metadataOf(instance)['startup-script']).toMatch(/shutdown -h \+30 /);
		await provider.teardown('np-gcp-ttl');
		const plan = await provider.plan(single, 600);
		expect(plan.setup?.map((item) => item.label)).toEqual(['network', 'login', 'ttl', 'quota', 'capacity', 'image']);
		expect(plan.setup?.find((item) => item.label === 'ttl')?.text).toBe(
			"maxRunDuration 25 min -> DELETE (instance and boot disk); the guest's own shutdown at 30 min, after it",
		);
	});
});

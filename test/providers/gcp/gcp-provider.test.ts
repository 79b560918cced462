import {existsSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {runProbe} from '../../../source/probe/run-probe.js';
import {markRunDead} from '../cloud/run-records.js';
import {gcpTarget, gcpUnderTest, quickSettings} from './gcp-helpers.js';

const runId = 'np-gcp-full-1';

/** The instance fields the assertions read (as netplace sends them). */
interface InstanceBody {
	readonly name: string;
	readonly machineType: string;
	readonly labels: Record<string, string>;
	readonly tags: {readonly items: string[]};
	readonly metadata: {readonly items: Array<{readonly key: string; readonly value: string}>};
	readonly disks: Array<{readonly initializeParams: {readonly sourceImage: string; readonly diskType: string}}>;
	readonly networkInterfaces: Array<{readonly nicType?: string}>;
	readonly scheduling: {
		readonly onHostMaintenance?: string;
		readonly instanceTerminationAction?: string;
		readonly maxRunDuration: {readonly seconds: string};
	};
	readonly resourcePolicies?: string[];
}

describe('GCP provider: provision -> probe -> teardown', () => {
	it('creates scoped firewall rules, a COLLOCATED policy and labelled instances, probes over SSH, deletes everything', async () => {
		const {provider, fake, ssh} = gcpUnderTest();
		const run = await runProbe(provider, gcpTarget, quickSettings, {runId});

		// The probe ran over the (fake) SSH transport with recorded iperf3 and ping outputs.
		expect(run.pairs.map((pair) => pair.placement)).toEqual(['default', 'collocated']);
		for (const pair of run.pairs) {
			expect(pair.published).toEqual({gbps: 32, kind: 'derived-per-vcpu'});
			expect(pair.results.map((result) => result.streams)).toEqual([1, 8]);
			expect(pair.results[0]?.gbps).toBeGreaterThan(0);
			expect(pair.rtt?.medianMs).toBeGreaterThan(0);
		}

		expect(run.notes?.join('\n')).toMatch(/collocated: .*give up live migration/);
		expect(run.teardown).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);

		// Firewall: SSH only from --ssh-cidr, iperf3/ICMP only between the run's instances.
		const firewalls = fake.calls
			.filter((call) => call.api === 'firewalls.insert')
			.map((call) => call.request.firewallResource);
		expect(firewalls).toContainEqual(
			expect.objectContaining({
				name: `${runId}-ssh`,
				sourceRanges: ['198.51.100.7/32'],
				targetTags: [runId],
				allowed: [{IPProtocol: 'tcp', ports: ['22']}],
				description: `netplace-run=${runId}`,
			}),
		);
		const probeRule = firewalls.find((rule) => (rule as {name: string}).name === `${runId}-probe`) as Record<
			string,
			unknown
		>;
		expect(probeRule).toMatchObject({sourceTags: [runId], targetTags: [runId]});
		expect(probeRule.sourceRanges).toBeUndefined();
		expect(probeRule.allowed).toEqual([{IPProtocol: 'tcp', ports: ['5201-5328']}, {IPProtocol: 'icmp'}]);
		// Everything else denied to the run's instances, above the project's own allow rules (created at 1000 by
		// default; a lower number wins), below ours.
		expect(firewalls).toContainEqual(
			expect.objectContaining({
				name: `${runId}-deny`,
				priority: 101,
				sourceRanges: ['0.0.0.0/0'],
				targetTags: [runId],
				denied: [{IPProtocol: 'all'}],
			}),
		);
		expect(
			firewalls
				.filter((rule) => (rule as {allowed?: unknown}).allowed)
				.every((rule) => (rule as {priority: number}).priority === 100),
		).toBe(true);

		// A COLLOCATED group placement policy, maxDistance not set.
		const policy = fake.calls.find((call) => call.api === 'resourcePolicies.insert')?.request;
		expect(policy).toMatchObject({
			project: 'netplace-test-123',
			region: 'us-central1',
			resourcePolicyResource: {groupPlacementPolicy: {collocation: 'COLLOCATED', vmCount: 2}},
		});
		expect(JSON.stringify(policy)).not.toMatch(/maxDistance/);

		// Instances: labels, tags, ssh-keys, startup script, TTL; collocated ones TERMINATE + the policy.
		const instances = fake.calls
			.filter((call) => call.api === 'instances.insert')
			.map((call) => call.request.instanceResource as InstanceBody);
		expect(instances).toHaveLength(4);
		for (const instance of instances) {
			expect(instance.labels['netplace-run']).toBe(runId);
			expect(instance.labels['netplace-expires']).toMatch(/^[a-z0-9_-]+$/);
			expect(instance.tags.items).toEqual([runId]);
			expect(instance.machineType).toBe('zones/us-central1-a/machineTypes/c4a-standard-16');
			expect(instance.scheduling).toMatchObject({instanceTerminationAction: 'DELETE'});
			expect(Number(instance.scheduling.maxRunDuration.seconds)).toBeGreaterThanOrEqual(600);
			const metadata = Object.fromEntries(instance.metadata.items.map((item) => [item.key, item.value]));
			expect(metadata['ssh-keys']).toMatch(/^netplace:ssh-ed25519 \S+/);
			expect(metadata['startup-script']).toMatch(/DEBIAN_FRONTEND=noninteractive/);
			expect(metadata['startup-script']).toMatch(/DPkg::Lock::Timeout=300 .*install iperf3/);
			expect(metadata['enable-oslogin']).toBe('FALSE');
			// The family resolved once (images.getFromFamily) to one image for both hosts.
			expect(instance.disks[0]?.initializeParams.sourceImage).toMatch(
				/projects\/debian-cloud\/global\/images\/debian-12-bookworm-arm64-v20261110$/,
			);
			expect(instance.disks[0]?.initializeParams.diskType).toBe('zones/us-central1-a/diskTypes/hyperdisk-balanced');
			expect(instance.networkInterfaces[0]?.nicType).toBe('GVNIC');
		}

		const collocated = instances.filter((instance) => instance.name.includes('-col-'));
		expect(collocated).toHaveLength(2);
		for (const instance of collocated) {
			expect(instance.scheduling.onHostMaintenance).toBe('TERMINATE');
			expect(instance.resourcePolicies).toEqual([
				`projects/netplace-test-123/regions/us-central1/resourcePolicies/${runId}-collocated`,
			]);
		}

		for (const instance of instances.filter((candidate) => !candidate.name.includes('-col-'))) {
			expect(instance.scheduling.onHostMaintenance).toBeUndefined();
			expect(instance.resourcePolicies).toBeUndefined();
		}

		// Every insert was waited on, in its own scope.
		expect(fake.calls.filter((call) => call.api === 'zoneOperations.wait').length).toBeGreaterThanOrEqual(8);
		expect(fake.calls.some((call) => call.api === 'regionOperations.wait')).toBe(true);
		expect(fake.calls.some((call) => call.api === 'globalOperations.wait')).toBe(true);

		// Teardown order: instances before the policy they use, firewalls after.
		const deletes = fake.calls
			.filter((call) => call.api.endsWith('.delete'))
			.map((call) => String(call.request.instance ?? call.request.resourcePolicy ?? call.request.firewall));
		expect(deletes).toHaveLength(8);
		expect(deletes.indexOf(`${runId}-col-s`)).toBeLessThan(deletes.indexOf(`${runId}-collocated`));
		expect(deletes.indexOf(`${runId}-col-c`)).toBeLessThan(deletes.indexOf(`${runId}-collocated`));

		// SSH went to the external addresses as the metadata user, with the ephemeral key; all closed.
		expect(ssh.connections.map((connection) => connection.host).sort()).toEqual(
			['203.0.113.10', '203.0.113.11', '203.0.113.12', '203.0.113.13'].sort(),
		);
		for (const connection of ssh.connections) {
			expect(connection.username).toBe('netplace');
			expect(String(connection.privateKey)).toMatch(/OPENSSH PRIVATE KEY/);
		}

		expect(ssh.closed).toHaveLength(4);
		expect(ssh.running).toBe(0);
		// iperf3 clients reached the servers at their internal addresses.
		const clients = ssh.commands.filter((command) => command.argv[0] === 'iperf3' && command.argv.includes('-c'));
		expect(
			clients.every((command) => /^10\.128\.0\.\d+$/.test(command.argv[command.argv.indexOf('-c') + 1] ?? '')),
		).toBe(true);
	});

	it('the plan lists every resource, says collocated gives up live migration, and creates nothing', async () => {
		const {provider, fake} = gcpUnderTest();
		const plan = await provider.plan({...gcpTarget, pricePerHour: 0.75}, 120);
		expect(plan).toMatchObject({
			provider: 'gcp',
			shape: 'c4a-standard-16',
			region: 'us-central1',
			zone: 'us-central1-a',
			instances: 4,
		});
		expect(plan.resources.map((resource) => resource.kind)).toEqual([
			'firewall',
			'firewall',
			'firewall',
			'instance',
			'instance',
			'resource-policy',
			'instance',
			'instance',
			'key-folder',
		]);
		expect(plan.warnings.join('\n')).toMatch(/gives up live migration/);
		expect(plan.estimatedCostUsd).toBeCloseTo(0.1, 4);
		expect(fake.calls).toHaveLength(0);
		const unpriced = await provider.plan(gcpTarget, 120);
		expect(unpriced.estimatedCostUsd).toBeNull();
		expect(unpriced.warnings.join('\n')).toMatch(/--price/);
	});

	it('placement support: default, collocated (with the live-migration trade-off) and spread', async () => {
		const {provider} = gcpUnderTest();
		const support = await provider.placementSupport(gcpTarget);
		expect(support.filter((entry) => entry.available).map((entry) => entry.placement)).toEqual([
			'default',
			'collocated',
			'spread',
		]);
		expect(support.find((entry) => entry.placement === 'collocated')?.reason).toMatch(/live migration/);
		expect(support.find((entry) => entry.placement === 'spread')?.reason).toMatch(/availability domains/);
	});

	it('spread: a spread policy over two availability domains, one instance in each, live migration kept', async () => {
		const {provider, fake} = gcpUnderTest();
		const spreadRun = 'np-gcp-spread-1';
		const run = await runProbe(provider, {...gcpTarget, placements: ['spread']}, quickSettings, {runId: spreadRun});
		expect(run.pairs.map((pair) => pair.placement)).toEqual(['spread']);
		expect(run.teardown).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
		const policies = fake.calls.filter((call) => call.api === 'resourcePolicies.insert');
		expect(policies.map((call) => call.request.resourcePolicyResource)).toEqual([
			{
				name: `${spreadRun}-spread`,
				description: `netplace-run=${spreadRun}`,
				groupPlacementPolicy: {availabilityDomainCount: 2},
			},
		]);
		const instances = fake.calls
			.filter((call) => call.api === 'instances.insert')
			.map((call) => call.request.instanceResource as InstanceBody & {scheduling: {availabilityDomain?: number}});
		expect(instances.map((instance) => [instance.name, instance.scheduling.availabilityDomain])).toEqual([
			[`${spreadRun}-spread-s`, 1],
			[`${spreadRun}-spread-c`, 2],
		]);
		for (const instance of instances) {
			expect(instance.scheduling.onHostMaintenance).toBeUndefined();
			expect(instance.resourcePolicies).toEqual([
				`projects/netplace-test-123/regions/us-central1/resourcePolicies/${spreadRun}-spread`,
			]);
		}

		const plan = await provider.plan({...gcpTarget, placements: ['spread']}, 120);
		expect(plan.resources.find((resource) => resource.kind === 'resource-policy')).toMatchObject({
			name: 'np-<run>-spread',
			detail: expect.stringMatching(/2 availability domains/),
		});
	});

	it('prints what it could not delete with its gcloud command, and cleanup finds it by label', async () => {
		const {provider, fake} = gcpUnderTest();
		const pairs = await provider.provision(gcpTarget, 'np-gcp-left-1');
		expect(pairs).toHaveLength(2);
		fake.failDeletes.add('np-gcp-left-1-col-s');
		const report = await provider.teardown('np-gcp-left-1');
		expect(report.complete).toBe(false);
		// The policy is still in use by the instance that could not be deleted: both are left, nothing else.
		expect(report.left.map((left) => left.id).sort()).toEqual(['np-gcp-left-1-col-s', 'np-gcp-left-1-collocated']);
		expect(report.left.find((left) => left.kind === 'instance')?.deleteCommand).toBe(
			'gcloud compute instances delete np-gcp-left-1-col-s --project netplace-test-123 --zone us-central1-a --quiet',
		);
		expect(report.left.find((left) => left.kind === 'resource-policy')?.deleteCommand).toBe(
			'gcloud compute resource-policies delete np-gcp-left-1-collocated --project netplace-test-123 --region us-central1 --quiet',
		);

		markRunDead('np-gcp-left-1'); // its process is gone
		const orphans = await provider.findOrphans({project: 'netplace-test-123', zone: 'us-central1-a'});
		expect(orphans.map((orphan) => `${orphan.kind} ${orphan.id} ${orphan.runId}`).sort()).toEqual([
			'instance np-gcp-left-1-col-s np-gcp-left-1',
			'resource-policy np-gcp-left-1-collocated np-gcp-left-1',
		]);
		fake.failDeletes.clear();
		const cleaned = await provider.deleteOrphans(orphans);
		expect(cleaned).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
	});

	it('deletes the local key folder at teardown', async () => {
		const {provider, ssh} = gcpUnderTest();
		await provider.provision({...gcpTarget, placements: ['default']}, 'np-gcp-key-1');
		const key = ssh.connections[0]?.privateKey;
		expect(key).toBeDefined();
		await provider.teardown('np-gcp-key-1');
		// The skeleton's key folder lives under the OS temp dir; none for this run remains.
		const {readdirSync} = await import('node:fs');
		const {tmpdir} = await import('node:os');
		const leftovers = readdirSync(tmpdir()).filter((name) => name.startsWith('netplace-key-'));
		for (const folder of leftovers) {
			expect(
				existsSync(`${tmpdir()}/${folder}/id_ed25519.pub`) &&
					(await import('node:fs'))
						.readFileSync(`${tmpdir()}/${folder}/id_ed25519.pub`, 'utf8')
						.includes('np-gcp-key-1'),
			).toBe(false);
		}
	});
});

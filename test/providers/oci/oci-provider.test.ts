import {describe, expect, it} from 'vitest';
import {runProbe} from '../../../source/probe/run-probe.js';
import {ociPublishedBandwidth} from '../../../source/providers/oci/bandwidth.js';
import {markRunDead} from '../cloud/run-records.js';
import {ashburnShapes} from './fake-oci.js';
import {ociTarget, ociUnderTest, tenancy} from './oci-helpers.js';

const quickSettings = {streams: [1, 8], durationSeconds: 2, repeat: 1, sustainedSeconds: null, pingCount: 5};
const runId = 'np-oci-full-1';

interface Launch {
	readonly displayName: string;
	readonly availabilityDomain: string;
	readonly compartmentId: string;
	readonly shape: string;
	readonly shapeConfig?: {readonly ocpus: number; readonly memoryInGBs: number};
	readonly sourceDetails: {readonly sourceType: string; readonly imageId: string};
	readonly createVnicDetails: {readonly subnetId: string; readonly assignPublicIp: boolean};
	readonly metadata: {readonly ssh_authorized_keys: string; readonly user_data: string};
	readonly freeformTags: Record<string, string>;
	readonly clusterPlacementGroupId?: string;
}

describe('OCI published bandwidth', () => {
	it('A1.Flex at 16 OCPU -> 16 Gbps per-ocpu (per-OCPU rate x OCPUs)', () => {
		const figure = ociPublishedBandwidth(ashburnShapes[0]!, 16);
		expect(figure).toMatchObject({gbps: 16, kind: 'per-ocpu'});
		expect(figure.detail).toMatch(/defaultPerOcpuInGbps 1 x 16 OCPU/);
		expect(ociPublishedBandwidth(ashburnShapes[0]!, 64).gbps).toBe(40);
		expect(ociPublishedBandwidth(ashburnShapes[1]!, undefined).gbps).toBe(4.1);
	});

	it('through the provider: listShapes in the tenancy compartment', async () => {
		const {provider, fake} = ociUnderTest();
		expect(await provider.publishedBandwidth(ociTarget)).toMatchObject({gbps: 16, kind: 'per-ocpu'});
		expect(fake.calls.find((call) => call.api === 'compute.listShapes')?.request).toMatchObject({
			compartmentId: tenancy,
		});
	});
});

describe('OCI provider: provision -> probe -> teardown', () => {
	it('builds a scoped network, a cluster placement group and tagged Flex instances; probes; deletes everything', async () => {
		const {provider, fake, ssh} = ociUnderTest();
		const run = await runProbe(provider, ociTarget, quickSettings, {runId});
		expect(run.pairs.map((pair) => pair.placement)).toEqual(['default', 'cluster']);
		for (const pair of run.pairs) {
			expect(pair.published).toEqual({gbps: 16, kind: 'per-ocpu'});
			expect(pair.results.map((result) => result.streams)).toEqual([1, 8]);
			expect(pair.rtt?.medianMs).toBeGreaterThan(0);
		}

		expect(run.teardown).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);

		const request = (api: string) => fake.calls.find((call) => call.api === api)?.request;
		// Security list: 22 only from --ssh-cidr; iperf3 and ICMP only from the subnet; egress for apt.
		const securityList = request('vn.createSecurityList')?.createSecurityListDetails as Record<string, unknown>;
		expect(securityList.ingressSecurityRules).toEqual([
			{
				protocol: '6',
				source: '198.51.100.7/32',
				sourceType: 'CIDR_BLOCK',
				tcpOptions: {destinationPortRange: {min: 22, max: 22}},
			},
			{
				protocol: '6',
				source: '10.77.1.0/24',
				sourceType: 'CIDR_BLOCK',
				tcpOptions: {destinationPortRange: {min: 5201, max: 5328}},
			},
			{protocol: '1', source: '10.77.1.0/24', sourceType: 'CIDR_BLOCK'},
		]);
		expect(securityList.freeformTags).toMatchObject({'netplace-run': runId});
		const subnet = request('vn.createSubnet')?.createSubnetDetails as Record<string, unknown>;
		expect(subnet).toMatchObject({cidrBlock: '10.77.1.0/24', prohibitPublicIpOnVnic: false});
		for (const api of ['vn.createVcn', 'vn.createInternetGateway', 'vn.createRouteTable', 'vn.createSubnet']) {
			expect(JSON.stringify(request(api))).toContain(`"netplace-run":"${runId}"`);
		}

		// Cluster placement group in the chosen AD, tagged.
		const group = request('cpg.createClusterPlacementGroup')?.createClusterPlacementGroupDetails as Record<
			string,
			unknown
		>;
		expect(group).toMatchObject({
			availabilityDomain: 'Uocm:US-ASHBURN-AD-1',
			compartmentId: tenancy,
			clusterPlacementGroupType: 'STANDARD',
			freeformTags: {'netplace-run': runId},
		});

		const launches = fake.calls
			.filter((call) => call.api === 'compute.launchInstance')
			.map((call) => call.request.launchInstanceDetails as Launch);
		expect(launches).toHaveLength(4);
		const groupId = [...fake.calls]
			.filter((call) => call.api === 'cpg.getClusterPlacementGroup')
			.map((call) => call.request.clusterPlacementGroupId)[0];
		for (const launch of launches) {
			expect(launch.shape).toBe('VM.Standard.A1.Flex');
			expect(launch.shapeConfig).toEqual({ocpus: 16, memoryInGBs: 96});
			expect(launch.freeformTags['netplace-run']).toBe(runId);
			expect(launch.metadata.ssh_authorized_keys).toMatch(/^ssh-ed25519 /);
			const userData = Buffer.from(launch.metadata.user_data, 'base64').toString('utf8');
			expect(userData).toMatch(/^#!\/bin\/sh\n/);
			expect(userData).toMatch(/iptables -I INPUT -p tcp --dport 5201:5328/);
			expect(userData).toMatch(/shutdown -h \+\d+/);
			expect(userData).toMatch(/DPkg::Lock::Timeout=300 .*install iperf3/);
			expect(launch.createVnicDetails.assignPublicIp).toBe(true);
			expect(launch.clusterPlacementGroupId).toBe(launch.displayName.includes('-cluster-') ? groupId : undefined);
		}

		// SSH as ubuntu to the public addresses; the iperf3 client targets private addresses.
		expect(ssh.connections).toHaveLength(4);
		expect(
			ssh.connections.every((connection) => connection.username === 'ubuntu' && /^192\.0\.2\./.test(connection.host)),
		).toBe(true);
		const clients = ssh.commands.filter((command) => command.argv[0] === 'iperf3' && command.argv.includes('-c'));
		expect(clients.every((command) => /^10\.77\.1\./.test(command.argv[command.argv.indexOf('-c') + 1] ?? ''))).toBe(
			true,
		);

		// Teardown: instances terminated before the subnet and the group are deleted, VCN last.
		const deletes = fake.calls
			.filter((call) => /terminateInstance|delete/.test(call.api) && !call.api.endsWith('ConsoleHistory'))
			.map((call) => call.api.replace(/^.*\.(terminate|delete)/, ''));
		expect(deletes.slice(0, 4)).toEqual(['Instance', 'Instance', 'Instance', 'Instance']);
		expect(deletes.at(-1)).toBe('Vcn');
		expect(deletes.indexOf('Subnet')).toBeLessThan(deletes.indexOf('RouteTable'));
		expect(deletes.indexOf('RouteTable')).toBeLessThan(deletes.indexOf('InternetGateway'));
	});

	it('cluster placement 404 NotAuthorizedOrNotFound: not available; the probe goes on with default placement', async () => {
		const {provider, fake} = ociUnderTest();
		fake.cpgUnavailable = true;
		const support = await provider.placementSupport(ociTarget);
		expect(support.find((entry) => entry.placement === 'cluster')).toEqual({
			placement: 'cluster',
			available: false,
			reason: 'cluster placement groups are not available to this tenancy',
		});

		const run = await runProbe(provider, {...ociTarget, placements: ['cluster']}, quickSettings, {
			runId: 'np-oci-cpg-404',
		});
		expect(run.pairs).toHaveLength(1);
		expect(run.pairs[0]?.placement).toBe('default');
		expect(run.pairs[0]?.results).toHaveLength(2);
		expect(run.notes?.join('\n')).toMatch(
			/cluster placement groups are not available to this tenancy: default placement used/,
		);
		const launches = fake.calls.filter((call) => call.api === 'compute.launchInstance');
		expect(launches).toHaveLength(2);
		expect(JSON.stringify(launches)).not.toContain('clusterPlacementGroupId');
		expect(fake.resourceCount).toBe(0);

		// With default also asked, the cluster pair is not duplicated: one pair, noted.
		const both = await runProbe(provider, ociTarget, quickSettings, {runId: 'np-oci-cpg-404b'});
		expect(both.pairs.map((pair) => pair.placement)).toEqual(['default']);
		expect(both.notes?.join('\n')).toMatch(/the cluster pair was not created/);
		expect(fake.resourceCount).toBe(0);
	});

	it('the plan lists the network, group and instances with shapeConfig, and creates nothing', async () => {
		const {provider, fake} = ociUnderTest();
		const plan = await provider.plan({...ociTarget, pricePerHour: 0.4}, 600);
		expect(plan.resources.map((resource) => resource.kind)).toEqual([
			'vcn',
			'internet-gateway',
			'security-list',
			'route-table',
			'subnet',
			'cluster-placement-group',
			'instance',
			'instance',
			'instance',
			'instance',
			'key-folder',
		]);
		expect(plan.resources.find((resource) => resource.kind === 'instance')?.detail).toMatch(/shapeConfig ocpus 16/);
		expect(plan.estimatedCostUsd).toBeCloseTo(0.2667, 3);
		expect(plan.warnings.join('\n')).toMatch(/enabled for the tenancy/);
		expect(fake.calls).toHaveLength(0);
	});

	it('prints leftovers with their oci command; cleanup finds them by freeform tag and deletes them', async () => {
		const {provider, fake} = ociUnderTest();
		await provider.provision({...ociTarget, placements: ['default']}, 'np-oci-left-1');
		const instance = [...fake.resources.values()].find((resource) => resource.kind === 'instance');
		fake.failDeletes.add(instance!.id);
		const report = await provider.teardown('np-oci-left-1');
		expect(report.complete).toBe(false);
		// The instance could not go, so neither could the subnet it is in, the route table and security list the
		// subnet uses, the gateway the route table names, nor the VCN holding them: each refused with 409.
		expect(report.left.map((left) => left.kind).sort()).toEqual([
			'instance',
			'internet-gateway',
			'route-table',
			'security-list',
			'subnet',
			'vcn',
		]);
		expect(report.left.find((left) => left.kind === 'instance')?.deleteCommand).toBe(
			`oci compute instance terminate --instance-id ${instance!.id} --preserve-boot-volume false --force`,
		);
		markRunDead('np-oci-left-1'); // its process is gone
		const orphans = await provider.findOrphans({});
		expect(orphans.map((orphan) => orphan.kind).sort()).toEqual([
			'instance',
			'internet-gateway',
			'route-table',
			'security-list',
			'subnet',
			'vcn',
		]);
		expect(orphans.every((orphan) => orphan.runId === 'np-oci-left-1')).toBe(true);
		fake.failDeletes.clear();
		expect(await provider.deleteOrphans(orphans)).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
	});
});

import {readdir, readFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import type * as ec2 from '@aws-sdk/client-ec2';
import {describe, expect, it} from 'vitest';
import {runProbe} from '../../../source/probe/run-probe.js';
import {markRunDead} from '../cloud/run-records.js';
import {awsTarget, awsUnderTest, quickSettings} from './aws-helpers.js';

type Tag = {Key?: string; Value?: string};

function tagMap(specs: unknown, type: string): Record<string, string> {
	const spec = (specs as ec2.TagSpecification[] | undefined)?.find((item) => item.ResourceType === type);
	return Object.fromEntries((spec?.Tags ?? []).map((tag: Tag) => [tag.Key, tag.Value]));
}

describe('AWS provider: provision -> probe -> teardown on a fake EC2', () => {
	it('creates tagged, scoped resources, probes over SSH, and deletes everything in the safe order', async () => {
		const {provider, fake, ssh} = awsUnderTest();
		const run = await runProbe(provider, awsTarget, quickSettings, {runId: 'np-test-1'});

		// The probe ran on both pairs with the recorded outputs.
		expect(run.pairs.map((pair) => pair.placement)).toEqual(['default', 'cluster']);
		for (const pair of run.pairs) {
			expect(pair.published).toEqual({gbps: 50, kind: 'base-and-peak'});
			expect(pair.results.map((result) => result.streams)).toEqual([1, 8]);
			expect(pair.results.every((result) => result.gbps > 0)).toBe(true);
			expect(pair.rtt?.avgMs).toBeGreaterThan(0);
		}

		expect(run.teardown).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);

		// Key pair: the ephemeral ed25519 public key, tagged.
		const [key] = fake.callsOf('ImportKeyPair');
		expect(new TextDecoder().decode(key?.PublicKeyMaterial as Uint8Array)).toMatch(
			/^ssh-ed25519 AAAA\S+ netplace-np-test-1$/,
		);
		expect(tagMap(key?.TagSpecifications, 'key-pair')).toMatchObject({
			'netplace-run': 'np-test-1',
			Name: 'netplace-np-test-1',
		});

		// Security group: tagged, SSH from the CIDR only, iperf3 and ICMP from the group only.
		const [group] = fake.callsOf('CreateSecurityGroup');
		expect(group).toMatchObject({GroupName: 'netplace-np-test-1', VpcId: 'vpc-default'});
		expect(tagMap(group?.TagSpecifications, 'security-group')['netplace-run']).toBe('np-test-1');
		const [ingress] = fake.callsOf('AuthorizeSecurityGroupIngress');
		const groupId = ingress?.GroupId as string;
		expect(groupId).toMatch(/^sg-/);
		expect(tagMap(ingress?.TagSpecifications, 'security-group-rule')['netplace-run']).toBe('np-test-1');
		const rules = ingress?.IpPermissions as ec2.IpPermission[];
		expect(rules).toHaveLength(3);
		for (const rule of rules) {
			if (rule.FromPort === 22) {
				expect(rule).toMatchObject({IpProtocol: 'tcp', ToPort: 22});
				expect(rule.IpRanges?.map((range) => range.CidrIp)).toEqual(['198.51.100.7/32']);
				expect(rule.UserIdGroupPairs).toBeUndefined();
				expect(rule.Ipv6Ranges).toBeUndefined();
			} else {
				expect(rule.UserIdGroupPairs?.map((pair) => pair.GroupId)).toEqual([groupId]);
				expect(rule.IpRanges).toBeUndefined();
				expect(rule.Ipv6Ranges).toBeUndefined();
				expect(rule.PrefixListIds).toBeUndefined();
			}
		}

		expect(rules.map((rule) => [rule.IpProtocol, rule.FromPort, rule.ToPort])).toEqual([
			['tcp', 22, 22],
			['tcp', 5201, 5328],
			['icmp', -1, -1],
		]);

		// Placement group for cluster only, tagged; none for default.
		const groups = fake.callsOf('CreatePlacementGroup');
		expect(groups).toHaveLength(1);
		expect(groups[0]).toMatchObject({GroupName: 'netplace-np-test-1-cluster', Strategy: 'cluster'});
		expect(tagMap(groups[0]?.TagSpecifications, 'placement-group')['netplace-run']).toBe('np-test-1');

		// Instances: two per placement, in the group, one AZ, tagged on instance + volume, TTL guard in user data.
		const launches = fake.callsOf<ec2.RunInstancesCommandInput>('RunInstances');
		expect(launches).toHaveLength(2);
		const byPlacement = Object.fromEntries(
			launches.map((launch) => [launch.Placement?.GroupName ?? 'default', launch]),
		);
		expect(byPlacement['netplace-np-test-1-cluster']?.Placement).toEqual({
			AvailabilityZone: 'us-west-2a',
			GroupName: 'netplace-np-test-1-cluster',
		});
		expect(byPlacement.default?.Placement).toEqual({AvailabilityZone: 'us-west-2a'});
		for (const launch of launches) {
			expect(launch).toMatchObject({
				ImageId: 'ami-new',
				InstanceType: 'c8gn.4xlarge',
				MinCount: 2,
				MaxCount: 2,
				KeyName: 'netplace-np-test-1',
				InstanceInitiatedShutdownBehavior: 'terminate',
			});
			expect(launch.NetworkInterfaces?.[0]).toMatchObject({
				Groups: [groupId],
				SubnetId: 'subnet-2a',
				AssociatePublicIpAddress: true,
			});
			expect(launch.NetworkInterfaces?.[0]?.EnaSrdSpecification).toBeUndefined();
			for (const type of ['instance', 'volume']) {
				const tags = tagMap(launch.TagSpecifications, type);
				expect(tags['netplace-run']).toBe('np-test-1');
				expect(Date.parse(tags['netplace-expires'] ?? '')).toBeGreaterThan(Date.now());
				expect(tags.Name).toMatch(/^netplace-np-test-1-(default|cluster)$/);
			}

			const script = Buffer.from(launch.UserData ?? '', 'base64').toString();
			expect(script).toContain('DEBIAN_FRONTEND=noninteractive');
			expect(script).toMatch(/shutdown -h \+\d+/);
		}

		// SSH went to the public addresses as ubuntu with the ephemeral key; the probe targeted private ones.
		expect(ssh.connections).toHaveLength(4);
		expect(
			ssh.connections.every((connection) => connection.username === 'ubuntu' && /^203\.0\.113\./.test(connection.host)),
		).toBe(true);
		expect(String(ssh.connections[0]?.privateKey)).toContain('OPENSSH PRIVATE KEY');
		const iperfClients = ssh.commands.filter((command) => command.argv[0] === 'iperf3' && command.argv.includes('-c'));
		expect(iperfClients.length).toBeGreaterThanOrEqual(4);
		expect(iperfClients.every((command) => /^172\.31\./.test(command.argv[command.argv.indexOf('-c') + 1] ?? ''))).toBe(
			true,
		);
		expect(ssh.closed).toHaveLength(4);
		expect(ssh.running).toBe(0);

		// Teardown: instances terminated and waited for before groups and the key pair.
		const order = fake.calls.map((call) => call.command).filter((command) => /^(Terminate|Delete)/.test(command));
		const lastTerminate = order.lastIndexOf('TerminateInstances');
		expect(lastTerminate).toBeGreaterThanOrEqual(0);
		expect(order.indexOf('DeletePlacementGroup')).toBeGreaterThan(lastTerminate);
		expect(order.indexOf('DeleteSecurityGroup')).toBeGreaterThan(lastTerminate);
		expect(order.indexOf('DeleteKeyPair')).toBeGreaterThan(order.indexOf('DeleteSecurityGroup'));
	});

	it('creates a partition placement group (two partitions) for --placement partition, and tears it down', async () => {
		const {provider, fake} = awsUnderTest();
		const support = await provider.placementSupport({...awsTarget, placements: ['partition']});
		expect(support.find((entry) => entry.placement === 'partition')?.available).toBe(true);
		const [pair] = await provider.provision({...awsTarget, placements: ['partition']}, 'np-part');
		expect(pair?.placement).toBe('partition');
		expect(fake.callsOf('CreatePlacementGroup')[0]).toMatchObject({Strategy: 'partition', PartitionCount: 2});
		const [launch] = fake.callsOf<ec2.RunInstancesCommandInput>('RunInstances');
		expect(launch?.Placement?.GroupName).toBe(
			fake.callsOf<ec2.CreatePlacementGroupCommandInput>('CreatePlacementGroup')[0]?.GroupName,
		);
		const report = await provider.teardown('np-part');
		expect(report).toEqual({complete: true, left: []});
		expect(fake.callsOf('DeletePlacementGroup')).toHaveLength(1);
	});

	it('asks for ENA Express on every interface with --ena-express, and IPv6 SSH rules for an IPv6 CIDR', async () => {
		const {provider, fake, ssh} = awsUnderTest();
		await provider.provision(
			{...awsTarget, placements: ['spread'], enaExpress: true, sshCidr: '2001:db8::/64'},
			'np-ena',
		);
		const [launch] = fake.callsOf<ec2.RunInstancesCommandInput>('RunInstances');
		expect(launch?.NetworkInterfaces?.[0]?.EnaSrdSpecification).toEqual({
			EnaSrdEnabled: true,
			EnaSrdUdpSpecification: {EnaSrdUdpEnabled: true},
		});
		expect(fake.callsOf('CreatePlacementGroup')[0]).toMatchObject({Strategy: 'spread'});
		const rules = fake.callsOf('AuthorizeSecurityGroupIngress')[0]?.IpPermissions as ec2.IpPermission[];
		expect(rules[0]).toMatchObject({FromPort: 22, Ipv6Ranges: [{CidrIpv6: '2001:db8::/64'}]});
		expect(rules[0]?.IpRanges).toBeUndefined();
		// Issue 42, finding 1: the private key lives in memory only. Before, it lived 0600 in a temp folder until
		// teardown, and a run killed before its teardown left it there, where no `cleanup` looks.
		const privateKey = String(ssh.connections[0]?.privateKey);
		expect(privateKey).toMatch(/BEGIN OPENSSH PRIVATE KEY/);
		const keyFiles = async (): Promise<string[]> => {
			const names = (await readdir(tmpdir())).filter((name) => name.startsWith('netplace-key-'));
			const mine: string[] = [];
			for (const name of names) {
				const text = await readFile(join(tmpdir(), name, 'id_ed25519'), 'utf8').catch(() => '');
				if (text === privateKey) mine.push(join(tmpdir(), name, 'id_ed25519'));
			}

			return mine;
		};

		expect(await keyFiles()).toEqual([]);
		expect(await provider.teardown('np-ena')).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
	});

	it('returns what teardown could not delete with the aws ec2 command to delete it', async () => {
		const {provider, fake} = awsUnderTest();
		await provider.provision(awsTarget, 'np-left');
		fake.failDeletes.add('DeleteSecurityGroup');
		const report = await provider.teardown('np-left');
		expect(report.complete).toBe(false);
		expect(report.left).toHaveLength(1);
		expect(report.left[0]).toMatchObject({kind: 'security-group'});
		expect(report.left[0]?.deleteCommand).toMatch(
			/^aws ec2 delete-security-group --region us-west-2 --group-id sg-\w+$/,
		);
		// Everything else is gone: only the group is left.
		expect(fake.resourceCount).toBe(1);
		expect(fake.placementGroups.size + fake.keyPairs.size + fake.live().length).toBe(0);
	});

	it('finds orphans by tag and deletes them in the safe order', async () => {
		const {provider, fake} = awsUnderTest();
		await provider.provision(awsTarget, 'np-crashed');
		expect(fake.resourceCount).toBe(7);
		// A fresh process (the crashed run's ledger is gone) looks by tag.
		const {provider: later} = awsUnderTest(fake);
		markRunDead('np-crashed'); // its process is gone
		const orphans = await later.findOrphans({region: 'us-west-2'});
		expect(orphans.map((orphan) => orphan.kind).sort()).toEqual([
			'instance',
			'instance',
			'instance',
			'instance',
			'key-pair',
			'placement-group',
			'security-group',
		]);
		expect(
			orphans.every((orphan) => orphan.runId === 'np-crashed' && orphan.deleteCommand.startsWith('aws ec2 ')),
		).toBe(true);
		const describe = fake.callsOf('DescribeInstances').at(-1) as ec2.DescribeInstancesCommandInput | undefined;
		expect(describe?.Filters).toContainEqual({Name: 'tag-key', Values: ['netplace-run']});
		expect(describe?.Filters?.find((filter) => filter.Name === 'instance-state-name')?.Values).not.toContain(
			'terminated',
		);
		const report = await later.deleteOrphans([...orphans].reverse());
		expect(report).toEqual({complete: true, left: []});
		expect(fake.resourceCount).toBe(0);
		expect(await later.findOrphans({region: 'us-west-2'})).toEqual([]);
		await provider.teardown('np-crashed');
	});

	it('reads published bandwidth and placement support from DescribeInstanceTypes', async () => {
		const {provider} = awsUnderTest();
		expect(await provider.publishedBandwidth({...awsTarget, shape: 'c8g.4xlarge'})).toMatchObject({
			gbps: 15,
			kind: 'peak-over-baseline',
			baselineGbps: 7.5,
		});
		expect(await provider.publishedBandwidth(awsTarget)).toMatchObject({gbps: 50, kind: 'base-and-peak'});
		const support = await provider.placementSupport(awsTarget);
		expect(support.map((item) => [item.placement, item.available])).toEqual([
			['default', true],
			['cluster', true],
			['spread', true],
			['partition', true],
			['collocated', false],
		]);
	});

	it('plans every resource, instance-hours and cost without calling EC2', async () => {
		const {provider, fake} = awsUnderTest();
		const plan = await provider.plan({...awsTarget, placements: ['default', 'cluster', 'spread']}, 1800);
		expect(fake.calls).toHaveLength(0);
		expect(plan.instances).toBe(6);
		expect(plan.resources.filter((resource) => resource.kind === 'instance')).toHaveLength(6);
		expect(
			plan.resources.filter((resource) => resource.kind === 'placement-group').map((resource) => resource.name),
		).toEqual(['netplace-<run-id>-cluster', 'netplace-<run-id>-spread']);
		expect(plan.resources.map((resource) => resource.kind)).toEqual(
			expect.arrayContaining(['key-pair', 'security-group', 'security-group-rule']),
		);
		expect(plan.region).toBe('us-west-2');
		expect(plan.pricePerHour).toBeGreaterThan(0);
		expect(plan.priceSource).toMatch(/catalogue/);
		expect(plan.estimatedCostUsd).toBeCloseTo((plan.pricePerHour ?? 0) * 3, 4);
		expect(plan.warnings.join(' ')).toContain('3 instance-hours');
		const priced = await provider.plan({...awsTarget, shape: 'm7i.large', pricePerHour: 0.1}, 3600);
		expect(priced).toMatchObject({pricePerHour: 0.1, priceSource: '--price', estimatedCostUsd: 0.4});
		const unknown = await provider.plan({...awsTarget, shape: 'm7i.large'}, 3600);
		expect(unknown).toMatchObject({pricePerHour: null, estimatedCostUsd: null});
		expect(unknown.warnings.join(' ')).toMatch(/--price/);
	});
});

// `shapes --live` at the SDK client boundary: EC2 through aws-sdk-client-mock (DescribeInstanceTypes
// response fields as documented in the EC2 API reference: InstanceTypeInfo.NetworkInfo.NetworkCards[].
// BaselineBandwidthInGbps/PeakBandwidthInGbps, EnaSrdSupported, VCpuInfo.DefaultVCpus, MemoryInfo.SizeInMiB,
// PlacementGroupInfo.SupportedStrategies), GCP and OCI through the repo's fakes (test/gcp, test/oci).
import {DescribeInstanceTypesCommand, EC2Client} from '@aws-sdk/client-ec2';
import {mockClient} from 'aws-sdk-client-mock';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {type LiveSessions, liveCheck} from '../../source/cli/shapes-live.js';
import {liveSessions} from '../../source/cli/shapes-live-sessions.js';
import type {ShapeRecord} from '../../source/domain/model-types.js';
import {awsLiveSession} from '../../source/providers/aws/live-catalogue.js';
import {gcpLiveSession} from '../../source/providers/gcp/live-catalogue.js';
import {ociLiveSession} from '../../source/providers/oci/live-catalogue.js';
import type {CliFlags} from '../../source/request/flags.js';
import {findShape, loadCatalogue} from '../../source/sizing/catalogue.js';
import {searchShapes} from '../../source/sizing/catalogue-search.js';
import {FakeGcp} from '../providers/gcp/fake-gcp.js';
import {FakeOci} from '../providers/oci/fake-oci.js';

const catalogue = loadCatalogue();
const records = (...names: string[]): ShapeRecord[] =>
	names.map((name) => {
		const found = findShape(catalogue, null, name);
		if (!found) throw new Error(name);
		return found;
	});

const awsClient = () =>
	new EC2Client({region: 'us-west-2', credentials: {accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'example'}});
const unused = async (): Promise<string> => {
	throw new Error('this cloud must not be asked');
};

afterEach(() => {
	vi.unstubAllEnvs();
});

describe('shapes --live', () => {
	it('AWS: asks DescribeInstanceTypes with an instance-type filter, reads every page, reports differences', async () => {
		const client = awsClient();
		const ec2 = mockClient(client);
		ec2
			.on(DescribeInstanceTypesCommand)
			.resolvesOnce({
				InstanceTypes: [
					{
						InstanceType: 'c8gn.4xlarge',
						VCpuInfo: {DefaultVCpus: 16},
						MemoryInfo: {SizeInMiB: 32768},
						NetworkInfo: {
							NetworkPerformance: '50 Gigabit',
							NetworkCards: [{NetworkCardIndex: 0, BaselineBandwidthInGbps: 50, PeakBandwidthInGbps: 50}],
							EnaSrdSupported: true,
						},
						PlacementGroupInfo: {SupportedStrategies: ['cluster', 'partition', 'spread']},
					},
				],
				NextToken: 'page-2',
			})
			.resolvesOnce({
				InstanceTypes: [
					{
						InstanceType: 'c8g.4xlarge',
						VCpuInfo: {DefaultVCpus: 16},
						MemoryInfo: {SizeInMiB: 32768},
						NetworkInfo: {
							NetworkPerformance: 'Up to 15 Gigabit',
							NetworkCards: [{NetworkCardIndex: 0, BaselineBandwidthInGbps: 7.5, PeakBandwidthInGbps: 15}],
							EnaSrdSupported: false,
						},
						PlacementGroupInfo: {SupportedStrategies: ['cluster', 'partition', 'spread']},
					},
				],
			});
		const sessions: LiveSessions = {
			aws: async () => awsLiveSession({client, region: 'us-west-2'}),
			gcp: unused,
			oci: unused,
		};
		const [report] = await liveCheck(records('c8gn.4xlarge', 'c8g.4xlarge', 'p5e.48xlarge'), sessions);
		const calls = ec2.commandCalls(DescribeInstanceTypesCommand);
		expect(calls).toHaveLength(2);
		expect(calls[0]?.args[0].input.Filters).toEqual([
			{Name: 'instance-type', Values: ['c8gn.4xlarge', 'c8g.4xlarge', 'p5e.48xlarge']},
		]);
		expect(calls[1]?.args[0].input.NextToken).toBe('page-2');
		expect(report).toMatchObject({cloud: 'aws', calledAs: 'DescribeInstanceTypes us-west-2', checked: 2});
		expect(report?.missing).toEqual(['p5e.48xlarge']);
		// Since issue 36 the bundled ENA Express answers (AWS's 2026 pages) agree with the API: no difference.
		expect(report?.differences).toEqual([]);
	});

	it('AWS without credentials: nothing is called and the report says why', async () => {
		vi.stubEnv('AWS_ACCESS_KEY_ID', '');
		vi.stubEnv('AWS_SECRET_ACCESS_KEY', '');
		vi.stubEnv('AWS_PROFILE', '');
		vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', '/nonexistent/netplace-credentials');
		vi.stubEnv('AWS_CONFIG_FILE', '/nonexistent/netplace-config');
		const ec2 = mockClient(EC2Client);
		const flags = {region: 'us-west-2'} as unknown as CliFlags;
		const reports = await liveCheck(records('c8gn.4xlarge'), liveSessions(flags));
		expect(ec2.calls()).toHaveLength(0);
		expect(reports).toEqual([
			{
				cloud: 'aws',
				calledAs: null,
				skipped: expect.stringMatching(/^no AWS credentials .*nothing was called$/),
				checked: 0,
				missing: [],
				differences: [],
			},
		]);
		ec2.restore();
	});

	it('GCP: MachineTypes.get per shape, the rule on the live vCPUs; a shape not found is missing', async () => {
		const fake = new FakeGcp();
		const machineTypes = fake.clients().machineTypes;
		const sessions: LiveSessions = {
			aws: unused,
			gcp: async () => gcpLiveSession({machineTypes, project: 'netplace-test', zone: 'us-central1-a'}),
			oci: unused,
		};
		const [report] = await liveCheck(records('c4a-standard-16', 'e2-micro'), sessions);
		expect(fake.calls.map((call) => call.request)).toEqual([
			{project: 'netplace-test', zone: 'us-central1-a', machineType: 'c4a-standard-16'},
			{project: 'netplace-test', zone: 'us-central1-a', machineType: 'e2-micro'},
		]);
		expect(report).toMatchObject({calledAs: 'MachineTypes.get us-central1-a', checked: 1, missing: ['e2-micro']});
		expect(report?.differences).toEqual([]);
	});

	it('GCP without a project: nothing is called', async () => {
		vi.stubEnv('GOOGLE_CLOUD_PROJECT', '');
		vi.stubEnv('CLOUDSDK_CORE_PROJECT', '');
		const [report] = await liveCheck(records('c4a-standard-16'), liveSessions({} as CliFlags));
		expect(report?.skipped).toMatch(/^no GCP project/);
	});

	it('OCI: listShapes of the compartment; a Flex range that differs is shown', async () => {
		const fake = new FakeOci();
		const compute = fake.clients().compute;
		const sessions: LiveSessions = {
			aws: unused,
			gcp: unused,
			oci: async () =>
				ociLiveSession({
					listShapes: async (request) => compute.listShapes(request),
					compartmentId: 'ocid1.compartment.oc1..test',
					region: 'us-ashburn-1',
				}),
		};
		const [report] = await liveCheck(records('VM.Standard.A1.Flex', 'VM.Standard.E5.Flex'), sessions);
		expect(fake.calls.map((call) => call.api)).toEqual(['compute.listShapes']);
		expect(report).toMatchObject({checked: 1, missing: ['VM.Standard.E5.Flex']});
		// The fake's listShapes (as the API reports it) offers A1.Flex up to 80 OCPUs; Oracle's table says 76.
		expect(report?.differences).toEqual([{shape: 'VM.Standard.A1.Flex', field: 'maxOcpus', bundled: 76, live: 80}]);
	});

	it('refuses to ask about more than 100 shapes of one cloud', async () => {
		const all = searchShapes(catalogue, {cloud: 'aws', text: null});
		await expect(liveCheck(all, {aws: unused, gcp: unused, oci: unused})).rejects.toThrow(/at most 100 shapes/);
	});
});

// A cloud's own probe flags are declared once, in its folder (providers/<cloud>/probe-fields.ts), and every
// place a user meets them is built from that declaration: the argv schema, the command's flag list and help
// line, the probe form (with its hint), the request's target, cleanup's and `shapes --live`'s scope. The
// assertions go through the faces' own functions, so a field a shared file still lists by hand (or forgets)
// fails here.

import {describe, expect, it} from 'vitest';
import {commandHelp} from '../../../source/cli/command-help.js';
import {flagDocFor} from '../../../source/cli/flag-docs.js';
import {clouds, cloudTerms, type RealCloud} from '../../../source/domain/clouds.js';
import {UserError} from '../../../source/domain/errors.js';
import {awsProbeFields} from '../../../source/providers/aws/probe-fields.js';
import type {CloudProbeField} from '../../../source/providers/cloud/probe-field.js';
import {scopeFields} from '../../../source/providers/cloud/run-record.js';
import {cloudFields, cloudLocationFieldIds} from '../../../source/providers/cloud-probe-fields.js';
import {cloudProviderFacts} from '../../../source/providers/facts.js';
import {gcpProbeFields} from '../../../source/providers/gcp/probe-fields.js';
import {cloudOfProviderId} from '../../../source/providers/k8s/node-pairs.js';
import {ociProbeFields} from '../../../source/providers/oci/probe-fields.js';
import {providerIds} from '../../../source/providers/provider.js';
import {commandFlags} from '../../../source/request/command-flags.js';
import {flagSchema, kebabFlag} from '../../../source/request/flags.js';
import {parseProbeFlags} from '../../../source/request/probe-flags.js';
import {initialFormValues, visibleFields} from '../../../source/ui/screens/probe/probe-form.js';
import {cliFlags} from '../../probe/cli-flags.js';

const declared: Readonly<Record<RealCloud, readonly CloudProbeField[]>> = {
	aws: awsProbeFields,
	gcp: gcpProbeFields,
	oci: ociProbeFields,
};
const cidr = '203.0.113.7/32';

function problemOf(run: () => unknown): string {
	try {
		run();
	} catch (error: unknown) {
		expect(error).toBeInstanceOf(UserError);
		return (error as UserError).message;
	}

	throw new Error('expected a UserError');
}

describe("a cloud's own probe fields come from its folder", () => {
	it('the registry holds each declared field once, and each cloud takes exactly its own', () => {
		expect(cloudFields.map((field) => field.id)).toEqual([
			'vpc',
			'subnet',
			'project',
			'network',
			'subnetwork',
			'compartment',
		]);
		for (const cloud of clouds) {
			expect(cloudProviderFacts(cloud).cloudFields?.map((field) => field.id)).toEqual(
				declared[cloud].map((field) => field.id),
			);
		}
	});

	it('each is a string flag of probe, with its declared line in probe --help', () => {
		for (const field of cloudFields) {
			expect(flagSchema[field.id]).toEqual({type: 'string'});
			expect(commandFlags['probe']).toContain(field.id);
			expect(flagDocFor('probe', field.id)).toEqual({value: field.value, text: expect.stringContaining(field.doc)});
		}

		// The usage line names every provider (a new cloud's id among them).
		expect(commandHelp('probe')).toContain(`$ netplace probe --provider ${providerIds.join('|')} [probe flags]`);
		// GCP's --network is k8s's too: one line, the cloud's meaning first.
		expect(flagDocFor('probe', 'network')?.text).toBe(
			'GCP: use this network (default: "default"); k8s: pod, host or both',
		);
	});

	it('a location field is cleanup and shapes --live scope too; a network field is probe alone', () => {
		expect(cloudLocationFieldIds).toEqual(['project', 'compartment']);
		for (const id of cloudLocationFieldIds) {
			expect(commandFlags['cleanup']).toContain(id);
			expect(commandFlags['shapes']).toContain(id);
			expect(scopeFields).toContain(id);
		}

		for (const id of ['vpc', 'subnet', 'subnetwork'] as const) {
			expect(commandFlags['cleanup']).not.toContain(id);
			expect(commandFlags['shapes']).not.toContain(id);
		}
	});

	it("the probe form shows a cloud's own fields for that cloud alone, with the declared hint", () => {
		for (const cloud of clouds) {
			const shown = visibleFields({...initialFormValues(), provider: cloud});
			for (const field of declared[cloud]) {
				const spec = shown.find((each) => each.id === field.id);
				expect(spec).toMatchObject({label: `--${kebabFlag(field.id)}`, kind: 'text'});
				expect(spec?.hint).toBe(field.hint);
			}

			const others = clouds.filter((other) => other !== cloud).flatMap((other) => declared[other]);
			const foreign = others.filter((field) => !declared[cloud].some((own) => own.id === field.id));
			expect(shown.filter((spec) => foreign.some((field) => field.id === spec.id))).toEqual([]);
		}
	});

	it("the shape's options a cloud's form offers are the ones its terms sell, as switches the request reads", () => {
		for (const cloud of clouds) {
			const shown = visibleFields({...initialFormValues(), provider: cloud});
			expect(shown.filter((spec) => spec.kind === 'switch').map((spec) => spec.id)).toEqual(cloudTerms[cloud].options);
		}

		expect(cloudTerms.aws.options).toEqual(['enaExpress']);
		const aws = parseProbeFlags(cliFlags({provider: 'aws', shape: 'c8g.4xlarge', sshCidr: cidr, enaExpress: true}));
		expect(aws.target.enaExpress).toBe(true);
		// Your own hosts take every option: the shape they are named as may be any cloud's.
		const ssh = parseProbeFlags(cliFlags({provider: 'ssh', hosts: 'a@10.0.0.5,b@10.0.0.6', tier1: true}));
		expect(ssh.target.tier1).toBe(true);
		expect(
			problemOf(() =>
				parseProbeFlags(cliFlags({provider: 'oci', shape: 'VM.Standard.A1.Flex', sshCidr: cidr, tier1: true})),
			),
		).toContain('--tier1 is not a --provider oci flag (it is for --provider gcp, ssh)');
	});

	it('the request puts each into the target, checked as a name; another provider is refused it', () => {
		const gcp = parseProbeFlags(
			cliFlags({
				provider: 'gcp',
				shape: 'c4a-standard-16',
				zone: 'us-central1-a',
				sshCidr: cidr,
				project: 'p-1',
				network: 'n1',
				subnetwork: 's1',
			}),
		);
		expect(gcp.target).toMatchObject({project: 'p-1', network: 'n1', subnetwork: 's1', zone: 'us-central1-a'});
		const aws = parseProbeFlags(
			cliFlags({provider: 'aws', shape: 'c8g.4xlarge', sshCidr: cidr, vpc: 'vpc-0abc', subnet: 'subnet-1'}),
		);
		expect(aws.target).toMatchObject({vpc: 'vpc-0abc', subnet: 'subnet-1'});
		expect(
			problemOf(() =>
				parseProbeFlags(cliFlags({provider: 'oci', shape: 'VM.Standard.A1.Flex', sshCidr: cidr, compartment: 'a b'})),
			),
		).toBe('--compartment "a b" has characters netplace does not accept');
		expect(problemOf(() => parseProbeFlags(cliFlags({provider: 'gcp', sshCidr: cidr, vpc: 'vpc-1'})))).toContain(
			'--vpc is not a --provider gcp flag (it is for --provider aws)',
		);
		// k8s's --network is which network its pods use, never a cloud network's name on the target.
		const k8s = parseProbeFlags(cliFlags({provider: 'k8s', network: 'host'}));
		expect(k8s.target.network).toBeUndefined();
		expect(k8s.target.k8s?.network).toBe('host');
		expect(providerIds).toContain('k8s');
	});

	it("a node's cloud is read from the clouds' facts (their managed Kubernetes' providerID)", () => {
		expect(cloudOfProviderId('aws:///us-west-2a/i-0abc')).toBe('aws');
		expect(cloudOfProviderId('gce://proj/us-central1-a/node-1')).toBe('gcp');
		expect(cloudOfProviderId('ocid1.instance.oc1.phx.abc')).toBe('oci');
		expect(cloudOfProviderId('oci://ocid1.instance.oc1.phx.abc')).toBe('oci');
		expect(cloudOfProviderId('kind://docker/kind/kind-worker')).toBeNull();
		expect(cloudOfProviderId(undefined)).toBeNull();
	});
});

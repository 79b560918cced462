// No string from a cloud response reaches the terminal with a control character in it: an API error whose
// message carries ESC/BEL (a title-setting OSC, a screen clear) on each cloud's create path, and a console
// whose lines carry them, go through the probe's text and the CLI's error line stripped, the words kept.

import * as ec2 from '@aws-sdk/client-ec2';
import {describe, expect, it} from 'vitest';
import {formatError} from '../../../source/domain/errors.js';
import {createProgressPrinter} from '../../../source/present/probe-text.js';
import {runProbe} from '../../../source/probe/run-probe.js';
import {createAwsProvider} from '../../../source/providers/aws/index.js';
import {hostKeyPolicyFor} from '../../../source/providers/cloud/host-key-pin.js';
import {createGcpProvider} from '../../../source/providers/gcp/index.js';
import {createOciProvider} from '../../../source/providers/oci/index.js';
import type {ProbeTarget, Provider} from '../../../source/providers/provider.js';
import {awsTarget, quickSettings} from '../aws/aws-helpers.js';
import {FakeEc2} from '../aws/fake-ec2.js';
import {FakeGcp} from '../gcp/fake-gcp.js';
import {fakeSsh} from '../gcp/fake-ssh.js';
import {gcpTarget} from '../gcp/gcp-helpers.js';
import {FakeOci, ociError} from '../oci/fake-oci.js';
import {ociTarget, tenancy} from '../oci/oci-helpers.js';

const hostile = 'quota \u001b]0;owned\u0007exceeded\u001b[2J for \u009bnetplace';
const cloud = {sshRetries: 0, sshDelayMs: 1, readyPolls: 1, readyDelayMs: 1, consolePolls: 2, consoleDelayMs: 1};
// biome-ignore lint/suspicious/noControlCharactersInRegex: what must never be printed
const controls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** Everything a probe would print: its progress lines and the CLI's error line. */
async function printed(provider: Provider, target: ProbeTarget): Promise<string[]> {
	const lines: string[] = [];
	const run = await runProbe(provider, target, quickSettings, {
		runId: 'np-hostile-1',
		onEvent: createProgressPrinter((line) => lines.push(line)),
	}).catch((error: unknown) => {
		lines.push(formatError(error));
		return undefined;
	});
	for (const note of run?.notes ?? []) lines.push(note);
	return lines;
}

function expectClean(lines: readonly string[]): void {
	const text = lines.join('\n');
	expect(text).toContain('owned');
	expect(text).toMatch(/exceeded/);
	expect(lines.filter((line) => controls.test(line))).toEqual([]);
}

describe('a cloud error with ESC/BEL in it is printed stripped', () => {
	it('OCI (LaunchInstance answering 400 with the text)', async () => {
		const fake = new FakeOci();
		const clients = fake.clients();
		clients.compute.launchInstance = async () => {
			throw ociError(400, 'LimitExceeded', hostile);
		};
		const {factory} = fakeSsh();
		const provider = createOciProvider({
			clients,
			tenancy,
			region: 'us-ashburn-1',
			ssh: factory,
			cloud,
			timing: {pollIntervalMs: 0, pollLimit: 5},
			retry: {baseMs: 0},
		});
		expectClean(await printed(provider, ociTarget));
	});

	it('GCP (instances.insert answering 403 with the text)', async () => {
		const fake = new FakeGcp();
		const clients = fake.clients();
		clients.instances.insert = async () => {
			throw Object.assign(new Error(hostile), {code: 403});
		};
		const {factory} = fakeSsh();
		const provider = createGcpProvider({clients, ssh: factory, cloud, retry: {baseMs: 0}});
		expectClean(await printed(provider, gcpTarget));
	});

	it('AWS (RunInstances answering VcpuLimitExceeded with the text)', async () => {
		const fake = new FakeEc2();
		fake.mock
			.on(ec2.RunInstancesCommand)
			.rejects(Object.assign(new Error(hostile), {name: 'VcpuLimitExceeded', $metadata: {httpStatusCode: 400}}));
		const {factory} = fakeSsh();
		const provider = createAwsProvider({
			clients: {ec2: fake.client, quotas: fake.quotasClient},
			ssh: factory,
			cloud,
			timing: {waiters: {minDelaySeconds: 0.005, maxDelaySeconds: 0.01, maxWaitSeconds: 2}, dependencyRetryMs: 1},
			retry: {baseMs: 0},
		});
		expectClean(await printed(provider, awsTarget));
	});
});

describe('a console with ESC/BEL in its lines', () => {
	const fingerprint = `SHA256:${'A'.repeat(43)}`;

	it('pins only the fingerprint: nothing else of the line is said', async () => {
		const notes: string[] = [];
		await hostKeyPolicyFor(
			'server',
			async () => `\u001b[2J\u0007netplace-host-key: 256 ${fingerprint} \u001b]0;x\u0007\n`,
			{
				note: (text) => notes.push(text),
			},
		);
		expect(notes).toEqual([`server: host key pinned to the console's ${fingerprint}`]);
	});

	it('a console read failing with the text says it stripped', async () => {
		const notes: string[] = [];
		const policy = await hostKeyPolicyFor(
			'server',
			async () => {
				throw new Error(hostile);
			},
			{note: (text) => notes.push(text)},
		);
		if ('firstUse' in policy) policy.firstUse?.('SHA256:abc');
		expectClean(notes);
	});
});

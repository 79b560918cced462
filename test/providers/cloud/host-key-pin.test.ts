import {describe, expect, it} from 'vitest';
import {consoleFingerprints, hostKeyMarker} from '../../../source/providers/cloud/host-key-pin.js';
import {startupScript} from '../../../source/providers/cloud/startup-script.js';
import type {Provider} from '../../../source/providers/provider.js';
import {hostKeyFingerprint} from '../../../source/providers/ssh/host-keys.js';
import {awsTarget, awsUnderTest} from '../aws/aws-helpers.js';
import {type FakeSshLog, fakeHostKey} from '../gcp/fake-ssh.js';
import {gcpTarget, gcpUnderTest} from '../gcp/gcp-helpers.js';
import {ociTarget, ociUnderTest} from '../oci/oci-helpers.js';

const ed = hostKeyFingerprint(fakeHostKey('ed25519'));
const ecdsa = hostKeyFingerprint(fakeHostKey('ecdsa'));

describe('host key fingerprints on a console', () => {
	it("reads the startup script's lines and cloud-init's block, whatever the prefix, and nothing else", () => {
		const text = [
			`[   12.1] cloud-init[900]: ${hostKeyMarker} 256 ${ed} root@ip-10-0-0-9 (ED25519)`,
			'ec2: -----BEGIN SSH HOST KEY FINGERPRINTS-----',
			`ec2: 256 ${ecdsa} root@ip-10-0-0-9 (ECDSA)`,
			`ec2: 256 ${ed} root@ip-10-0-0-9 (ED25519)`,
			'ec2: -----END SSH HOST KEY FINGERPRINTS-----',
			'some other program: SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
		].join('\r\n');
		expect(consoleFingerprints(text)).toEqual([ed, ecdsa]);
		expect(consoleFingerprints('booting…\n')).toEqual([]);
	});

	it('the startup script prints every host key with the marker, to the console too', () => {
		const script = startupScript({ttlMinutes: 30});
		expect(script).toContain('/etc/ssh/ssh_host_*_key.pub');
		expect(script).toContain(`${hostKeyMarker} $(ssh-keygen -l -f "$key")`);
		expect(script).toContain('>/dev/console');
		// Before the slow install, so the console has it by the time SSH answers.
		expect(script.indexOf(hostKeyMarker)).toBeLessThan(script.indexOf('apt-get'));
	});
});

interface Cloud {
	readonly name: string;
	make(): {provider: Provider; ssh: FakeSshLog; blank: () => void; resources: () => number};
	readonly target: Parameters<Provider['provision']>[0];
}

const clouds: readonly Cloud[] = [
	{
		name: 'aws',
		target: awsTarget,
		make() {
			const {provider, fake, ssh} = awsUnderTest();
			return {provider, ssh, blank: () => (fake.blankConsoles = true), resources: () => fake.resourceCount};
		},
	},
	{
		name: 'gcp',
		target: gcpTarget,
		make() {
			const {provider, fake, ssh} = gcpUnderTest();
			return {provider, ssh, blank: () => (fake.blankConsoles = true), resources: () => fake.resourceCount};
		},
	},
	{
		name: 'oci',
		target: ociTarget,
		make() {
			const {provider, fake, ssh} = ociUnderTest();
			return {provider, ssh, blank: () => (fake.blankConsoles = true), resources: () => fake.resourceCount};
		},
	},
];

describe.each(clouds)('$name: host keys pinned from the console', ({target, make}) => {
	it('pins each host to the fingerprint its console printed', async () => {
		const {provider, ssh, resources} = make();
		const notes: string[] = [];
		await provider.provision(target, 'np-pin-1', {
			onEvent: (event) => event.type === 'note' && notes.push(event.text),
		});
		expect(ssh.connections.length).toBeGreaterThan(0);
		for (const connection of ssh.connections) {
			expect(connection.hostKeyPolicy).toEqual({sha256: [hostKeyFingerprint(fakeHostKey(connection.host))]});
		}

		expect(notes.filter((note) => note.includes("pinned to the console's SHA256:"))).toHaveLength(
			ssh.connections.length,
		);
		expect(await provider.teardown('np-pin-1')).toEqual({complete: true, left: []});
		expect(resources()).toBe(0);
	});

	it('a host showing another key than its console printed stops the run, and teardown leaves nothing', async () => {
		const {provider, ssh, resources} = make();
		ssh.impostor = true;
		const impostor = hostKeyFingerprint(fakeHostKey('impostor'));
		await expect(provider.provision(target, 'np-pin-2')).rejects.toThrow(
			new RegExp(`host key of \\S+ is ${impostor.replace(/[+/]/g, '\\$&')}, expected SHA256:\\S+; refused`),
		);
		expect(await provider.teardown('np-pin-2')).toEqual({complete: true, left: []});
		expect(resources()).toBe(0);
	});

	it('a console with no host key: accepted on first use, the fingerprint shown', async () => {
		const {provider, ssh, blank, resources} = make();
		blank();
		const notes: string[] = [];
		await provider.provision(target, 'np-pin-3', {
			onEvent: (event) => event.type === 'note' && notes.push(event.text),
		});
		const shown = notes.filter((note) => note.includes('accepted on first use'));
		expect(shown).toHaveLength(ssh.connections.length);
		for (const connection of ssh.connections) {
			const seen = hostKeyFingerprint(fakeHostKey(connection.host));
			expect(shown.some((note) => note.includes(`host key ${seen} accepted on first use`))).toBe(true);
		}

		await provider.teardown('np-pin-3');
		expect(resources()).toBe(0);
	});
});

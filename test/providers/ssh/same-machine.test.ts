// Two names for one machine are refused in one line (issue 37): `--hosts 127.0.0.1,127.0.0.2` reaches the
// same host twice, and the two ends read the same /etc/machine-id.
import {describe, expect, it} from 'vitest';
import {UserError} from '../../../source/domain/errors.js';
import type {Exec} from '../../../source/providers/ssh/iperf3-check.js';
import {assertTwoMachines, machineOf} from '../../../source/providers/ssh/same-machine.js';

const host =
	(id: string | null, net = 'net:[4026531840]'): Exec =>
	async (argv) => {
		if (argv[0] === 'readlink') return {code: 0, stdout: `${net}\n`, stderr: ''};
		expect(argv).toEqual(['cat', '/etc/machine-id']);
		return {code: id === null ? 1 : 0, stdout: id === null ? '' : `${id}\n`, stderr: ''};
	};

const one = '0a1b2c3d4e5f60718293a4b5c6d7e8f9';
const other = 'ffeeddccbbaa99887766554433221100';

describe('two names for one machine', () => {
	it('the same machine-id: one line naming both hosts', async () => {
		const refused = assertTwoMachines(host(one), host(one), ['127.0.0.1', '127.0.0.2']);
		await expect(refused).rejects.toBeInstanceOf(UserError);
		await expect(refused).rejects.toThrow(
			'--hosts 127.0.0.1 and 127.0.0.2 are one machine (the same /etc/machine-id, 0a1b2c3d…): give two different hosts',
		);
	});

	it('two network namespaces of one machine (the lab’s hosts) are two hosts', async () => {
		const pair = assertTwoMachines(host(one, 'net:[4026532401]'), host(one, 'net:[4026532502]'), ['a', 'b']);
		await expect(pair).resolves.toBeUndefined();
	});

	it('two machine-ids, or a host without one: the pair stands', async () => {
		await expect(assertTwoMachines(host(one), host(other), ['a', 'b'])).resolves.toBeUndefined();
		await expect(assertTwoMachines(host(null), host(null), ['a', 'b'])).resolves.toBeUndefined();
	});

	it('reads only a 32-hex-digit id; anything else is no id', async () => {
		expect((await machineOf(host(one))).id).toBe(one);
		expect((await machineOf(host('uninitialized'))).id).toBeNull();
		const closed = await machineOf(async () => {
			throw new Error('channel closed');
		});
		expect(closed.id).toBeNull();
	});

	it('no machine-id on either end: the same host key is one machine, in one line; two keys are two', async () => {
		const key = 'SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU';
		const refused = assertTwoMachines(host(null), host(null), ['box', '10.0.0.5'], [key, key]);
		await expect(refused).rejects.toBeInstanceOf(UserError);
		await expect(refused).rejects.toThrow(
			`--hosts box and 10.0.0.5 are one machine (the same host key, ${key}): give two different hosts`,
		);
		const two = assertTwoMachines(host(null), host(null), ['a', 'b'], [key, 'SHA256:other']);
		await expect(two).resolves.toBeUndefined();
		// One key in two network namespaces (the lab's sshd in each): two network hosts.
		const lab = assertTwoMachines(host(null, 'net:[1]'), host(null, 'net:[2]'), ['a', 'b'], [key, key]);
		await expect(lab).resolves.toBeUndefined();
		// Two known machine-ids are two machines even with one key (an image cloned with its host keys).
		await expect(assertTwoMachines(host(one), host(other), ['a', 'b'], [key, key])).resolves.toBeUndefined();
	});
});

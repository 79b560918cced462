// Host facts read through the provider: a read that fails once (a slow SSH exec on a busy host) is read again
// before the fact is left unknown, since an unknown version or core count plans one iperf3 process.
import {expect, it} from 'vitest';
import {readHostFacts} from '../../source/probe/host-facts.js';
import type {ExecResult, Host, Provider} from '../../source/providers/provider.js';

const host: Host = {id: 'client', name: 'client', address: '10.0.0.1'};

/** A provider whose exec answers `--version` and `nproc`, failing the first `failures` calls of each. */
function flakyProvider(failures: number): {provider: Provider; calls: string[]} {
	const calls: string[] = [];
	const seen = new Map<string, number>();
	const exec = async (_host: Host, argv: readonly string[]): Promise<ExecResult> => {
		const key = argv.join(' ');
		calls.push(key);
		const count = (seen.get(key) ?? 0) + 1;
		seen.set(key, count);
		if (count <= failures) throw new Error('channel open timed out');
		return key === 'nproc'
			? {code: 0, stdout: '2\n', stderr: ''}
			: {code: 0, stdout: 'iperf 3.12 (cJSON 1.7.15)\n', stderr: ''};
	};
	return {provider: {exec} as unknown as Provider, calls};
}

it('reads a fact again when the first read fails', async () => {
	const {provider, calls} = flakyProvider(1);
	const facts = await readHostFacts(provider, host);
	expect(facts.cores).toBe(2);
	expect(facts.iperf3?.text).toContain('3.12');
	expect(calls.filter((call) => call === 'nproc')).toHaveLength(2);
});

it('leaves a fact unknown after two failed reads', async () => {
	const {provider, calls} = flakyProvider(2);
	expect(await readHostFacts(provider, host)).toEqual({iperf3: null, cores: null});
	expect(calls).toHaveLength(4);
});

// The AWS provider reads the ENA allowance counters (`ethtool -S <dev>`) over SSH on both hosts before and
// after each test (fake SSH transport answering with recorded `ethtool -S` outputs), and a host whose driver
// has no such counters is handled.
import {describe, expect, it} from 'vitest';
import {runProbe} from '../../../source/probe/run-probe.js';
import {fixture} from '../../probe/fixtures.js';
import {awsTarget, awsUnderTest, quickSettings} from './aws-helpers.js';

const ena = fixture('ethtool/ena-aws-docs.txt');
const target = {...awsTarget, placements: ['default' as const]};

describe('AWS ENA allowance counters', () => {
	it('reads them on both hosts before and after each test and reports the deltas as the instance limit', async () => {
		const {provider, ssh} = awsUnderTest();
		// Each host's second reading of a test is "after": the client's outbound allowance was exceeded 1,204 times.
		ssh.ethtool = (host, call) => {
			const after = call % 2 === 1;
			const client = ssh.commands.some(
				(command) => command.host === host && command.argv[0] === 'iperf3' && command.argv.includes('-c'),
			);
			const text =
				after && client ? ena.replace('bw_out_allowance_exceeded: 0', 'bw_out_allowance_exceeded: 1204') : ena;
			return {code: 0, stdout: text, stderr: ''};
		};
		const run = await runProbe(provider, target, {...quickSettings, streams: [8]}, {runId: 'np-test-ena'});
		const ethtool = ssh.commands.filter((command) => command.argv[0] === 'ethtool');
		expect(ethtool.map((command) => command.argv.join(' '))).toEqual(Array(4).fill('ethtool -S ens5'));
		expect(new Set(ethtool.map((command) => command.host)).size).toBe(2);
		const [eight] = run.pairs[0]!.results;
		expect(eight?.allowance?.client).toEqual({bwIn: 0, bwOut: 1204, pps: 0, conntrack: 0, linklocal: 0});
		expect(eight?.allowance?.server).toEqual({bwIn: 0, bwOut: 0, pps: 0, conntrack: 0, linklocal: 0});
		expect(eight?.limit).toBe('instance');
		expect(run.pairs[0]!.verdict?.lines).toContain(
			"8 streams: the client instance's outbound bandwidth allowance was exceeded 1,204 times: you hit the instance limit, not the per-flow cap",
		);
		expect(run.failed).toBe(false);
	});

	it('a host without ENA counters (virtio_net), or without ethtool: no deltas, the run goes on', async () => {
		for (const answer of [
			{code: 0, stdout: fixture('ethtool/virtio-net-eth0.txt'), stderr: ''},
			{code: 127, stdout: '', stderr: 'sh: 1: ethtool: not found'},
		]) {
			const {provider, ssh} = awsUnderTest();
			ssh.ethtool = () => answer;
			const run = await runProbe(provider, target, {...quickSettings, streams: [1]}, {runId: 'np-test-virtio'});
			expect(ssh.commands.filter((command) => command.argv[0] === 'ethtool')).toHaveLength(4);
			expect(run.pairs[0]!.results[0]?.allowance).toBeNull();
			expect(run.failed).toBe(false);
		}
	});
});

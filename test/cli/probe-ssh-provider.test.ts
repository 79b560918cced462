// `probe --provider ssh` end to end (built CLI) against two of the lab's namespaces with sshd in each (the lab's
// --over-ssh setup, used here only to stand the hosts up): a run that measures the shaped pair and is stored.
// The netplace under test knows nothing of the lab: it gets user@address. A throughput band: this file runs
// in the serial project; the refusal and Ctrl-C, which measure nothing, are probe-ssh-interrupt.test.ts.
import {readFileSync} from 'node:fs';
import {expect, it} from 'vitest';
import {describeLab} from '../helpers/lab.js';
import {iperf3In, labSshHosts} from '../helpers/lab-ssh-hosts.js';
import {goodput} from '../helpers/probe-helpers.js';
import {runCli} from './helpers.js';

describeLab(
	'probe --provider ssh against sshd in the lab: the figures',
	() => {
		const hosts = labSshHosts({flowCapGbps: 1, aggregateCapGbps: 2});

		it('with --accept-new-host-key: adds the keys, measures the shaped pair, stores the run as provider ssh', () => {
			const {configDir} = hosts;
			type Run = {
				provider: string;
				runId: string;
				pairs: Array<{results: Array<{streams: number; gbps: number}>; notes: string[]; hostSettings?: unknown}>;
				teardown: {complete: boolean};
			};
			const probe = (): Run => {
				const result = runCli(
					hosts.probeArgs(['--accept-new-host-key', '--streams', '1,4', '--duration', '2', '--json']),
					{configDir, timeoutMs: 280_000},
				);
				expect(result.stderr).not.toMatch(/FAILED/);
				expect(result.status).toBe(0);
				return JSON.parse(result.stdout) as Run;
			};

			const gbps = (run: Run, streams: number): number =>
				run.pairs[0]?.results.find((result) => result.streams === streams)?.gbps ?? 0;
			// A cap bounds from above; a run other programs starved below 90% of a cap (one flow read 0.877 at load
			// average 7.5) is measured again, once.
			let run = probe();
			if (gbps(run, 1) < 0.9 * goodput || gbps(run, 4) < 0.9 * 2 * goodput) run = probe();
			expect(run.provider).toBe('ssh');
			expect(run.teardown.complete).toBe(true);
			const [measured] = run.pairs;
			const single = gbps(run, 1);
			const four = gbps(run, 4);
			console.info(`ssh provider, flow cap 1 / aggregate 2 Gbit: 1 stream ${single}, 4 streams ${four}`);
			expect(Math.abs(single - goodput) / goodput).toBeLessThan(0.1);
			expect(Math.abs(four - 2 * goodput) / (2 * goodput)).toBeLessThan(0.1);
			// The data went over the data network (198.18.0.0/24), not the management address SSH used.
			expect(measured?.notes.join('\n')).toContain("the receiver's address 198.18.0.1");
			expect(measured?.hostSettings).toBeDefined();
			// Both keys were added, one line each; the run is stored.
			expect(readFileSync(hosts.knownHosts, 'utf8').trim().split('\n')).toHaveLength(2);
			const listed = runCli(['results', 'list'], {configDir});
			expect(listed.stdout).toContain(run.runId);
			expect(iperf3In(hosts.pair().server.id)).toEqual([]);
		}, 300_000);
	},
	{overSsh: true},
);

// SSH mode: sshd in both namespaces over unshaped management veths, commands through SshTransport.
import {execFileSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {expect, it} from 'vitest';
import {parseIperf3} from '../../../source/probe/iperf3-parse.js';
import {createLabProvider} from '../../../source/providers/lab/index.js';
import {managementLinkName} from '../../../source/providers/lab/names.js';
import type {ProvisionEvent} from '../../../source/providers/provider.js';
import {describeLab} from '../../helpers/lab.js';

describeLab(
	'lab provider over SSH',
	() => {
		it('runs commands through sshd inside the namespaces, shaped as before, and tears it all down', async () => {
			const provider = createLabProvider();
			const id = `np-s${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}`;
			const events: Array<ProvisionEvent & {at: number}> = [];
			const started = Date.now();
			try {
				const [pair] = await provider.provision(
					{shape: 'custom', placements: ['default'], lab: {flowCapGbps: 1, aggregateCapGbps: 3, overSsh: true}},
					id,
					{onEvent: (event) => events.push({...event, at: Date.now() - started})},
				);
				expect(pair).toBeDefined();
				expect(pair!.notes?.some((note) => note.includes('over SSH'))).toBe(true);
				const whereAmI = await provider.exec(pair!.server, ['ip', '-o', '-4', 'addr', 'show', 'dev', 'np0']);
				expect(whereAmI.code).toBe(0);
				expect(whereAmI.stdout).toContain('198.18.0.1/24');
				// The SSH session really is one: sshd sets SSH_CONNECTION.
				const env = await provider.exec(pair!.client, ['printenv', 'SSH_CONNECTION']);
				expect(env.stdout).toMatch(/^198\.19\.\d+\.\d+ \d+ 198\.19\./);

				// One 1 s test (`-O 0`: at the lab's RTT the flow is at its cap within milliseconds); a cap bounds from
				// above, so a run other programs starved below 90% of it (0.896 once at load average 7) is measured
				// again, up to five runs, the best kept. The server serves them one after another.
				const server = await provider.startBackground(pair!.server, ['iperf3', '-s']);
				const runs: number[] = [];
				let gbps = 0;
				for (let attempt = 0; attempt < 50 && runs.length < 5 && gbps < 0.9 * 0.955; attempt++) {
					const result = await provider.exec(
						pair!.client,
						['iperf3', '-c', pair!.server.address, '-t', '1', '-O', '0', '-J'],
						{timeoutMs: 20_000},
					);
					const report = parseIperf3(result.stdout, result.stderr, result.code);
					if (report.ok) {
						runs.push(report.gbps);
						gbps = Math.max(gbps, report.gbps);
					} else if (!/refused|busy/i.test(report.error)) throw new Error(report.error);
				}

				await server.stop();
				console.info(`lab over SSH, flow cap 1 Gbit: single ${runs.map((run) => run.toFixed(3)).join('/')}`);
				expect(Math.abs(gbps - 0.955) / 0.955).toBeLessThan(0.1);
			} finally {
				const report = await provider.teardown(id);
				expect(report).toEqual({complete: true, left: []});
			}

			console.info(
				events.map((event) => `${event.at} ms ${event.type} ${'kind' in event ? event.kind : ''}`).join('\n'),
			);
			const keyFolder = events.find((event) => event.type === 'resource-created' && event.kind === 'key-folder');
			expect(keyFolder?.type === 'resource-created' && existsSync(keyFolder.id)).toBe(false);
			expect(keyFolder).toBeDefined();
			const links = execFileSync('ip', ['-o', 'link', 'show'], {encoding: 'utf8'});
			expect(links).not.toContain(managementLinkName(id, 0, 'srv'));
			expect(links).not.toContain(managementLinkName(id, 0, 'cli'));
			const sshds = execFileSync('ps', ['-eo', 'args'], {encoding: 'utf8'})
				.split('\n')
				.filter((line) => line.includes('sshd') && line.includes(`sshd-${id}`));
			expect(sshds).toEqual([]);
			expect(existsSync(`/run/netns/${id}-0-srv`)).toBe(false);
		});
	},
	{overSsh: true},
);

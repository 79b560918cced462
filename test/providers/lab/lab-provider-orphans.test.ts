// A crashed run's leftovers: a provider whose owner process is gone provisions and never tears down;
// findOrphans sees its namespaces and delay line, deleteOrphans leaves nothing of it.
import {spawnSync} from 'node:child_process';
import {expect, it} from 'vitest';
import {createLabProvider} from '../../../source/providers/lab/index.js';
import {delayLineProcesses, listNamespaces} from '../../../source/providers/lab/namespaces.js';
import {describeLab} from '../../helpers/lab.js';

describeLab('lab orphans', () => {
	it('finds what a crashed run left and deletes all of it', async () => {
		// The "crashed" owner: a process that has already exited.
		const dead = spawnSync('true');
		expect(dead.pid).toBeGreaterThan(0);
		const crashed = createLabProvider({ownerPid: dead.pid});
		const id = `np-o${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}`;
		const live = createLabProvider();
		const liveId = `${id}-live`;
		try {
			await crashed.provision(
				{shape: 'custom', placements: ['default', 'cluster'], lab: {aggregateCapGbps: 1, rttMs: 1}},
				id,
			);
			await live.provision({shape: 'custom', placements: ['default'], lab: {aggregateCapGbps: 1}}, liveId);

			const orphans = (await live.findOrphans()).filter((orphan) => orphan.runId === id);
			const namespaces = orphans
				.filter((orphan) => orphan.kind === 'namespace')
				.map((orphan) => orphan.id)
				.sort();
			expect(namespaces).toEqual([`${id}-0-cli`, `${id}-0-srv`, `${id}-1-cli`, `${id}-1-srv`]);
			// One delay line in each namespace of each pair with an RTT (TCP and ICMP are delayed both ways).
			expect(orphans.filter((orphan) => orphan.kind === 'process')).toHaveLength(4);
			expect(orphans.every((orphan) => orphan.deleteCommand.length > 0)).toBe(true);
			// A run whose owner is alive is never an orphan.
			expect((await live.findOrphans()).some((orphan) => orphan.runId === liveId)).toBe(false);

			const report = await live.deleteOrphans(orphans);
			expect(report).toEqual({complete: true, left: []});
			expect((await live.findOrphans()).filter((orphan) => orphan.runId === id)).toEqual([]);
			expect(
				(await listNamespaces('ip')).filter((name) => name.startsWith(`${id}-`) && !name.startsWith(liveId)),
			).toEqual([]);
			expect(delayLineProcesses().filter((entry) => entry.prefix === id)).toEqual([]);
			expect((await listNamespaces('ip')).filter((name) => name.startsWith(liveId))).toHaveLength(2);
		} finally {
			await crashed.teardown(id);
			expect((await live.teardown(liveId)).complete).toBe(true);
		}
	});
});

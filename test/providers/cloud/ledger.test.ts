import {describe, expect, it} from 'vitest';
import {deleteOrphansInOrder, ResourceLedger} from '../../../source/providers/ledger.js';
import type {Orphan} from '../../../source/providers/provider.js';

const orphan = (kind: string, id: string): Orphan => ({
	kind,
	id,
	runId: 'np-old',
	deleteCommand: `delete ${kind} ${id}`,
});

describe('ResourceLedger', () => {
	it('tears down newest first, keeps going past a failure, and reports it with its command', async () => {
		const ledger = new ResourceLedger();
		const done: string[] = [];
		for (const id of ['key', 'group', 'instance']) {
			ledger.record({
				kind: id,
				id,
				deleteCommand: `rm ${id}`,
				remove: async () => {
					if (id === 'group') throw new Error('DependencyViolation\nmore text');
					done.push(id);
				},
			});
		}

		const report = await ledger.teardown();
		expect(done).toEqual(['instance', 'key']);
		expect(report).toEqual({
			complete: false,
			left: [{kind: 'group', id: 'group', deleteCommand: 'rm group', error: 'DependencyViolation'}],
		});
		expect(await ledger.teardown()).toBe(report);
	});
});

describe('deleteOrphansInOrder', () => {
	it('deletes by kind order (unknown kinds last), each step guarded', async () => {
		const done: string[] = [];
		const report = await deleteOrphansInOrder(
			[
				orphan('key-pair', 'k'),
				orphan('mystery', 'm'),
				orphan('instance', 'i1'),
				orphan('placement-group', 'p'),
				orphan('instance', 'i2'),
			],
			['instance', 'placement-group', 'key-pair'],
			async (item) => {
				if (item.kind === 'placement-group') throw new Error('still in use');
				done.push(item.id);
			},
		);
		expect(done.slice(0, 2).sort()).toEqual(['i1', 'i2']);
		expect(done.slice(2)).toEqual(['k', 'm']);
		expect(report.complete).toBe(false);
		expect(report.left).toEqual([
			{kind: 'placement-group', id: 'p', deleteCommand: 'delete placement-group p', error: 'still in use'},
		]);
	});
});

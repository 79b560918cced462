// `netplace cleanup --provider oci` must see every page of every list call: a leftover on page two is
// still billed.

import {describe, expect, it} from 'vitest';
import type {OciClients} from '../../../source/providers/oci/clients.js';
import {findOciOrphans} from '../../../source/providers/oci/orphans.js';

type Item = {id: string; lifecycleState: string; freeformTags: Record<string, string>};

/** A list call answering in pages of two, OCI's way: `page` in the request, `opcNextPage` in the response. */
function paged(items: readonly Item[], seen: Array<string | undefined>) {
	return async (request: {page?: string}) => {
		seen.push(request.page);
		const start = Number(request.page ?? '0');
		const next = start + 2;
		return {items: items.slice(start, next), ...(next < items.length ? {opcNextPage: String(next)} : {})};
	};
}

const tagged = (id: string, run: string | null, state = 'RUNNING'): Item => ({
	id,
	lifecycleState: state,
	freeformTags: run === null ? {} : {'netplace-run': run},
});

describe('findOciOrphans reads every page', () => {
	it('finds tagged resources past the first page, and only live tagged ones', async () => {
		const instancePages: Array<string | undefined> = [];
		const instances = [
			tagged('ocid1.instance.a', null),
			tagged('ocid1.instance.b', null),
			tagged('ocid1.instance.c', null),
			tagged('ocid1.instance.d', 'np-old-1'),
			tagged('ocid1.instance.e', 'np-old-1', 'TERMINATED'),
		];
		const vcns = [tagged('ocid1.vcn.a', null), tagged('ocid1.vcn.b', null), tagged('ocid1.vcn.c', 'np-old-1')];
		// A console snapshot a crashed run left (states REQUESTED, GETTING-HISTORY, SUCCEEDED, FAILED): on page two.
		const histories = [
			tagged('ocid1.consolehistory.a', null, 'SUCCEEDED'),
			tagged('ocid1.consolehistory.b', null, 'SUCCEEDED'),
			tagged('ocid1.consolehistory.c', 'np-old-1', 'SUCCEEDED'),
		];
		const none = paged([], []);
		const clients = {
			compute: {listInstances: paged(instances, instancePages), listConsoleHistories: paged(histories, [])},
			clusterPlacementGroups: {
				listClusterPlacementGroups: async () => ({clusterPlacementGroupCollection: {items: []}}),
			},
			virtualNetwork: {
				listSubnets: none,
				listRouteTables: none,
				listSecurityLists: none,
				listInternetGateways: none,
				listVcns: paged(vcns, []),
			},
		} as unknown as OciClients;

		const orphans = await findOciOrphans(clients, 'ocid1.compartment.x', 'us-ashburn-1');
		expect(orphans.map((orphan) => orphan.id)).toEqual(['ocid1.consolehistory.c', 'ocid1.instance.d', 'ocid1.vcn.c']);
		expect(instancePages).toEqual([undefined, '2', '4']);
		expect(orphans.every((orphan) => orphan.runId === 'np-old-1')).toBe(true);
	});
});

// Which saved imports are evidence and how they make a cell (probe/imported-evidence.ts, imported-saved.ts):
// the probe's own rules for a test that stands for the network, each refusal said, and a hand-edited file a
// problem, never a figure.

import {describe, expect, it} from 'vitest';
import {importedMeasurements, notEvidenceReason, type SavedImport} from '../../source/probe/imported-evidence.js';
import {savedImportOf} from '../../source/probe/imported-saved.js';

const saved = (overrides: Partial<SavedImport> = {}): SavedImport => ({
	id: 'im-a-01',
	savedAt: '2026-12-01T10:00:00.000Z',
	cloud: 'aws',
	shape: 'c5n.9xlarge',
	placement: 'default',
	path: 'same-zone',
	stock: true,
	region: 'us-east-1',
	format: 'iperf3',
	direction: 'forward',
	streams: 1,
	gbps: 4.8,
	seconds: 10,
	error: null,
	limit: 'per-flow-cap',
	minRttMs: 0.09,
	overlay: null,
	...overrides,
});

describe('which saved tests are evidence', () => {
	it('a finished same-zone test on a catalogue shape is', () => {
		expect(notEvidenceReason(saved())).toBeNull();
		expect(notEvidenceReason(saved({limit: 'none-known', direction: 'reverse', streams: 8}))).toBeNull();
	});

	it.each([
		[{format: 'netplace'}, /evidence already, in the results store/],
		[{cloud: ''}, /no cloud shape known/],
		[{path: 'cross-region'}, /cross-region path, not between hosts of one zone/],
		[{stock: false}, /ENA Express or Tier_1/],
		[{direction: 'bidir-forward'}, /one direction of a --bidir test/],
		[{overlay: 'the pod network'}, /through the pod network, not the instances' own network/],
		[{gbps: null}, /no plausible received figure/],
		[{gbps: 20_000}, /no plausible received figure/],
		[{error: 'unable to connect'}, /no plausible received figure/],
		[{seconds: 1}, /ran 1 s \(the shortest stable test is 2 s\)/],
		[{limit: 'cpu'}, /CPU-bound: it measured its host/],
		[{limit: 'loss'}, /loss-heavy/],
		[{limit: 'window'}, /its window bound it/],
		[{limit: 'mtu'}, /stalled/],
		[{limit: 'failed'}, /failed/],
	] as const)('%o is not: %s', (change, reason) => {
		expect(notEvidenceReason(saved(change as Partial<SavedImport>))).toMatch(reason);
	});
});

describe('the cell the saved tests make', () => {
	it('one flow from the latest 1-stream test, the aggregate from the latest of several, the lowest RTT', () => {
		const [cell, ...more] = importedMeasurements([
			saved({id: 'im-a-01', gbps: 4.8, minRttMs: 0.09}),
			saved({id: 'im-b-01', savedAt: '2026-12-02T10:00:00.000Z', gbps: 4.7, minRttMs: 0.12}),
			saved({id: 'im-b-02', savedAt: '2026-12-02T10:00:00.000Z', streams: 8, gbps: 24.5, minRttMs: 0.3}),
			saved({id: 'im-c-01', streams: 8, gbps: 40, limit: 'cpu'}),
		]);
		expect(more).toEqual([]);
		expect(cell).toMatchObject({
			cloud: 'aws',
			shape: 'c5n.9xlarge',
			placement: 'default',
			region: 'us-east-1',
			singleFlowGbps: 4.7,
			aggregateGbps: 24.5,
			streams: 8,
			rttMs: 0.12,
			source: 'imported',
			samples: 1,
			runId: 'im-b-02',
			measuredAt: '2026-12-02T10:00:00.000Z',
		});
	});

	it('a shape outside the study keeps no published figure it does not have', () => {
		const [cell] = importedMeasurements([saved()]);
		expect(cell).toMatchObject({publishedGbps: null, publishedKind: 'measured-only', aggregateGbps: null});
	});
});

describe('a saved file read back', () => {
	const entry = () => ({
		version: 1,
		savedAt: '2026-12-01T10:00:00.000Z',
		footing: 'imported',
		test: {
			format: 'iperf3',
			direction: 'forward',
			streams: 1,
			gbps: 4.8,
			seconds: 10,
			error: null,
			tcp: {minRttMs: 0.09},
			place: null,
		},
		configuration: {
			cloud: 'aws',
			shape: 'c5n.9xlarge',
			placement: 'default',
			ocpus: null,
			options: {enaExpress: false, tier1: false},
			streams: 1,
			path: 'same-zone',
		},
		attribution: {limit: 'per-flow-cap', evidence: [], footing: 'measured'},
	});

	it('gives the fields the evidence reads', () => {
		expect(savedImportOf('im-a-01', entry())).toEqual(saved({region: null}));
	});

	it('a figure or field edited into another type is a problem, never a figure', () => {
		const edited = entry();
		expect(savedImportOf('x', {...edited, test: {...edited.test, gbps: '4.8'}})).toMatch(/not numbers/);
		expect(savedImportOf('x', {...edited, test: {...edited.test, overlay: 7}})).toMatch(/not numbers/);
		expect(savedImportOf('x', {...edited, configuration: {...edited.configuration, options: null}})).toMatch(
			/configuration is not one netplace wrote/,
		);
		expect(savedImportOf('x', {...edited, savedAt: 'yesterday'})).toMatch(/date or limit/);
	});

	it('an OCI Flex shape (a cell per OCPU count) or an option on is not a stock cell', () => {
		const edited = entry();
		const flex = savedImportOf('x', {...edited, configuration: {...edited.configuration, ocpus: 8}});
		expect(typeof flex !== 'string' && flex.stock).toBe(false);
	});
});

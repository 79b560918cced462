// Derived files made before validity existed (or under other rules) are rebuilt from the run files: a stored
// run whose 8-stream test was CPU-bound must not stay in the cells `advise` and `table` read just because an
// older netplace derived them and the runs folder has not changed since.

import {mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {aggregateSamples} from '../../source/probe/aggregate.js';
import {loadProbeMeasurements, resultsPaths, saveProbeRun} from '../../source/probe/probe-results.js';
import type {ProbeRun} from '../../source/probe/types.js';
import {validityRulesVersion} from '../../source/probe/validity.js';
import {loadEvidence} from '../../source/session/load-evidence.js';

/** One flow 0.95 Gbps (valid), eight 2.86 Gbps with the client's iperf3 at 99% (CPU-bound); no validity stored. */
function cpuBoundRun(): ProbeRun {
	const eight = aggregateSamples(8, [{gbps: 2.86, retransmits: 2}]);
	return {
		runId: 'np-cpu-0001',
		provider: 'lab',
		shape: 'custom',
		region: null,
		pairs: [
			{
				placement: 'default',
				published: {gbps: 3, kind: 'lab-cap'},
				results: [
					aggregateSamples(1, [{gbps: 0.95, retransmits: 0}]),
					{...eight, cpu: {client: 99, server: 20, bound: true}},
				],
				rtt: {medianMs: 2.01, avgMs: 2.05, mdevMs: 0.1},
				perFlowCeiling: {present: true, singleToAggregate: 0.33},
				percentOfPublished: 95.3,
				sustained: null,
			},
		],
		teardown: {complete: true, left: []},
		labProfile: null,
		finishedAt: '2026-11-29T22:00:00.000Z',
		settings: {streams: [1, 8], durationSeconds: 5, repeat: 1, sustainedSeconds: null, pingCount: 50},
	};
}

/** The derived files as a netplace before validity wrote them: no `rules`, the CPU-bound 8 streams counted. */
function writeStaleDerived(): void {
	const {index, cells} = resultsPaths();
	const staleIndex = JSON.parse(readFileSync(index, 'utf8')) as {rules?: number; runs: {measurements: object[]}[]};
	delete staleIndex.rules;
	for (const run of staleIndex.runs)
		run.measurements = run.measurements.map((m) => ({...m, aggregateGbps: 2.86, streams: 8}));
	writeFileSync(index, JSON.stringify(staleIndex));
	const staleCells = JSON.parse(readFileSync(cells, 'utf8')) as {rules?: number; cells: object[]};
	delete staleCells.rules;
	staleCells.cells = staleCells.cells.map((cell) => ({...cell, aggregateGbps: 2.86, streams: 8}));
	writeFileSync(cells, JSON.stringify(staleCells));
}

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'np-rules-'));
	process.env['NETPLACE_CONFIG_DIR'] = dir;
});
afterEach(() => {
	delete process.env['NETPLACE_CONFIG_DIR'];
	rmSync(dir, {recursive: true, force: true});
});

describe('derived results under the validity rules', () => {
	it('cells derived before validity existed are derived again: the CPU-bound test leaves the evidence', async () => {
		await saveProbeRun(cpuBoundRun());
		const fresh = (await loadProbeMeasurements()).measurements;
		expect(fresh.map((cell) => [cell.singleFlowGbps, cell.aggregateGbps])).toEqual([[0.95, null]]);
		expect(JSON.parse(readFileSync(resultsPaths().cells, 'utf8')).rules).toBe(validityRulesVersion);

		const mtime = statSync(resultsPaths().runs).mtimeMs;
		writeStaleDerived();
		// The runs folder did not move: only the rules tell the stale files apart.
		expect(statSync(resultsPaths().runs).mtimeMs).toBe(mtime);
		const evidence = await loadEvidence();
		const probe = evidence.measurements.filter((measurement) => measurement.source === 'probe');
		expect(probe.map((cell) => [cell.singleFlowGbps, cell.aggregateGbps])).toEqual([[0.95, null]]);
		expect((await loadProbeMeasurements()).measurements.map((cell) => cell.aggregateGbps)).toEqual([null]);
		// Rebuilt and written back under the current rules.
		expect(JSON.parse(readFileSync(resultsPaths().cells, 'utf8')).rules).toBe(validityRulesVersion);
		expect(JSON.parse(readFileSync(resultsPaths().index, 'utf8')).rules).toBe(validityRulesVersion);
	});
});

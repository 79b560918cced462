// A probe run -> the advisor's evidence: one Measurement per pair (source 'probe'; lab runs carry
// cloud 'lab' and their profile; your own hosts the cloud of the shape they were named as, same zone only; a k8s
// pod-network run is marked as the pod network's, with its CNI), from its valid tests only (validity.ts; older runs get it derived), through
// the same conclusion the sweep's text states (sweep.ts streamsConclusion), so the advice cannot disagree with it. RTT is the ping median (robust to the spikes ping shows under load),
// jitter the ping mdev. A lab pair is named by the cell its profile reproduces (results-cells.ts labCell),
// so the wizard's and the CLI's runs of one profile are one cell.

import type {Measurement} from '../domain/types.js';
import {hostReading} from './host-settings.js';
import {labCell} from './results-cells.js';
import {podNetworkOf, runCell, runIsCellEvidence} from './run-cloud.js';
import {streamsConclusion} from './sweep.js';
import type {ProbeRun} from './types.js';
import {validResults} from './validity.js';

export function toMeasurements(run: ProbeRun): Measurement[] {
	const cell = runCell(run);
	// Your own hosts count only as a named shape's same-zone cell (run-cloud.ts); otherwise they are no cell.
	if (cell === null || !runIsCellEvidence(run)) return [];
	const {cloud} = cell;
	// A k8s pod-network run is evidence of the pod network for the shape and CNI (evidence.ts keeps it apart).
	const podNetwork = podNetworkOf(run);
	const measurements: Measurement[] = [];
	for (const pair of run.pairs) {
		const {single, aggregate} = streamsConclusion(validResults(pair.results, run.settings ?? null));
		if (single === null && aggregate === null && pair.rtt === null) continue;
		const counted = [single, aggregate].filter((result) => result !== null).map((result) => result.samples);
		const lab = cloud === 'lab' ? labCell(run.labProfile, run.shape, pair.placement) : null;
		// Real hosts' settings are facts for the next answer on that shape; the lab's namespaces are no one's hosts.
		const hosts = cloud === 'lab' || !pair.hostSettings ? null : hostReading(pair.hostSettings, run.provider);
		measurements.push({
			cloud,
			shape: lab?.shape ?? cell.shape,
			placement: lab?.placement ?? pair.placement,
			region: run.region,
			singleFlowGbps: single?.gbps ?? null,
			aggregateGbps: aggregate?.gbps ?? null,
			streams: aggregate?.streams ?? 1,
			rttMs: pair.rtt?.medianMs ?? null,
			jitterMs: pair.rtt?.mdevMs ?? null,
			publishedGbps: pair.published.gbps,
			publishedKind: pair.published.kind,
			pricePerHour: null,
			source: 'probe',
			samples: counted.length > 0 ? Math.min(...counted) : (run.settings?.repeat ?? 1),
			...(lab === null ? {} : {labProfile: lab.labProfile}),
			runId: run.runId,
			...(podNetwork === null ? {} : {podNetwork}),
			...(run.finishedAt ? {measuredAt: run.finishedAt} : {}),
			...(hosts === null ? {} : {hosts}),
		});
	}

	return measurements;
}

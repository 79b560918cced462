// The notes under the advice: the burst rating that held, a k8s pod-network probe (not the node's figure), the
// one-sample footing, the stock configuration.

import {clouds} from '../domain/clouds.js';
import type {EvidenceView} from '../domain/evidence.js';
import {gbps, listed} from '../domain/format.js';
import {optionNames, type ShapeRecord, type SizeResult} from '../domain/model-types.js';
import {sustainedReference} from '../domain/study-cells.js';
import type {Cloud, Note, Workload} from '../domain/types.js';
import {awsBurstWindow} from '../sizing/documented-limits.js';
import {lazyCandidates} from '../sizing/lazy-candidates.js';
import {emptiedNote} from './empty-rules.js';
import {importedNotes} from './imported-notes.js';
import {podNetworkNote} from './pod-network-note.js';

/** Probes repeated this many times drop the one-sample caveat. */
export const repeatedSamples = 3;

function burstHeld(): Note {
	const run = sustainedReference;
	const blocks = run.blockGbps;
	const low = Math.min(...blocks);
	const high = Math.max(...blocks);
	const blockRange =
		low === high
			? `${gbps(low)} Gbps in every ${String(run.blockSeconds)} s block`
			: `${gbps(low)} to ${gbps(high)} Gbps per ${String(run.blockSeconds)} s block`;
	return {
		id: 'c8g-burst-held',
		text:
			`${run.shape} held its ${gbps(run.peakGbps)} Gbps peak for ${String(run.durationSeconds)} s (${blockRange}, slowest second ${gbps(run.slowestSecondGbps)}, ` +
			`last 10 s at ${String(run.lastOverFirst)} of the first; one flow stayed at ${String(run.singleFlowGbps)}): for a transfer of up to five minutes budget for the peak. ` +
			`Past that a plan rests on the shape's baseline (the ${gbps(run.baselineGbps)} Gbps baseline on ${run.shape}), since burst credits are documented to last ${String(awsBurstWindow.minMinutes)} to ${String(awsBurstWindow.maxMinutes)} minutes and nothing longer was measured (probe it: --sustained). ` +
			'One run, default placement; not tested on c8gn.',
	};
}

function oneSample(view: EvidenceView, clouds: readonly Cloud[]): Note {
	const cells = clouds.flatMap((cloud) => view.cellsOf(cloud));
	const parts: string[] = [];
	if (cells.some((cell) => cell.source === 'reference')) {
		parts.push('Every reference figure is one sample per cell, in one zone per cloud');
	}

	const thin = cells.filter((cell) => cell.source === 'probe' && cell.samples < repeatedSamples);
	if (thin.length > 0 || cells.length === 0) {
		parts.push(
			cells.length === 0
				? 'There is no measurement here yet'
				: `${String(thin.length)} of your probe cells ran fewer than ${String(repeatedSamples)} times`,
		);
	}

	return {
		id: 'one-sample-per-cell',
		text: `${parts.join('; ')}: verify on your own workload (\`netplace probe --repeat ${String(repeatedSamples)}\`) before relying on it.`,
	};
}

/** The study's stock configuration, said for the clouds in scope: ENA Express is AWS's, Tier_1 GCP's. */
function stockConfiguration(clouds: readonly Cloud[]): Note {
	const options = [
		clouds.includes('aws') ? 'ENA Express (AWS) was not enabled' : '',
		clouds.includes('gcp') ? 'Tier_1 (GCP) was not enabled' : '',
	].filter((part) => part !== '');
	return {
		id: 'stock-configuration',
		text: `Stock configuration: ${listed([...options, 'jumbo frames were not configured'])}, so the study's single-flow figures are a floor, not a limit.`,
	};
}

/** `--cloud any`: where one flow, and the user's streams, go furthest, cloud by cloud (what carries most). */
function cloudComparison(workload: Workload, shapes: readonly ShapeRecord[], view: EvidenceView): Note | null {
	const walk = lazyCandidates(workload, shapes, view, null);
	const best = clouds.flatMap((cloud) => {
		const found = walk.best(() => true, {cloud});
		return found === undefined ? [] : [{cloud, found}];
	});
	if (best.length < 2) return null;
	const figure = (entry: (typeof best)[number]) =>
		workload.streams === 1 ? (entry.found.prediction.singleFlowGbps ?? 0) : (entry.found.prediction.aggregateGbps ?? 0);
	const sorted = [...best].sort((a, b) => figure(b) - figure(a));
	const lowest = sorted[sorted.length - 1];
	const what = workload.streams === 1 ? 'One flow' : `${String(workload.streams)} streams`;
	const footing = (entry: (typeof best)[number]) =>
		workload.streams === 1 ? entry.found.prediction.footing.singleFlow : entry.found.prediction.footing.aggregate;
	// A figure that needs an option names it wherever it is quoted ("... default with ENA Express").
	const needs = (entry: (typeof best)[number]) => {
		const names = optionNames(entry.found.configuration.options);
		return names.length === 0 ? '' : ` with ${listed(names)}`;
	};
	const parts = sorted.map(
		(entry) =>
			`${entry.cloud.toUpperCase()} ${footing(entry) === 'bound' ? 'at least ' : ''}${gbps(figure(entry))} Gbps on ${entry.found.configuration.shape} ${entry.found.configuration.placement}${needs(entry)} (${footing(entry)})`,
	);
	// A lower bound is no distance: no "N x as far" is worked out from one.
	const bounded = sorted.some((entry) => footing(entry) === 'bound');
	const further = sorted
		.filter((entry) => !bounded && lowest !== undefined && entry !== lowest && figure(lowest) > 0)
		.map(
			(entry) =>
				`${entry.cloud.toUpperCase()} ${String(Math.round((figure(entry) / figure(lowest ?? entry)) * 10) / 10)}x`,
		);
	const reach = further.length > 0 && lowest ? `: ${listed(further)} as far as ${lowest.cloud.toUpperCase()}` : '';
	return {id: 'cloud-comparison', text: `${what} goes furthest, per cloud: ${listed(parts)}${reach}.`};
}

/** An unreachable target, said plainly with what comes closest. */
function unreachable(result: SizeResult): Note | null {
	const closest = result.closest;
	if (result.meetsTarget || closest === null) return null;
	const needs = closest.needs.map((need) => need.detail);
	return {id: 'target-unreachable', text: `${closest.text}${needs.length > 0 ? ` Closest: ${listed(needs)}.` : ''}`};
}

/**
 * The recommendation is a shape of the cloud the study held a burst on (AWS), planned on its baseline,
 * bursting above it (no length given, or too long).
 */
function restsOnStudiedBaseline(result: SizeResult | null): boolean {
	const pick = result?.configurations[0];
	return (
		pick?.cloud === sustainedReference.cloud &&
		pick.predicted.restsOn === 'baseline' &&
		pick.predicted.burstGbps !== undefined
	);
}

/** True when every cell the advice reads for these clouds is the user's own probe, repeated enough. */
function repeatedProbesOnly(view: EvidenceView, clouds: readonly Cloud[]): boolean {
	const cells = clouds.flatMap((cloud) => view.cellsOf(cloud));
	return cells.length > 0 && cells.every((cell) => cell.source === 'probe' && cell.samples >= repeatedSamples);
}

export function adviceNotes(
	workload: Workload,
	view: EvidenceView,
	clouds: readonly Cloud[],
	result: SizeResult | null = null,
	shapes: readonly ShapeRecord[] = [],
): Note[] {
	const notes: Note[] = [];
	const missed = result === null ? null : unreachable(result);
	if (missed !== null) notes.push(missed);
	const emptied = emptiedNote(workload, result?.emptiedBy);
	if (emptied !== null) notes.push(emptied);
	const compared = result === null || workload.cloud !== 'any' ? null : cloudComparison(workload, shapes, view);
	if (compared !== null) notes.push(compared);
	if (clouds.includes(sustainedReference.cloud) && (workload.sustained || restsOnStudiedBaseline(result))) {
		notes.push(burstHeld());
	}

	notes.push(...importedNotes(view, clouds));
	const pod = podNetworkNote(view, clouds);
	if (pod !== null) notes.push(pod);
	if (!repeatedProbesOnly(view, clouds)) {
		notes.push(oneSample(view, clouds));
	}

	if (clouds.some((cloud) => cloud !== 'lab')) {
		notes.push(stockConfiguration(clouds));
	}

	return notes;
}

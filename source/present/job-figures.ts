// The plan on the card (DESIGN.md "The plan (model v3)"): how many pairs of hosts, how the hosts are set,
// the job's rate against its target, its time, and its bill split into instances and data transfer (with
// the price's source, or said unknown). Pure.

import {billDollars, bytesText, dollarsPerHour, durationText, gbps, streamsLabel} from '../domain/format.js';
import type {Footing, RankedConfiguration} from '../domain/model-types.js';
import type {Workload} from '../domain/types.js';

export interface CardFigure {
	readonly label: string;
	readonly value: string;
	/** How the figure is known; null for figures that are not measurements (a limit's name). */
	readonly footing: Footing | null;
	/** Set after a probe: the model's figure beside the measured one. */
	readonly predicted?: string;
}

/** "pairs of hosts: 3 (each pair runs its own share of the transfer, 8 streams)"; "hosts: tuned …". */
export function planSetup(pick: RankedConfiguration, workload: Workload): string[] {
	const pairs =
		pick.pairs === 1
			? 'pairs of hosts: 1'
			: `pairs of hosts: ${String(pick.pairs)} (each pair moves its own share of the data, ${streamsLabel(pick.streams)} a pair)`;
	return [pairs, `hosts: ${hostsText(pick, workload)}`];
}

function hostsText(pick: RankedConfiguration, workload: Workload): string {
	const {hosts} = pick;
	if (!hosts.tuned) {
		const given = [workload.tcpRmemMax, workload.tcpWmemMax, workload.rmemMax, workload.wmemMax];
		if (workload.hostsAsIs && given.every((value) => value === null))
			return "as they are (--hosts-as-is: Linux's default buffers)";
		return 'as they are (the buffers given)';
	}

	if (hosts.bufferBytes === null) return hosts.why ?? 'as they are';
	const buffers = `TCP buffers of ${String(Math.ceil(hosts.bufferBytes / 1_048_576))} MiB on both ends`;
	const untuned =
		hosts.untuned === null
			? ''
			: `; untuned, one pair carries ${gbps(hosts.untuned.aggregateGbps)} Gbps (netplace tune prints the block)`;
	return `tuned as netplace tune prints (${buffers})${untuned}`;
}

/**
 * A figure against the target: met (≥), met within the study's spread (≈, when the search counted it meeting),
 * or short (<); nothing without a target or a figure. The card's aggregate and the job's rate both say it so.
 */
export function againstTarget(figure: number | null, target: number | null, meets: boolean): string {
	if (target === null || figure === null) return '';
	if (figure >= target) return ` ≥ ${target} target ✓`;
	return meets ? ` ≈ ${target} target ✓` : ` < ${target} target ✗`;
}

/** The job's rate against the target when it takes more than one pair. */
function rateFigure(pick: RankedConfiguration, workload: Workload): CardFigure[] {
	if (pick.pairs === 1) return [];
	const rate = pick.job.rateGbps;
	const target = workload.minGbps;
	const against = againstTarget(rate, target, pick.meetsTarget);
	return [
		{
			label: `job, ${String(pick.pairs)} pairs`,
			value: `${String(pick.pairs)} x ${gbps(pick.predicted.aggregateGbps)} = ${gbps(rate)} Gbps${against}`,
			footing: pick.predicted.footing.aggregate,
		},
	];
}

/** The plan's price an hour: both ends of every pair. */
function perHourFigure(pick: RankedConfiguration): CardFigure[] {
	if (pick.job.perHour === null) return [];
	const ends = pick.pairs === 1 ? '2 hosts' : `2 hosts x ${String(pick.pairs)} pairs`;
	return [{label: 'plan price', value: `${dollarsPerHour(pick.job.perHour)} (${ends})`, footing: null}];
}

/** `--transfer`: how long the job takes, and its bill: instances, data transfer, total. */
function billFigures(pick: RankedConfiguration, workload: Workload): CardFigure[] {
	const transfer = pick.transfer;
	const cost = pick.job.cost;
	if (transfer === undefined || cost === null) return [];
	const atMost = transfer.footing === 'bound' ? 'at most ' : '';
	const within = workload.withinSeconds === null ? '' : `, within ${durationText(workload.withinSeconds)}`;
	const verdict = transfer.withinTime === null ? '' : transfer.withinTime ? `${within} ✓` : `: not${within.slice(1)} ✗`;
	const duration =
		transfer.seconds === null ? 'an unknown time (no aggregate figure)' : `${atMost}${durationText(transfer.seconds)}`;
	const instances =
		cost.instances === null
			? 'unknown (no price or no aggregate figure)'
			: `${atMost}${billDollars(cost.instances)} (${pick.job.perHour === null ? '' : dollarsPerHour(pick.job.perHour)} for ${duration})`;
	const price = cost.dataTransferPrice;
	const dataTransfer =
		cost.dataTransfer === null || price === undefined
			? `unknown: ${cost.dataTransferUnknown ?? 'no source prices it'}`
			: `${billDollars(cost.dataTransfer)} (${bytesText(transfer.bytes)} x $${String(Number(price.usdPerGB.toPrecision(3)))}/GB, ${price.chargedOn})`;
	const total =
		cost.total === null
			? `unknown (${cost.instances === null ? 'the instances' : 'the data transfer'} unknown)`
			: `${atMost}${billDollars(cost.total)}`;
	return [
		{label: 'transfer', value: `${bytesText(transfer.bytes)} in ${duration}${verdict}`, footing: transfer.footing},
		{label: 'bill: instances', value: instances, footing: cost.instances === null ? 'unknown' : transfer.footing},
		{label: 'bill: data transfer', value: dataTransfer, footing: cost.dataTransfer === null ? 'unknown' : 'documented'},
		{label: 'bill: total', value: total, footing: cost.total === null ? 'unknown' : transfer.footing},
	];
}

/** The plan's figures after the pair's own: the job's rate, the plan's price an hour, the time and the bill. */
export function planFigures(pick: RankedConfiguration, workload: Workload): CardFigure[] {
	return [...rateFigure(pick, workload), ...perHourFigure(pick), ...billFigures(pick, workload)];
}

/** The data-transfer price's basis (where, the rate, who pays, the source and its date), under the card. */
export function planBasis(pick: RankedConfiguration): string[] {
	const price = pick.job.cost?.dataTransferPrice;
	return price === undefined ? [] : [`data transfer: ${price.basis}`];
}

// Measurements `netplace explain --save` kept (stores/imported-store.ts) -> the advisor's evidence, footed
// `imported` (pure). A saved test counts as a probe's test would (validity.ts): it must have run on a shape the
// catalogue names, between two hosts of one zone, stock (no ENA Express, no Tier_1), long enough, and the limit
// explain found must be the network's: a failed test, a stall (MTU), a CPU-bound end or a loss-heavy test is not
// evidence, and neither is a window set by the test's own buffers (the hosts, not the cloud), a direction of a
// --bidir test (the other direction ran over it), a figure through a pod network or a Service (k8s-netperf: not
// the instances' own network) or a netplace result (the results store holds it already).
// The saved tests of one cell make one Measurement: one flow from its latest 1-stream test, the aggregate from
// its latest test of several streams, the RTT the lowest the senders saw (TCP's min_rtt, the path's base RTT).
// A probe of the same cell stands over it (domain/evidence.ts).

import {isRealCloud, placements} from '../domain/clouds.js';
import {gbps} from '../domain/format.js';
import {referenceCell} from '../domain/study-cells.js';
import type {Measurement, Placement} from '../domain/types.js';
import {maxPlausibleGbps} from './explain-import.js';
import {minTestSeconds} from './validity.js';

/** The fields of a saved import this reads (stores/imported-store.ts writes them; session/explain-save.ts). */
export interface SavedImport {
	readonly id: string;
	readonly savedAt: string;
	readonly cloud: string;
	readonly shape: string;
	readonly placement: string;
	readonly path: string;
	readonly stock: boolean;
	readonly region: string | null;
	readonly format: string;
	readonly direction: string;
	readonly streams: number;
	readonly gbps: number | null;
	readonly seconds: number | null;
	readonly error: string | null;
	readonly limit: string;
	readonly minRttMs: number | null;
	/** What the traffic crossed besides the hosts' own network (ImportedTest.overlay); null: nothing. */
	readonly overlay: string | null;
}

/** Limits that say the figure is not the network's (explain-limit.ts): the probe sets such tests aside. */
const notNetwork: Readonly<Record<string, string>> = {
	failed: 'the test failed',
	mtu: 'it stalled (an MTU black hole)',
	cpu: 'an end was CPU-bound: it measured its host',
	loss: 'it was loss-heavy (the probe sets such a test aside)',
	window: "its window bound it: it measured the hosts' buffers, not the cloud",
};

/** Why a saved test is not evidence; null when it is. */
export function notEvidenceReason(saved: SavedImport): string | null {
	if (saved.format === 'netplace') return 'a netplace result is evidence already, in the results store';
	if (!isRealCloud(saved.cloud)) return 'no cloud shape known for it (--shape names one)';
	if (!placements.includes(saved.placement as Placement)) return `no placement known for it`;
	if (saved.path !== 'same-zone') return `it ran over the ${saved.path} path, not between hosts of one zone`;
	if (!saved.stock) return 'it ran with ENA Express or Tier_1 (the evidence is the stock configuration)';
	if (saved.overlay !== null) return `it ran through ${saved.overlay}, not the instances' own network`;
	if (saved.direction !== 'forward' && saved.direction !== 'reverse')
		return 'it is one direction of a --bidir test (the other ran over it)';
	const figure = saved.gbps;
	if (saved.error !== null || figure === null || !(figure > 0 && figure <= maxPlausibleGbps))
		return 'it holds no plausible received figure';
	if (!Number.isInteger(saved.streams) || saved.streams < 1) return 'its stream count is not a count';
	if (saved.seconds !== null && saved.seconds < minTestSeconds)
		return `it ran ${saved.seconds} s (the shortest stable test is ${minTestSeconds} s)`;
	return notNetwork[saved.limit] ?? null;
}

const later = (a: SavedImport, b: SavedImport): SavedImport =>
	b.savedAt > a.savedAt || (b.savedAt === a.savedAt && (b.gbps ?? 0) > (a.gbps ?? 0)) ? b : a;

function latestOf(tests: readonly SavedImport[]): SavedImport | null {
	return tests.length === 0 ? null : tests.reduce(later);
}

function cellMeasurement(tests: readonly SavedImport[]): Measurement {
	const single = latestOf(tests.filter((test) => test.streams === 1));
	const aggregate = latestOf(tests.filter((test) => test.streams > 1));
	const used = [single, aggregate].filter((test): test is SavedImport => test !== null);
	const newest = used.reduce(later);
	const rtts = used.map((test) => test.minRttMs).filter((rtt): rtt is number => rtt !== null && rtt > 0);
	const cloud = newest.cloud as Measurement['cloud'];
	const placement = newest.placement as Placement;
	const published = referenceCell(cloud, newest.shape, placement)?.published;
	return {
		cloud,
		shape: newest.shape,
		placement,
		region: used.map((test) => test.region).find((region) => region !== null) ?? null,
		singleFlowGbps: single?.gbps ?? null,
		aggregateGbps: aggregate?.gbps ?? null,
		streams: aggregate?.streams ?? 1,
		rttMs: rtts.length === 0 ? null : Math.min(...rtts),
		jitterMs: null,
		publishedGbps: published?.figure.value ?? null,
		publishedKind: published?.kind ?? 'measured-only',
		pricePerHour: null,
		source: 'imported',
		samples: 1,
		runId: newest.id,
		measuredAt: newest.savedAt,
	};
}

/** The saved tests that are evidence, one Measurement per cell (`cloud/shape/placement`). */
export function importedMeasurements(saved: readonly SavedImport[]): Measurement[] {
	const byCell = new Map<string, SavedImport[]>();
	for (const test of saved) {
		if (notEvidenceReason(test) !== null) continue;
		const key = `${test.cloud}/${test.shape}/${test.placement}`;
		byCell.set(key, [...(byCell.get(key) ?? []), test]);
	}

	return [...byCell.values()].map(cellMeasurement);
}

/** "imported evidence for aws c5n.9xlarge default: 9.6 Gbps one flow" — what a saved test adds, for --save's line. */
export function evidenceText(saved: SavedImport): string {
	const what = saved.streams === 1 ? 'one flow' : `${saved.streams} streams`;
	return `evidence for ${saved.cloud} ${saved.shape} ${saved.placement}: ${gbps(saved.gbps ?? 0)} Gbps, ${what}, footed imported`;
}

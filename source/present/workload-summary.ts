// One line restating a workload, for both faces (result screen header, `advise` text, `profiles list`). Pure.

import {liveMigrationClouds} from '../domain/clouds.js';
import {bytesText, durationText, streamsLabel} from '../domain/format.js';
import {defaultWorkload, type Workload} from '../domain/types.js';
import {cloudLabels} from './labels.js';

/** The path when it is not the default one zone, and the figures the user gave for it. */
function pathParts(workload: Workload): string[] {
	const parts: string[] = workload.path === 'same-zone' ? [] : [workload.path];
	if (workload.toRegion !== null) parts.push(`${workload.region ?? 'the price region'} → ${workload.toRegion}`);
	if (workload.rttMs !== null) parts.push(`RTT ${workload.rttMs} ms`);
	if (workload.lossPercent !== null) parts.push(`loss ${workload.lossPercent}%`);
	if (workload.hostsAsIs) parts.push('hosts as they are');
	if (workload.maxPairs !== defaultWorkload.maxPairs) parts.push(`at most ${String(workload.maxPairs)} pairs`);
	return parts;
}

/** "AWS, 2 streams, latency-sensitive, at least 40 Gbps, sustained > 5 min". */
export function workloadSummary(workload: Workload): string {
	const parts = [cloudLabels[workload.cloud], streamsLabel(workload.streams)];
	if (workload.latencySensitive) parts.push('latency-sensitive');
	if (workload.faultIsolation) parts.push('fault isolation');
	if (workload.minGbps !== null) parts.push(`at least ${workload.minGbps} Gbps`);
	const transfer = transferText(workload);
	if (transfer !== null) parts.push(transfer);
	if (workload.sustained) parts.push('sustained > 5 min');
	// The question is asked, and said, only when a cloud in scope has a placement that costs it (GCP).
	if (workload.keepLiveMigration && liveMigrationClouds(workload.cloud).length > 0) {
		parts.push('keep live migration');
	}

	parts.push(...pathParts(workload));
	return parts.join(', ');
}

/** "50 TB within 6.0 h", "50 TB", "within 90 min", or null when the workload says neither. */
export function transferText(workload: Pick<Workload, 'transferBytes' | 'withinSeconds'>): string | null {
	const volume = workload.transferBytes === null ? null : bytesText(workload.transferBytes);
	const time = workload.withinSeconds === null ? null : `within ${durationText(workload.withinSeconds)}`;
	if (volume === null && time === null) return null;
	return [volume, time].filter((part) => part !== null).join(' ');
}

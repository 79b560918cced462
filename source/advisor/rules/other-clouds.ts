// GCP collocation and OCI cluster placement: the placement steps outside AWS, with fault isolation honoured
// (a COLLOCATED policy or a cluster group packs hosts together). GCP's spread policy and Tier_1, and OCI's
// fault domains, are in gcp-oci-options.ts.

import {placementAvailabilityOf, studyShapes} from '../catalogue.js';
import {present, rttFigure, throughputFigure} from '../evidence.js';
import {factor, gbps, ms, percent} from '../format.js';
import type {Rule} from './context.js';

export const collocate: Rule = (context) => {
	if (!context.clouds.includes('gcp')) {
		return null;
	}

	const {workload, view} = context;
	const before = view.cell('gcp', studyShapes.gcp, 'default');
	const after = view.cell('gcp', studyShapes.gcp, 'collocated');
	const requirement = placementAvailabilityOf('gcp', 'collocated')?.requires ?? 'onHostMaintenance=TERMINATE';
	const rtt =
		before?.rttMs !== null && before?.rttMs !== undefined && after?.rttMs !== null && after?.rttMs !== undefined
			? `RTT ${ms(before.rttMs)} -> ${ms(after.rttMs)} ms (${factor(before.rttMs / after.rttMs, 1)})`
			: 'a shorter round trip';
	const rttEvidence = present([before && rttFigure(before), after && rttFigure(after)]);
	if (workload.faultIsolation) {
		return {
			id: 'collocate',
			verdict: 'avoid',
			title: 'Do not collocate on GCP: it works against the fault isolation you need',
			why: `a COLLOCATED policy packs the instances close together, the opposite of isolation; it would buy ${rtt}`,
			evidence: rttEvidence,
		};
	}

	if (workload.latencySensitive && !workload.keepLiveMigration) {
		return {
			id: 'collocate',
			verdict: 'do',
			title: 'Collocate the GCP instances (COLLOCATED placement policy)',
			why: `${rtt}; needs ${requirement}, so instances stop for host maintenance instead of live-migrating`,
			evidence: rttEvidence,
		};
	}

	if (workload.latencySensitive) {
		return {
			id: 'collocate',
			verdict: 'consider',
			title: 'Collocation on GCP trades live migration for latency',
			why: `${rtt}, but it needs ${requirement}, which gives up the live migration you want to keep: choose one`,
			evidence: rttEvidence,
		};
	}

	const throughput =
		before?.aggregateGbps !== null &&
		before?.aggregateGbps !== undefined &&
		after?.aggregateGbps !== null &&
		after?.aggregateGbps !== undefined
			? `${gbps(after.aggregateGbps)} against ${gbps(before.aggregateGbps)} Gbps`
			: 'no throughput figure';
	return {
		id: 'collocate',
		verdict: 'avoid',
		title: 'Do not collocate on GCP for throughput',
		why: `${throughput}: no measurable throughput gain, and it costs live migration (${requirement})`,
		evidence: present([before && throughputFigure(before, 'aggregate'), after && throughputFigure(after, 'aggregate')]),
	};
};

export const ociClusterPlacement: Rule = (context) => {
	if (!context.clouds.includes('oci')) {
		return null;
	}

	const availability = placementAvailabilityOf('oci', 'cluster');
	const refusal = availability?.refusal ?? 'a refusal';
	const checked = availability ? ` (checked ${availability.verifiedOn})` : '';
	const cell = context.view.cell('oci', studyShapes.oci, 'default');
	const evidence = present([
		cell && throughputFigure(cell, 'single'),
		cell && throughputFigure(cell, 'aggregate'),
		cell && rttFigure(cell),
	]);
	const api = `the cluster placement group API answered ${refusal}${checked}`;
	if (context.workload.faultIsolation) {
		return {
			id: 'oci-cluster-placement',
			verdict: 'avoid',
			title: 'Do not ask for OCI cluster placement: it works against the fault isolation you need',
			why: `a cluster placement group packs hosts together; ${api}; use fault domains instead`,
			evidence,
		};
	}

	if (!context.workload.latencySensitive) {
		const share =
			cell?.singleFlowGbps != null && cell.aggregateGbps ? percent(cell.singleFlowGbps / cell.aggregateGbps) : 'most';
		return {
			id: 'oci-cluster-placement',
			verdict: 'not-needed',
			title: 'OCI cluster placement is not needed for throughput',
			why: `one flow already reached ${share} of the aggregate (no per-flow ceiling for a cluster group to lift); ${api}, so its effect is unmeasured`,
			evidence,
		};
	}

	return {
		id: 'oci-cluster-placement',
		verdict: 'consider',
		title: 'OCI cluster placement for latency: confirm with Oracle that your tenancy has it',
		why: `${api}: confirm with Oracle before designing around it; its effect on latency is unmeasured`,
		evidence,
	};
};

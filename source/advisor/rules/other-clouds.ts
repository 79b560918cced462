// GCP collocation and OCI cluster placement: the placement steps outside AWS.

import {placementAvailabilityOf, studyShapes} from '../catalogue.js';
import {present, rttFigure, throughputFigure} from '../evidence.js';
import {factor, gbps, ms} from '../format.js';
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
	return {
		id: 'oci-cluster-placement',
		verdict: 'consider',
		title: 'OCI cluster placement: confirm with Oracle that your tenancy has it',
		why: `the cluster placement group API answered ${refusal}${checked}: confirm with Oracle before designing around it; its effect is unmeasured`,
		evidence: present([cell && throughputFigure(cell, 'aggregate'), cell && rttFigure(cell)]),
	};
};

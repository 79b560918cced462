// The steps GCP and OCI add: GCP's spread placement policy and OCI's fault domains when correlated
// failure is the risk, and GCP Tier_1 networking when the target needs a higher per-VM egress cap.

import type {Candidate} from '../../sizing/rank.js';
import {gbps} from '../format.js';
import type {Rule} from './context.js';
import {configurationName, deliveryWords, streamsWords} from './model-words.js';

const onCloud = (cloud: string) => (candidate: Candidate) => candidate.configuration.cloud === cloud;

export const gcpSpread: Rule = (context) => {
	const view = context.sizing;
	if (!context.clouds.includes('gcp') || !context.workload.faultIsolation || view === null) return null;
	const best = view.best((candidate) => onCloud('gcp')(candidate) && view.allowed(candidate), {cloud: 'gcp'});
	const yours =
		best === undefined
			? 'no GCP shape in scope fits'
			: `with ${streamsWords(context.workload.streams)} ${configurationName(best)} gives ${deliveryWords(best.prediction, context.workload.streams)}`;
	return {
		id: 'gcp-spread',
		verdict: 'do',
		title: 'Use a GCP spread placement policy: the instances on distinct hardware',
		why: `a spread (availability-domain) resource policy keeps the pair apart, so one host failure takes out one; the study did not measure it, so throughput is modelled as at default: ${yours}`,
		evidence: [],
	};
};

export const ociFaultDomains: Rule = (context) => {
	const view = context.sizing;
	if (!context.clouds.includes('oci') || !context.workload.faultIsolation || view === null) return null;
	const best = view.best((candidate) => onCloud('oci')(candidate) && view.allowed(candidate), {cloud: 'oci'});
	const yours =
		best === undefined
			? 'no OCI shape in scope fits'
			: `with ${streamsWords(context.workload.streams)} ${configurationName(best)} gives ${deliveryWords(best.prediction, context.workload.streams)}`;
	return {
		id: 'oci-fault-domains',
		verdict: 'do',
		title: 'Put the OCI instances in different fault domains',
		why: `fault domains are OCI's hardware isolation inside one availability domain, asked for at launch; the study did not measure their effect on throughput (modelled as at default): ${yours}`,
		evidence: [],
	};
};

export const tier1: Rule = (context) => {
	const view = context.sizing;
	if (!context.clouds.includes('gcp') || view === null) return null;
	const free = {tier1: null} as const;
	const gcp = onCloud('gcp');
	const withTier1 = view.bestWith(free, gcp, {cloud: 'gcp', tier1: true});
	const without = view.bestWith(free, gcp, {cloud: 'gcp', tier1: false});
	if (withTier1 === undefined) return null;
	const {streams, minGbps: target} = context.workload;
	const lifted = `${configurationName(withTier1)} gives ${deliveryWords(withTier1.prediction, streams)}`;
	const stock =
		without === undefined
			? 'nothing'
			: `${gbps(without.prediction.aggregateGbps)} Gbps (${configurationName(without)})`;
	const terms =
		'Tier_1 is an extra SKU (unpriced here, excluded from committed use discounts) on eligible shapes with gVNIC';
	if (target !== null && view.meets(withTier1) && !view.meets(without)) {
		return {
			id: 'tier1',
			verdict: 'do',
			title: `Enable Tier_1 networking: it is how GCP reaches ${gbps(target)} Gbps`,
			why: `${lifted}; default tier at most ${stock}; ${terms}`,
			evidence: [],
		};
	}

	const needless = target !== null && view.meets(without);
	return {
		id: 'tier1',
		verdict: needless ? 'not-needed' : 'consider',
		title: needless
			? `Tier_1 networking is not needed for ${gbps(target)} Gbps on GCP`
			: 'Consider Tier_1 networking on GCP for a higher per-VM egress cap',
		why: `${needless ? `default tier: ${stock} meets it` : `${lifted}, against ${stock}`}; ${terms}`,
		evidence: [],
	};
};

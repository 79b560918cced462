// ena-express (AWS): one flow up to the documented 25 Gbps with ENA Express on both ends, on supported
// shapes, inside the Region. Unmeasured by the study, so a step resting on it says so and asks for a probe.

import {awsEnaExpressFlowCap} from '../../sizing/documented-limits.js';
import type {Candidate} from '../../sizing/rank.js';
import {gbps} from '../format.js';
import type {Rule, StepDraft} from './context.js';
import {configurationName, deliveryWords} from './model-words.js';

const isAws = (candidate: Candidate) => candidate.configuration.cloud === 'aws';
const unmeasured = `documented up to ${gbps(awsEnaExpressFlowCap.gbps)} Gbps per flow, unmeasured by the study: enable it on both ends and probe (--ena-express)`;

function draft(verdict: StepDraft['verdict'], title: string, why: string): StepDraft {
	return {id: 'ena-express', verdict, title, why, evidence: []};
}

export const enaExpress: Rule = (context) => {
	const view = context.sizing;
	if (!context.clouds.includes('aws') || view === null) return null;
	const {workload} = context;
	if (workload.path === 'internet') {
		return draft(
			'not-needed',
			'ENA Express does not apply to an internet path',
			'it carries flows between instances inside one Region, not through an internet gateway or to another Region',
		);
	}

	const free = {enaExpress: null} as const;
	const withEna = view.bestWith(free, isAws, {cloud: 'aws', enaExpress: true});
	const without = view.bestWith(free, isAws, {cloud: 'aws', enaExpress: false});
	if (withEna === undefined) {
		return without === undefined
			? null
			: draft(
					'not-needed',
					'No shape in scope supports ENA Express',
					'the catalogue lists no ENA Express support for the shapes you asked about',
				);
	}

	const streams = workload.streams;
	const target = workload.minGbps;
	const lifted = `${configurationName(withEna)} gives ${deliveryWords(withEna.prediction, streams)}`;
	const stock =
		without === undefined
			? 'nothing'
			: `${gbps(without.prediction.aggregateGbps)} Gbps (${configurationName(without)})`;
	const pinnedOff = workload.enaExpress === false ? '; you turned it off (--no-ena-express)' : '';
	if (target !== null && view.meets(withEna) && !view.meets(without)) {
		return draft(
			workload.enaExpress === false ? 'consider' : 'do',
			`Enable ENA Express: it is how ${gbps(target)} Gbps is reached with ${String(streams)} stream${streams === 1 ? '' : 's'}`,
			`${lifted}; without it the most is ${stock}; ${unmeasured}${pinnedOff}`,
		);
	}

	const gain = (withEna.prediction.aggregateGbps ?? 0) - (without?.prediction.aggregateGbps ?? 0);
	if (gain > 0.01 && !(target !== null && view.meets(without))) {
		return draft(
			'consider',
			`Consider ENA Express: it lifts one flow past the ${gbps(without?.prediction.singleFlowGbps)} Gbps your streams get`,
			`${lifted}, against ${stock}; ${unmeasured}${pinnedOff}`,
		);
	}

	return draft(
		'not-needed',
		`ENA Express is not needed for ${String(streams)} stream${streams === 1 ? '' : 's'}${target === null ? '' : ` and ${gbps(target)} Gbps`}`,
		`without it ${stock}${target !== null && view.meets(without) ? ' already meets the target' : ' already fills the instance'}; ENA Express is ${unmeasured}`,
	);
};

// The options on the recommended shape, where its cloud sells them (domain/clouds/<cloud>.ts options): ENA
// Express (AWS: one flow up to the documented 25 Gbps, inside a Region), Tier_1 networking (GCP: a higher
// per-VM egress cap, an extra SKU nobody here prices). Eligibility the catalogue does not know is said, not
// read as "no". Pure.

import {type OptionKey, optionSteps} from '../../domain/clouds/cloud-terms.js';
import {cloudTerms} from '../../domain/clouds.js';
import {gbps} from '../../domain/format.js';
import {leavesRegion} from '../../domain/model-types.js';
import type {StepId, Verdict} from '../../domain/types.js';
import {awsEnaExpressFlowCap} from '../../sizing/documented-limits.js';
import {enaExpressApplies, enaExpressMayApply} from '../../sizing/model-aws.js';
import {tier1Applies, tier1MayApply} from '../../sizing/model-gcp-oci.js';
import type {Lever, StepDraft, WhatIfContext} from './context.js';
import {footingWord, gains, meetsJobFlag, throughputDeltas, titleOf, whyOf} from './deltas.js';

interface Option {
	readonly id: StepId;
	readonly key: OptionKey;
	readonly label: string;
	/** What it is and costs, in a clause. */
	readonly terms: string;
	/** The catalogue says the shape has it (true), has not (false) or does not know (null). */
	eligible(context: WhatIfContext): boolean | null;
	/**
	 * Whether the search could take it here, support known or not: the path and Region allow it and the
	 * catalogue does not say no. A step is offered only where this holds (no step without its fact).
	 */
	searchable(context: WhatIfContext): boolean;
	/** The flag that turned it off. */
	readonly off: string;
}

const options: readonly Option[] = [
	{
		...optionSteps.enaExpress,
		key: 'enaExpress',
		terms: `free; documented up to ${gbps(awsEnaExpressFlowCap.gbps)} Gbps a flow, unmeasured by the study`,
		eligible: ({subject, workload}) => {
			if (subject.record.enaExpress === null) return null;
			return enaExpressApplies(subject.record, {path: workload.path, region: workload.region});
		},
		searchable: ({subject, workload}) =>
			enaExpressMayApply(subject.record, {path: workload.path, region: workload.region}),
	},
	{
		...optionSteps.tier1,
		key: 'tier1',
		terms: 'an extra SKU, unpriced here; gVNIC on eligible shapes',
		eligible: ({subject}) => (subject.record.tier1 === null ? null : tier1Applies(subject.record)),
		searchable: ({subject}) => subject.record.tier1 === null || tier1MayApply(subject.record),
	},
];

function unknownEligibility(context: WhatIfContext, option: Option): StepDraft {
	const capped = context.subject.prediction.bindingLimit === 'per-flow-cap';
	return {
		id: option.id,
		verdict: capped ? 'consider' : 'not-needed',
		title: `${option.label}: whether ${context.subject.configuration.shape} has it is unknown`,
		why: whyOf([
			capped
				? 'it could lift the per-flow cap: check before counting on it'
				: 'one flow does not bind here, so it would add nothing',
			option.terms,
		]),
		evidence: [],
	};
}

function optionStep(context: WhatIfContext, option: Option): StepDraft | null {
	const {subject, workload} = context;
	if (!cloudTerms[subject.configuration.cloud].options.includes(option.key) || leavesRegion(workload.path)) return null;
	const has = subject.configuration.options[option.key];
	if (!has && !option.searchable(context)) return null;
	if (!has) {
		const eligible = option.eligible(context);
		if (eligible === null) return unknownEligibility(context, option);
		if (!eligible) return null;
	}

	const flip = (on: boolean) => context.change({options: {...subject.configuration.options, [option.key]: on}});
	const before = has ? flip(false) : subject;
	const after = has ? subject : flip(true);
	const pinnedOff = workload[option.key] === false;
	const lifts = gains(before.prediction, after.prediction, workload.streams);
	const verdict: Verdict = has ? 'do' : lifts ? 'consider' : 'not-needed';
	return {
		id: option.id,
		verdict,
		title: titleOf(option.label, [
			...throughputDeltas(before.prediction, after.prediction, workload.streams),
			{kind: 'price', from: before.price, to: after.price},
		]),
		why: whyOf([
			!has && !lifts && 'changes nothing here',
			pinnedOff && `you turned it off (${option.off})`,
			option.terms,
			footingWord(before.prediction, after.prediction),
		]),
		evidence: [],
		...(verdict === 'consider'
			? meetsJobFlag(workload.minGbps, before.prediction, after.prediction, context.pairs)
			: {}),
	};
}

export const optionLevers: readonly Lever[] = options.map(
	(option) => (context: WhatIfContext) => optionStep(context, option),
);

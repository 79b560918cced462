// SizeResults shaped as source/sizing/types.ts and DESIGN.md's `size --json` example describe them, for the
// presentation tests before the real search is wired in. Figures: the study's c8gn.4xlarge cluster single
// flow (9.53 Gbps, measured) carried to 4 streams (modelled), c8g.4xlarge's 14.89 Gbps instance figure.

import type {RankedConfiguration, SizeResult} from '../../source/domain/model-types.js';

type Overrides = Partial<Omit<RankedConfiguration, 'predicted'>> & {
	readonly predicted?: Partial<RankedConfiguration['predicted']>;
};

export function ranked(overrides: Overrides = {}): RankedConfiguration {
	const {predicted, ...rest} = overrides;
	return {
		rank: 1,
		cloud: 'aws',
		shape: 'c8gn.4xlarge',
		placement: 'cluster',
		ocpus: null,
		options: {enaExpress: false, tier1: false},
		streams: 4,
		meetsTarget: true,
		pricePerHour: 0.948,
		priceRegion: 'us-east-1',
		pricePerGbpsHour: 0.0249,
		why: 'four flows at the cluster per-flow cap (9.53 Gbps each) stay under the 50 Gbps instance figure',
		pairs: 1,
		job: {rateGbps: 38.12, seconds: null, perHour: 1.896, cost: null},
		hosts: {
			tuned: true,
			bufferBytes: null,
			untuned: null,
			why: 'the window does not hold this plan back: nothing to set',
		},
		...rest,
		predicted: {
			singleFlowGbps: 9.53,
			aggregateGbps: 38.12,
			bindingLimit: 'per-flow-cap',
			footing: {singleFlow: 'measured', aggregate: 'modelled'},
			basis: ['single flow: study, aws c8gn.4xlarge cluster, one sample, us-west-2'],
			...predicted,
		},
	};
}

export const meetsThirty: SizeResult = {
	meetsTarget: true,
	configurations: [
		ranked(),
		ranked({
			rank: 2,
			cloud: 'gcp',
			shape: 'c4a-standard-32',
			placement: 'collocated',
			pricePerHour: 1.3,
			priceRegion: 'us-central1',
			pricePerGbpsHour: 0.026,
			why: 'no per-flow cap known on GCP: four flows reach the 50 Gbps egress cap',
			predicted: {
				singleFlowGbps: 28.4,
				aggregateGbps: 50,
				bindingLimit: 'instance-baseline',
				footing: {singleFlow: 'modelled', aggregate: 'documented'},
			},
		}),
		ranked({rank: 3, shape: 'c8gn.8xlarge', pricePerHour: 1.896, pricePerGbpsHour: 0.0497}),
		ranked({
			rank: 4,
			shape: 'c8g.4xlarge',
			placement: 'cluster',
			meetsTarget: false,
			pricePerHour: 0.638,
			pricePerGbpsHour: 0.0428,
			why: 'the instance figure (14.89 Gbps sustained) is below the target',
			predicted: {singleFlowGbps: 9.53, aggregateGbps: 14.89, bindingLimit: 'instance-baseline'},
		}),
	],
	closest: null,
};

export const unreachableThirty: SizeResult = {
	meetsTarget: false,
	configurations: [
		ranked({
			streams: 1,
			meetsTarget: false,
			options: {enaExpress: true, tier1: false},
			why: 'one flow with ENA Express is capped at 25 Gbps',
			predicted: {
				singleFlowGbps: 25,
				aggregateGbps: 25,
				bindingLimit: 'per-flow-cap',
				footing: {singleFlow: 'documented', aggregate: 'documented'},
			},
		}),
		ranked({
			rank: 2,
			streams: 1,
			meetsTarget: false,
			why: 'one flow in a cluster group: 9.53 Gbps',
			predicted: {aggregateGbps: 9.53, footing: {singleFlow: 'measured', aggregate: 'measured'}},
		}),
	],
	closest: {
		text: 'No configuration reaches 30 Gbps with one stream.',
		needs: [{kind: 'streams', detail: 'open 4 streams: c8gn.4xlarge in a cluster group then predicts 38.12 Gbps'}],
	},
};

// AWS as shared code names it: label, placement words, its levers and their step ids, its options.

import type {CloudTerms} from './cloud-terms.js';

export const awsTerms = {
	label: 'AWS',
	article: 'an',
	placementLabels: {},
	placementPhrases: {},
	isolatingPlacement: 'spread',
	// Partition: each partition on its own racks, for groups larger than a spread group's seven per zone.
	alsoIsolating: ['partition'],
	isolating: [
		{
			id: 'spread-placement',
			placement: 'spread',
			label: 'spread placement group',
			how: 'each host on distinct hardware',
		},
	],
	pathIsolation: null,
	close: [{id: 'cluster-placement', placement: 'cluster', label: 'cluster placement group'}],
	liveMigrationPlacement: null,
	unstudiedPlacements: [],
	options: ['enaExpress'],
	// A cluster group turns on the type's generation, which no bundled source gives for a few types.
	placementUnknown: (shape, placement) =>
		`whether ${shape} launches in a ${placement} placement group: unknown (no bundled source gives its ` +
		'generation, which the EC2 rule turns on), not no; check: aws ec2 describe-instance-types ' +
		`--instance-types ${shape} --query 'InstanceTypes[].PlacementGroupInfo.SupportedStrategies'`,
} as const satisfies CloudTerms;

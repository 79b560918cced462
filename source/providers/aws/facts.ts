// AWS's facts (no SDK): what the request layer, commands and the probe form need before the provider loads.

import {cloudFacts} from '../cloud/cloud-facts.js';
import {awsProbeFields} from './probe-fields.js';

export const awsFacts = cloudFacts({
	id: 'aws',
	summary: 'real instances, billed: needs AWS credentials, --ssh-cidr; --region, --zone',
	placements: ['default', 'cluster', 'spread', 'partition'],
	placementChoices: ['default', 'cluster', 'spread', 'partition', 'default,cluster', 'default,cluster,spread'],
	locationFields: ['region', 'zone'],
	ownFields: awsProbeFields,
	defaultShape: 'c8g.4xlarge',
	ipv6Ssh: true,
	credentials: {
		chain: 'env AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE, ~/.aws/credentials, ~/.aws/config (SSO)',
		setup: 'run `aws configure` or `aws sso login`, or set AWS_PROFILE',
	},
	// family.size: c8gn.4xlarge, m7i-flex.large, u-6tb1.112xlarge, c7gd.metal-48xl
	shapeName: {pattern: /^[a-z][a-z0-9-]*\.[a-z0-9-]+$/, example: 'c8gn.4xlarge'},
	// EKS: `aws:///us-west-2a/i-…`
	nodeProviderIds: ['aws://'],
	hints: {
		region: 'empty: the SDK default',
		zone: 'empty: any zone of the region',
		enaExpress: 'launch with ENA Express',
	},
});

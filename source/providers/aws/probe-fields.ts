// AWS's own probe flags (the network a run uses instead of the default VPC): declared once here, read by the
// flags, their help, the probe form and the request through the registry (providers/cloud-probe-fields.ts).
// Pure data: the CLI's argv parser reads it.

import type {CloudProbeField} from '../cloud/probe-field.js';

export const awsProbeFields = [
	{
		id: 'vpc',
		group: 'network',
		value: 'ID',
		doc: 'AWS: use this VPC (default: the default VPC)',
		hint: 'empty: the default VPC',
	},
	{id: 'subnet', group: 'network', value: 'ID', doc: 'AWS: use this subnet', hint: 'empty: a default subnet'},
] as const satisfies readonly CloudProbeField[];

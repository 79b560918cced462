// GCP's own probe flags (the project a run is billed to, the network it uses instead of `default`): declared
// once here, read by the flags, their help, the probe form and the request through the registry
// (providers/cloud-probe-fields.ts). Pure data: the CLI's argv parser reads it.

import type {CloudProbeField} from '../cloud/probe-field.js';

export const gcpProbeFields = [
	{id: 'project', group: 'location', value: 'P', doc: 'GCP project', hint: 'empty: the ADC project'},
	{
		id: 'network',
		group: 'network',
		value: 'N',
		doc: 'GCP: use this network (default: "default")',
		hint: 'empty: the "default" network',
	},
	{id: 'subnetwork', group: 'network', value: 'S', doc: 'GCP: use this subnetwork'},
] as const satisfies readonly CloudProbeField[];

// OCI's own probe flag (the compartment a run goes in): declared once here, read by the flags, their help, the
// probe form and the request through the registry (providers/cloud-probe-fields.ts). Pure data: the CLI's
// argv parser reads it.

import type {CloudProbeField} from '../cloud/probe-field.js';

export const ociProbeFields = [
	{id: 'compartment', group: 'location', value: 'OCID', doc: 'OCI compartment', hint: 'empty: the tenancy'},
] as const satisfies readonly CloudProbeField[];

// The clouds' own probe fields (each declared in providers/<cloud>/probe-fields.ts), one line per cloud: the
// flag schema (request/flags.ts), the help's lines (cli/flag-docs.ts), the probe, cleanup and `shapes --live`
// flag lists (request/command-flags.ts), the probe form and the request read them from here, and
// `ProbeFieldId` and `ProbeTarget` (provider.ts) take their ids. Pure data: the CLI's argv parser reads it, so
// it loads no provider's facts.

import {awsProbeFields} from './aws/probe-fields.js';
import type {CloudProbeField} from './cloud/probe-field.js';
import {gcpProbeFields} from './gcp/probe-fields.js';
import {ociProbeFields} from './oci/probe-fields.js';

const declared = [...awsProbeFields, ...gcpProbeFields, ...ociProbeFields] as const;

type Declared = (typeof declared)[number];

/** A probe field some cloud alone takes (`vpc`, `project`, ...). */
export type CloudFieldId = Declared['id'];

/** The cloud fields that say where a run is (probe, cleanup and `shapes --live` take them). */
export type CloudLocationFieldId = Extract<Declared, {readonly group: 'location'}>['id'];

/** A cloud's own field, its id one of the registry's. */
export interface CloudField extends CloudProbeField {
	readonly id: CloudFieldId;
}

/** Each cloud field once, in the registry's order: two clouds declaring one flag share it, their docs joined. */
function merged(): CloudField[] {
	const byId = new Map<CloudFieldId, CloudField>();
	for (const field of declared) {
		const known = byId.get(field.id);
		byId.set(field.id, known === undefined ? field : {...known, doc: `${known.doc}; ${field.doc}`});
	}

	return [...byId.values()];
}

export const cloudFields: readonly CloudField[] = merged();

/** The cloud fields of a group, in the registry's order. */
export function cloudFieldIds(group: CloudProbeField['group']): CloudFieldId[] {
	return cloudFields.filter((field) => field.group === group).map((field) => field.id);
}

/** The cloud fields that say where a run is, in the registry's order. */
export const cloudLocationFieldIds = cloudFieldIds('location') as readonly CloudLocationFieldId[];

/** The flag schema's entries for the cloud fields (each a string flag), in meow's format. */
export const cloudFlagSchema = Object.fromEntries(cloudFields.map((field) => [field.id, {type: 'string'}])) as {
	readonly [Id in CloudFieldId]: {readonly type: 'string'};
};

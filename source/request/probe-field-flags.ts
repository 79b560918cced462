// Which flag each probe form field is (the form and the flags are one request: probe-flags.ts reads the flags
// into fields by these) and the probe command that asks for a set of fields. Light: no provider's facts,
// so the answer can carry its probe commands (present/probe-command-lines.ts) without loading any provider.

import {optionKeys} from '../domain/clouds/cloud-terms.js';
import {cloudFieldIds} from '../providers/cloud-probe-fields.js';
import type {ProbeFieldId} from '../providers/provider.js';
import {type FlagName, kebabFlag} from './flags.js';

/** Every probe field, in the order a command line and a problem list name them (each cloud's own in its place). */
const ordered: readonly ProbeFieldId[] = [
	'provider',
	'labProfile',
	'labScale',
	'flowCap',
	'aggregateCap',
	'rtt',
	'jitter',
	'loss',
	'cc',
	'overSsh',
	'shape',
	'region',
	'zone',
	...cloudFieldIds('location'),
	'ocpus',
	'sshCidr',
	'price',
	'enaExpress',
	...cloudFieldIds('network'),
	'placements',
	'streams',
	'duration',
	'repeat',
	'sustained',
	'reverse',
	'processes',
	'tier1',
	'hosts',
	'identity',
	'port',
	'knownHosts',
	'acceptNewHostKey',
	'path',
	'context',
	'namespace',
	'nodes',
	'zones',
	'network',
	'image',
	// A shape option the list does not place yet (domain/clouds/cloud-terms.ts optionSteps) comes last.
	...optionKeys,
];

/** Each field once (GCP's --network is k8s's too; an option placed above is not repeated). */
export const fieldIds: readonly ProbeFieldId[] = ordered.filter((id, index) => ordered.indexOf(id) === index);

/** The flag a probe field is: `placements` is `--placement`, every other field its own name (the compiler checks). */
export function fieldFlag(id: ProbeFieldId): FlagName {
	return id === 'placements' ? 'placement' : id;
}

/**
 * The probe command that asks for `fields` (as the form would: request/probe-from-answer.ts): switches by name
 * when on, the rest as `--flag value`. The caller gives only the fields its provider takes. Every value is a
 * catalogue name, a number or a list of them, so nothing needs quoting.
 */
export function probeCommandLine(fields: Partial<Record<ProbeFieldId, string>>): string {
	const words = ['netplace', 'probe'];
	for (const id of fieldIds) {
		const value = fields[id];
		if (value === undefined || value === '' || value === 'no') continue;
		const flag = `--${kebabFlag(fieldFlag(id))}`;
		words.push(...(value === 'yes' ? [flag] : [flag, value]));
	}

	return words.join(' ');
}

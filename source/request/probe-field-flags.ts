// Which flag each probe form field is (the form and the flags are one request: probe-flags.ts reads the flags
// into fields by this table) and the probe command that asks for a set of fields. Light: no provider's facts,
// so the answer can carry its probe commands (present/probe-command-lines.ts) without loading any provider.

import type {ProbeFieldId} from '../providers/provider.js';
import {type FlagName, kebabFlag} from './flags.js';

export const fieldFlags: Readonly<Record<ProbeFieldId, FlagName>> = {
	provider: 'provider',
	labProfile: 'labProfile',
	labScale: 'labScale',
	flowCap: 'flowCap',
	aggregateCap: 'aggregateCap',
	rtt: 'rtt',
	jitter: 'jitter',
	loss: 'loss',
	cc: 'cc',
	overSsh: 'overSsh',
	shape: 'shape',
	region: 'region',
	zone: 'zone',
	project: 'project',
	compartment: 'compartment',
	ocpus: 'ocpus',
	sshCidr: 'sshCidr',
	price: 'price',
	enaExpress: 'enaExpress',
	vpc: 'vpc',
	subnet: 'subnet',
	network: 'network',
	subnetwork: 'subnetwork',
	placements: 'placement',
	streams: 'streams',
	duration: 'duration',
	repeat: 'repeat',
	sustained: 'sustained',
	reverse: 'reverse',
	processes: 'processes',
	tier1: 'tier1',
	hosts: 'hosts',
	identity: 'identity',
	port: 'port',
	knownHosts: 'knownHosts',
	acceptNewHostKey: 'acceptNewHostKey',
	path: 'path',
	context: 'context',
	namespace: 'namespace',
	nodes: 'nodes',
	zones: 'zones',
	image: 'image',
};

export const fieldIds = Object.keys(fieldFlags) as ProbeFieldId[];

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
		const flag = `--${kebabFlag(fieldFlags[id])}`;
		words.push(...(value === 'yes' ? [flag] : [flag, value]));
	}

	return words.join(' ');
}

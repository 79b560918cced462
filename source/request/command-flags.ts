// Which flags each command takes. A flag the command does not take is an error (exit 2), not silently
// ignored: `table --save x`, `advise --duration 5`, `probe --profile nope`. Pure.

import {UserError} from '../domain/errors.js';
import {cloudFieldIds} from '../providers/cloud-probe-fields.js';
import {type FlagName, kebabFlag} from './flags.js';
import {workloadFlagNames} from './workload-flags.js';

/** Every command takes these. */
export const everywhereFlags: readonly FlagName[] = ['debug', 'help', 'version'];

const probeFlagNames: readonly FlagName[] = [
	'provider',
	'shape',
	'placement',
	'streams',
	'duration',
	'repeat',
	'sustained',
	'region',
	'zone',
	...cloudFieldIds('location'),
	'ocpus',
	'sshCidr',
	'price',
	'enaExpress',
	'tier1',
	'reverse',
	'processes',
	...cloudFieldIds('network'),
	'dryRun',
	'yes',
	'json',
	'labProfile',
	'labScale',
	'flowCap',
	'aggregateCap',
	'rtt',
	'jitter',
	'loss',
	'cc',
	'overSsh',
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
];

/** `wizard` is netplace with no command. Every command has a row (test/request/command-flags.test.ts checks). */
export const commandFlags: Readonly<Record<string, readonly FlagName[]>> = {
	wizard: [...workloadFlagNames, 'profile'],
	advise: [...workloadFlagNames, 'profile', 'save', 'force', 'json', 'format'],
	size: [...workloadFlagNames, 'profile', 'json'],
	tune: [...workloadFlagNames, 'profile', 'json'],
	table: ['cloud', 'json'],
	shapes: ['cloud', 'search', 'region', 'json', 'live', 'zone', ...cloudFieldIds('location')],
	probe: probeFlagNames,
	profiles: ['force', 'json'],
	results: ['json'],
	explain: [
		'cloud',
		'shape',
		'placement',
		'path',
		'rtt',
		'region',
		'mtu',
		'rmemMax',
		'wmemMax',
		'loss',
		'enaExpress',
		'tier1',
		'save',
		'json',
	],
	cleanup: ['provider', 'region', 'zone', ...cloudFieldIds('location'), 'context', 'namespace', 'yes', 'json'],
};

/** Throws one UserError naming every flag given that `command` does not take. */
export function assertCommandFlags(command: string, given: ReadonlySet<FlagName>): void {
	const takes = new Set([...everywhereFlags, ...(commandFlags[command] ?? [])]);
	const foreign = [...given].filter((name) => !takes.has(name)).map((name) => `--${kebabFlag(name)}`);
	if (foreign.length === 0) return;
	const what = command === 'wizard' ? 'the wizard (netplace with no command)' : `netplace ${command}`;
	const help = command === 'wizard' ? 'netplace --help' : `netplace ${command} --help`;
	throw new UserError(`${what} does not take ${foreign.join(', ')}`, `${help} lists its flags`);
}

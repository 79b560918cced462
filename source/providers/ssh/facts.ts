// `--provider ssh`'s facts: your own two hosts, reached over SSH. Nothing is created or billed; the pair is
// whatever it is, so its placement is a label (the one you launched them with) and --shape names the
// catalogue shape they are (for the model's prediction and the vendor's threshold). Reads the catalogue, and
// checks the key file can be read, before anything connects.

import {accessSync, constants, statSync} from 'node:fs';
import {optionKeys} from '../../domain/clouds/cloud-terms.js';
import {UserError} from '../../domain/errors.js';
import {placements as allPlacements, clouds, type Placement} from '../../domain/types.js';
import {findShape, loadCatalogue} from '../../sizing/catalogue.js';
import type {ProbeFieldSpec, ProbeTarget, ProviderFacts, TargetProblem} from '../provider.js';
import {unnamedShape} from './ssh-shape.js';

/** `--shape S` or `cloud/S`: the catalogue shape (`cloud/shape`) the hosts are; absent: unnamed, no prediction. */
function resolveShape(raw: string | undefined): string {
	const text = raw?.trim() ?? '';
	if (text === '') return unnamedShape;
	const [first = '', second, ...rest] = text.split('/');
	const named = second === undefined ? null : clouds.find((cloud) => cloud === first);
	const name = second ?? first;
	const catalogue = loadCatalogue();
	const found =
		rest.length > 0 || named === undefined
			? []
			: (named === null ? clouds : [named]).flatMap((cloud) => {
					const record = findShape(catalogue, cloud, name);
					return record === undefined ? [] : [`${record.cloud}/${record.shape}`];
				});
	if (found.length === 1) return found[0]!;
	if (found.length > 1) {
		throw new UserError(
			`--shape ${JSON.stringify(text)} is a shape of ${found.length} clouds`,
			`name one: ${found.join(', ')}`,
		);
	}

	throw new UserError(
		`--shape ${JSON.stringify(text)} is no catalogue shape, so the model has nothing to predict for it`,
		'name one `netplace shapes` lists (e.g. c8g.4xlarge or aws/c8g.4xlarge), or leave --shape out',
	);
}

/** Why the key file cannot be used, or null. */
function identityProblem(path: string): string | null {
	try {
		if (!statSync(path).isFile()) return `--identity ${path} is not a file`;
		accessSync(path, constants.R_OK);
		return null;
	} catch (error: unknown) {
		const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
		return `--identity ${path} cannot be read (${code})`;
	}
}

function problems(target: ProbeTarget): readonly TargetProblem[] {
	const found: TargetProblem[] = [];
	if (target.placements.length > 1) {
		found.push({
			field: 'placements',
			message: `--provider ssh measures one pair: give one --placement (the one the hosts run in), got ${target.placements.join(', ')}`,
		});
	}

	const identity = target.ssh?.identity;
	const problem = identity === undefined ? null : identityProblem(identity);
	if (problem !== null) found.push({field: 'identity', message: problem, hint: 'a private key file you can read'});
	return found;
}

function formFields(): readonly ProbeFieldSpec[] {
	return [
		{id: 'hosts', label: '--hosts', kind: 'text', hint: '[user@]SENDER,[user@]RECEIVER'},
		{id: 'identity', label: '--identity', kind: 'text', hint: 'key file; empty: the SSH agent, ~/.ssh/id_*'},
		{id: 'port', label: '--port', kind: 'text', hint: 'SSH port; empty: 22'},
		{id: 'acceptNewHostKey', label: '--accept-new-host-key', kind: 'switch'},
		{id: 'shape', label: '--shape', kind: 'text', hint: 'what the hosts are (e.g. aws/c8g.4xlarge); empty: none'},
		{id: 'path', label: '--path', kind: 'choice', choices: ['same-zone', 'cross-zone', 'cross-region', 'internet']},
	];
}

export const sshFacts: ProviderFacts = {
	id: 'ssh',
	billed: false,
	summary: 'your own two hosts over SSH (any cloud, on-premises); creates nothing',
	placements: allPlacements,
	placementChoices: ['default', ...allPlacements.filter((placement: Placement) => placement !== 'default')],
	fields: [
		'shape',
		'hosts',
		'identity',
		'port',
		'knownHosts',
		'acceptNewHostKey',
		'path',
		'ocpus',
		// The options of the shape the hosts are (the model's prediction reads them), whichever cloud sells them.
		...optionKeys,
	],
	cleanupFields: [],
	defaults: {shape: null},
	defaultPlacements: () => ['default'],
	formFields,
	resolveShape: (raw) => resolveShape(raw),
	problems,
};

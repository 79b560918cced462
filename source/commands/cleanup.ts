// `netplace cleanup --provider P [--yes]`: list what earlier runs left behind (found by tag / name);
// with --yes delete it and report what is still there (exit 1 if anything).

import {exitCodes, UserError} from '../errors.js';
import {teardownLines} from '../probe/probe-text.js';
import {loadProvider} from '../providers/load-provider.js';
import type {Orphan, ProbeTarget, Provider, ProviderFacts} from '../providers/provider.js';
import {providerIds} from '../providers/provider.js';
import {checkSafeName} from '../requests/probe-request.js';
import {ProblemList} from '../requests/request-errors.js';
import {type CliFlags, kebabFlag, requiredValue} from './flags.js';

function orphanLine(orphan: Orphan): string {
	const where = orphan.region ? ` in ${orphan.region}` : '';
	const run = orphan.runId ? ` (run ${orphan.runId})` : '';
	return `  ${orphan.kind} ${orphan.id}${where}${run}: ${orphan.deleteCommand}`;
}

const scopeFields = ['region', 'zone', 'project', 'compartment'] as const;

/** Where to look: the provider's cleanup fields when given (checked as for probe; others refused). */
function scope(flags: CliFlags, facts: ProviderFacts): Partial<ProbeTarget> {
	const problems = new ProblemList();
	const where: Partial<Record<(typeof scopeFields)[number], string>> = {};
	for (const field of scopeFields) {
		const value = flags[field];
		if (value === undefined) continue;
		const flag = kebabFlag(field);
		if (!facts.cleanupFields.includes(field)) {
			problems.add(field, `--${flag} is not a cleanup --provider ${facts.id} flag`);
			continue;
		}

		const checked = problems.check(field, () => checkSafeName(flag, requiredValue(field, value) ?? ''));
		if (checked !== undefined) where[field] = checked;
	}

	problems.throwIfAny();
	return where;
}

/** `load` is for tests (a fake provider); the CLI uses the lazy loader. */
export async function cleanupCommand(
	flags: CliFlags,
	load: (id: string) => Promise<Provider> = loadProvider,
): Promise<number> {
	const id = requiredValue('provider', flags.provider)?.trim();
	if (id === undefined) throw new UserError('--provider is required', `one of ${providerIds.join(', ')}`);
	const provider = await load(id);
	const where = scope(flags, provider.facts);
	const orphans = await provider.findOrphans(where);
	const out = (line: string): void => {
		(flags.json ? process.stderr : process.stdout).write(`${line}\n`);
	};

	if (orphans.length === 0) {
		if (flags.json) process.stdout.write(`${JSON.stringify({orphans: [], deleted: false, left: []}, null, 2)}\n`);
		else out(`nothing left behind by netplace on ${provider.id}`);
		return exitCodes.ok;
	}

	out(`${orphans.length} resource(s) left behind by earlier ${provider.id} runs:`);
	for (const orphan of orphans) out(orphanLine(orphan));
	if (!flags.yes) {
		if (flags.json) process.stdout.write(`${JSON.stringify({orphans, deleted: false, left: orphans}, null, 2)}\n`);
		else out('run again with --yes to delete them');
		return exitCodes.ok;
	}

	const report = await provider.deleteOrphans(orphans);
	for (const line of teardownLines(report)) out(line.replace(/^teardown: /, 'cleanup: '));
	if (flags.json) process.stdout.write(`${JSON.stringify({orphans, deleted: true, left: report.left}, null, 2)}\n`);
	return report.complete ? exitCodes.ok : exitCodes.runtime;
}

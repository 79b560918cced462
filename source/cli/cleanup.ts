// `netplace cleanup --provider P [--yes]`: list what earlier runs left behind (found by tag / name);
// with --yes delete it and report what is still there (exit 1 if anything).

import {exitCodes, UserError} from '../domain/errors.js';
import {printable} from '../domain/printable.js';
import {teardownLines} from '../present/probe-text.js';
import {recordedRuns, type ScopeField, scopeFields} from '../providers/cloud/run-record.js';
import {loadProvider} from '../providers/load-provider.js';
import type {Orphan, ProbeTarget, Provider, ProviderFacts} from '../providers/provider.js';
import {providerIds} from '../providers/provider.js';
import {type CliFlags, kebabFlag, requiredValue} from '../request/flags.js';
import {checkSafeName} from '../request/probe-request.js';
import {checkRegion} from '../request/region.js';
import {ProblemList} from '../request/request-errors.js';

/** One found resource; its id and run come from the cloud's tags: printed without control characters. */
function orphanLine(orphan: Orphan): string {
	const where = orphan.region ? ` in ${orphan.region}` : '';
	const run = orphan.runId ? ` (run ${orphan.runId})` : '';
	return printable(`  ${orphan.kind} ${orphan.id}${where}${run}: ${orphan.deleteCommand}`);
}

/** Where to look: the provider's cleanup fields when given (checked as for probe; others refused). */
function scope(flags: CliFlags, facts: ProviderFacts): Partial<ProbeTarget> {
	const problems = new ProblemList();
	const where: Partial<Record<ScopeField, string>> = {};
	for (const field of scopeFields) {
		const value = flags[field];
		if (value === undefined) continue;
		const flag = kebabFlag(field);
		if (!facts.cleanupFields.includes(field)) {
			problems.add(field, `--${flag} is not a cleanup --provider ${facts.id} flag`);
			continue;
		}

		const checked = problems.check(field, () => {
			const safe = checkSafeName(flag, requiredValue(field, value) ?? '');
			return field === 'region' ? checkRegion(facts.id, safe) : safe;
		});
		if (checked !== undefined) where[field] = checked;
	}

	problems.throwIfAny();
	return where;
}

/** Where to search: the flags' scope when given, else the configured one plus every scope recorded here. */
function scopes(where: Partial<ProbeTarget>, provider: Provider): Array<Partial<ProbeTarget>> {
	if (Object.keys(where).length > 0) return [where];
	const recorded = recordedRuns(provider.id).map((record) =>
		Object.fromEntries(
			Object.entries(record.scope).filter(([field]) => provider.facts.cleanupFields.includes(field as ScopeField)),
		),
	);
	const unique = new Map([{}, ...recorded].map((scope) => [JSON.stringify(scope), scope]));
	return [...unique.values()];
}

function scopeText(scope: Partial<ProbeTarget>): string {
	const fields = scopeFields.filter((field) => scope[field] !== undefined).map((field) => `${field} ${scope[field]}`);
	return fields.length > 0 ? fields.join(', ') : 'the configured scope';
}

/**
 * Every scope's orphans, and the scopes searched. The configured scope (no flags) may be missing when runs
 * are recorded here: those are searched and the missing one said; with nothing recorded its error stands.
 */
async function findAll(
	provider: Provider,
	scopesToSearch: ReadonlyArray<Partial<ProbeTarget>>,
): Promise<{orphans: Orphan[]; searched: string[]}> {
	const found = new Map<string, Orphan>();
	const searched: string[] = [];
	for (const scope of scopesToSearch) {
		let list: readonly Orphan[];
		try {
			list = await provider.findOrphans(scope);
		} catch (error: unknown) {
			if (!(error instanceof UserError) || Object.keys(scope).length > 0 || scopesToSearch.length === 1) throw error;
			searched.push('no configured scope');
			continue;
		}

		searched.push(scopeText(scope));
		for (const orphan of list) found.set(`${orphan.kind} ${orphan.id}`, orphan);
	}

	return {orphans: [...found.values()], searched};
}

/** `load` is for tests (a fake provider); the CLI uses the lazy loader. */
export async function cleanupCommand(
	flags: CliFlags,
	load: (id: string) => Promise<Provider> = loadProvider,
): Promise<number> {
	const id = requiredValue('provider', flags.provider)?.trim();
	if (id === undefined) throw new UserError('--provider is required', `one of ${providerIds.join(', ')}`);
	const provider = await load(id);
	const {orphans: found, searched} = await findAll(provider, scopes(scope(flags, provider.facts), provider));
	const orphans = found.filter((orphan) => orphan.keep === undefined);
	const kept = found.filter((orphan) => orphan.keep !== undefined);
	const say = cleanupOutput(flags, searched, orphans, kept);
	if (provider.facts.cleanupFields.length > 0) say.line(`searched ${provider.id}: ${searched.join('; ')}`);
	if (kept.length > 0) {
		say.line(`${kept.length} resource(s) of runs that may still be running, kept:`);
		for (const orphan of kept) say.line(`${orphanLine(orphan)} (kept: ${orphan.keep})`);
	}

	if (orphans.length === 0) {
		if (flags.json) say.json(false, []);
		else say.line(`nothing ${kept.length > 0 ? 'else ' : ''}left behind by netplace on ${provider.id}`);
		return exitCodes.ok;
	}

	return deleteWhenAsked(provider, orphans, flags, say);
}

interface CleanupOutput {
	/** A line for the reader: stdout, or stderr under --json. */
	line(text: string): void;
	/** The --json document on stdout: what was searched, found, kept, deleted and left. */
	json(deleted: boolean, left: readonly unknown[]): void;
}

function cleanupOutput(
	flags: CliFlags,
	searched: readonly string[],
	orphans: readonly Orphan[],
	kept: readonly Orphan[],
): CleanupOutput {
	return {
		line: (text) => {
			(flags.json ? process.stderr : process.stdout).write(`${text}\n`);
		},
		json: (deleted, left) => {
			process.stdout.write(`${JSON.stringify({searched, orphans, kept, deleted, left}, null, 2)}\n`);
		},
	};
}

/** Lists what was left behind and deletes it under --yes (else says how). */
async function deleteWhenAsked(
	provider: Provider,
	orphans: readonly Orphan[],
	flags: CliFlags,
	say: CleanupOutput,
): Promise<number> {
	say.line(`${orphans.length} resource(s) left behind by earlier ${provider.id} runs:`);
	for (const orphan of orphans) say.line(orphanLine(orphan));
	if (!flags.yes) {
		if (flags.json) say.json(false, orphans);
		else say.line('run again with --yes to delete them');
		return exitCodes.ok;
	}

	const report = await provider.deleteOrphans(orphans);
	for (const line of teardownLines(report)) say.line(line.replace(/^teardown: /, 'cleanup: '));
	if (flags.json) say.json(true, report.left);
	return report.complete ? exitCodes.ok : exitCodes.runtime;
}

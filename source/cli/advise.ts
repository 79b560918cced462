// `netplace advise`: the recommendation without questions, as text or DESIGN.md's `advise --json`.
// `--profile NAME` starts from a saved workload (typed flags override it); `--save NAME` saves.

import {exitCodes, UserError} from '../domain/errors.js';
import type {Workload} from '../domain/types.js';
import {probeCommandLines} from '../present/probe-command-lines.js';
import type {CliFlags, FlagName} from '../request/flags.js';
import {requiredValue} from '../request/flags.js';
import {profileWorkloadProblem} from '../request/workload.js';
import {workloadFromFlags} from '../request/workload-flags.js';
import {answer, evidenceOf, type SessionAnswer} from '../session/answer.js';
import {catalogueEngine} from '../session/catalogue-engine.js';
import {loadEvidence} from '../session/load-evidence.js';
import {predictionReplacer} from '../sizing/prediction-json.js';
import type {ProfileStore, ProfileStoreOptions} from '../stores/profile-store.js';
import {catalogueShapes} from './catalogue-input.js';
import {reportProblems} from './report-problems.js';

/** The profile store, each stored workload checked by the one builder (a bad one named by its fields). */
export async function openStore(options: Omit<ProfileStoreOptions, 'checkWorkload'> = {}): Promise<ProfileStore> {
	const {openProfileStore} = await import('../stores/profile-store.js');
	return openProfileStore({...options, checkWorkload: profileWorkloadProblem});
}

/** The workload the flags describe, starting from `--profile NAME` when given. */
export async function resolveWorkload(
	flags: CliFlags,
	given: ReadonlySet<FlagName>,
	store?: ProfileStore,
): Promise<Workload> {
	const profileName = requiredValue('profile', flags.profile);
	if (profileName === undefined) return workloadFromFlags(flags, given);
	const profiles = store ?? (await openStore());
	const base = profiles.get(profileName).workload;
	return workloadFromFlags(flags, given, base, {kind: 'profile', profile: profileName});
}

export function printLines(lines: readonly string[]): void {
	process.stdout.write(`${lines.join('\n')}\n`);
}

export type AdviseFormat = 'text' | 'markdown' | 'json';
const formats: readonly AdviseFormat[] = ['text', 'markdown', 'json'];

/** `--format text|markdown|json`; `--json` is `--format json`. Checked before anything is read. */
export function adviseFormat(flags: CliFlags): AdviseFormat {
	const raw = requiredValue('format', flags.format)?.trim().toLowerCase();
	const format = raw === undefined ? undefined : formats.find((candidate) => candidate === raw);
	if (raw !== undefined && format === undefined) {
		throw new UserError(`--format must be text, markdown or json (got "${flags.format}")`);
	}

	if (flags.json && format !== undefined && format !== 'json') {
		throw new UserError(`--json and --format ${format} disagree: give one`);
	}

	return flags.json ? 'json' : (format ?? 'text');
}

/** The session as Markdown: the answer's recommendation card beside its advice. */
async function sessionMarkdown({workload, card, advice}: SessionAnswer): Promise<string> {
	const {renderSessionMarkdown} = await import('../session/session-markdown.js');
	return renderSessionMarkdown({workload, card, advice, probes: []});
}

export async function adviseCommand(flags: CliFlags, given: ReadonlySet<FlagName> = new Set()): Promise<number> {
	const format = adviseFormat(flags);
	const saveAs = requiredValue('save', flags.save);
	const needsStore = saveAs !== undefined || flags.profile !== undefined;
	const store = needsStore ? await openStore() : undefined;
	if (saveAs !== undefined) {
		const {assertProfileName} = await import('../stores/profile-store.js');
		assertProfileName(saveAs);
	}

	const workload = await resolveWorkload(flags, given, store);
	const shapes = await catalogueShapes(workload);
	const evidence = await loadEvidence();
	reportProblems(evidence.problems);
	// The call the wizard's result screen makes (session/answer.ts): one answer for both faces.
	const answered = answer(catalogueEngine(shapes), workload, evidenceOf(evidence.measurements));
	const {advice} = answered;
	if (store !== undefined && saveAs !== undefined) {
		const {mayOverwrite} = await import('./ask-yes-no.js');
		const overwrite = await mayOverwrite(store, saveAs, flags.force, 'saved');
		await store.save(saveAs, {workload, advice}, {overwrite});
	}

	const saved = store !== undefined && saveAs !== undefined ? `Saved as profile ${saveAs} (${store.path}).` : null;
	await writeAnswer(format, answered, saved);
	return exitCodes.ok;
}

/** The answer on stdout as JSON, Markdown or text (the text saying where it was saved, if it was). */
async function writeAnswer(
	format: ReturnType<typeof adviseFormat>,
	answered: SessionAnswer,
	saved: string | null,
): Promise<void> {
	if (format === 'json') {
		process.stdout.write(`${JSON.stringify(answered.advice, predictionReplacer, 2)}\n`);
		return;
	}

	if (format === 'markdown') {
		process.stdout.write(await sessionMarkdown(answered));
		return;
	}

	// Text rendering loads only for text output: --json stays as light as it can be.
	const [{renderAdviceText}, {outputWidth, textStyle, wantsColor}] = await Promise.all([
		import('./text-output.js'),
		import('./text-style.js'),
	]);
	const style = textStyle(wantsColor(process.stdout));
	const width = outputWidth();
	const lines = renderAdviceText(answered.advice, {width, style}, answered.card);
	const {probe} = answered.advice;
	if (probe) lines.push('', ...probeCommandLines(probe, answered.workload.rttMs, width));
	if (saved !== null) lines.push('', saved);
	printLines(lines);
}

// `netplace profiles list|show NAME|delete NAME|export NAME|import FILE [NAME]`: the saved profiles.
// `export` prints one profile as JSON on stdout (what `show --json` prints too); `import` reads that back,
// validated, under the file's name (or NAME); replacing a profile asks in a terminal, needs --force in a script.

import {exitCodes, RuntimeError, UserError} from '../domain/errors.js';
import type {Advice} from '../domain/types.js';
import {workloadSummary} from '../present/workload-summary.js';
import {wrap} from '../present/wrap.js';
import type {CliFlags} from '../request/flags.js';
import {assertImportBounds, readExportFile} from '../request/profile-import.js';
import {expandHome} from '../request/user-path.js';
import type {Profile, ProfileStore} from '../stores/profile-store.js';
import {openStore, printLines} from './advise.js';
import {renderAdviceText} from './text-output.js';
import {outputWidth, textStyle, wantsColor} from './text-style.js';

const subcommands = ['list', 'show', 'delete', 'export', 'import'] as const;
type Subcommand = (typeof subcommands)[number];

function isSubcommand(value: string): value is Subcommand {
	return (subcommands as readonly string[]).includes(value);
}

const usage = 'netplace profiles list|show NAME|delete NAME|export NAME|import FILE [NAME] [--force]';

function nameArgument(subcommand: Subcommand, args: readonly string[]): string {
	const [name, ...extra] = args;
	if (name === undefined) throw new UserError(`profiles ${subcommand} needs a profile name`, usage);
	if (extra.length > 0) throw new UserError(`unexpected argument ${extra.join(' ')} for profiles ${subcommand}`, usage);
	return name;
}

function exported(profile: Profile): string {
	const {name, savedAt, workload, advice, probeRunIds} = profile;
	return JSON.stringify({name, savedAt, workload, probeRunIds, advice}, null, 2);
}

async function importProfile(store: ProfileStore, args: readonly string[], force: boolean): Promise<string> {
	const [typed, rename, ...extra] = args;
	const file = typed === undefined ? undefined : expandHome(typed);
	if (file === undefined) throw new UserError('profiles import needs a file (what profiles export wrote)', usage);
	if (extra.length > 0) throw new UserError(`unexpected argument ${extra.join(' ')} for profiles import`, usage);
	const {name: fileName, entry} = readExportFile(file);
	assertImportBounds(file, entry['workload']);
	const name = rename ?? fileName;
	if (typeof name !== 'string')
		throw new UserError(`${file} has no profile name`, 'give one: profiles import FILE NAME');
	const {mayOverwrite} = await import('./ask-yes-no.js');
	const overwrite = await mayOverwrite(store, name, force, 'imported');
	await store.import(name, entry, {overwrite});
	return name;
}

/** The stored advice as text, or null when it is malformed (an import from elsewhere): never a crash. */
function storedAdviceLines(profile: Profile, width: number): string[] | null {
	try {
		return renderAdviceText(profile.advice as unknown as Advice, {width, style: textStyle(wantsColor(process.stdout))});
	} catch {
		return null;
	}
}

/**
 * A header row, then a row per profile: name, when saved, and its workload wrapped at words under the
 * WORKLOAD column (on its own lines, indented, where that column would leave it fewer than 30 characters).
 */
export function profileListLines(
	profiles: readonly Pick<Profile, 'name' | 'savedAt' | 'workload'>[],
	width: number,
): string[] {
	const nameWidth = Math.max('NAME'.length, ...profiles.map((profile) => profile.name.length));
	const savedWidth = Math.max('SAVED'.length, ...profiles.map((profile) => profile.savedAt.length));
	const row = (name: string, saved: string) => `${name.padEnd(nameWidth)}  ${saved.padEnd(savedWidth)}  `;
	const column = row('', '').length;
	const beside = width - column >= 30;
	const header = beside ? `${row('NAME', 'SAVED')}WORKLOAD` : row('NAME', 'SAVED').trimEnd();
	return [
		header,
		...profiles.flatMap((profile) => {
			const workload = workloadSummary(profile.workload);
			const start = row(profile.name, profile.savedAt);
			return beside
				? wrap(workload, width, start, ' '.repeat(column))
				: [start.trimEnd(), ...wrap(workload, width, '  ', '    ')];
		}),
	];
}

export async function profilesCommand(args: readonly string[], flags: CliFlags): Promise<number> {
	const [subcommand, ...rest] = args;
	if (subcommand === undefined) throw new UserError('profiles needs a subcommand', usage);
	if (!isSubcommand(subcommand)) throw new UserError(`unknown profiles subcommand "${subcommand}"`, usage);
	const store = await openStore();
	switch (subcommand) {
		case 'list': {
			if (rest.length > 0) throw new UserError(`unexpected argument ${rest.join(' ')} for profiles list`, usage);
			return listProfiles(store, flags);
		}

		case 'show': {
			return showProfile(store.get(nameArgument(subcommand, rest)), flags);
		}

		case 'delete': {
			const name = nameArgument(subcommand, rest);
			await store.delete(name);
			printLines([`Deleted profile ${name}.`]);
			return exitCodes.ok;
		}

		case 'import': {
			const name = await importProfile(store, rest, flags.force);
			printLines([`Imported profile ${name} into ${store.path}.`]);
			return exitCodes.ok;
		}

		case 'export': {
			process.stdout.write(`${exported(store.get(nameArgument(subcommand, rest)))}\n`);
			return exitCodes.ok;
		}
	}
}

function listProfiles(store: ProfileStore, flags: CliFlags): number {
	const profiles = store.list();
	if (flags.json) {
		process.stdout.write(`${JSON.stringify(profiles, null, 2)}\n`);
	} else if (profiles.length === 0) {
		const kept = store.unusableCount();
		const none = kept === 0 ? 'No saved profiles' : `No usable profiles (${kept} not usable, kept as they are)`;
		printLines([`${none} in ${store.path} (netplace advise --save NAME saves one).`]);
	} else {
		printLines(profileListLines(profiles, outputWidth()));
	}

	return exitCodes.ok;
}

/** The profile as exported (--json), else a header and the advice as it was given. */
function showProfile(profile: Profile, flags: CliFlags): number {
	if (flags.json) {
		process.stdout.write(`${exported(profile)}\n`);
		return exitCodes.ok;
	}

	const width = outputWidth();
	const runs = profile.probeRunIds.length > 0 ? `; probe runs ${profile.probeRunIds.join(', ')}` : '';
	const header = `Profile ${profile.name}, saved ${profile.savedAt}${runs}`;
	const advice = storedAdviceLines(profile, width);
	printLines([header, ...(advice === null ? [] : ['Advice as it was given:', '', ...advice])]);
	if (advice !== null) return exitCodes.ok;
	throw new RuntimeError(
		`the advice stored with profile ${profile.name} cannot be shown (it is not the advice netplace saves)`,
		`netplace advise --profile ${profile.name} gives it afresh`,
	);
}

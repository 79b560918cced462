// netplace's command line without the process around it: argv in, the command's output on stdout and
// stderr, an exit code out (an error printed as one line, with its stack under --debug). main.tsx runs it as
// the process; the CLI tests run it in the test's own process where the process itself is not the subject.
// Argv is read by the one flag schema (request/flags.ts) with a small parser; --help and --version come from
// package.json (cli/usage.ts). `advise` and `table` (plain modules over the advice, which every command
// needs) load with this file; everything else is imported when it runs, so the scripting commands never load
// Ink, React, the profile store's zod schemas or a cloud SDK.

import {adviseCommand} from './cli/advise.js';
import {parseArgv} from './cli/parse-argv.js';
import {tableCommand} from './cli/table.js';
import {exitCodeOf, exitCodes, formatError, UserError} from './domain/errors.js';
import {assertCommandFlags} from './request/command-flags.js';
import {didYouMean} from './request/did-you-mean.js';
import type {CliFlags, FlagName} from './request/flags.js';

const commandNames = [
	'size',
	'advise',
	'tune',
	'table',
	'shapes',
	'profiles',
	'results',
	'probe',
	'cleanup',
	'explain',
] as const;
type CommandName = (typeof commandNames)[number];

function isCommand(value: string): value is CommandName {
	return (commandNames as readonly string[]).includes(value);
}

function refuseArguments(command: string, extra: readonly string[]): void {
	if (extra.length > 0) {
		throw new UserError(`unexpected argument ${extra.join(' ')} for ${command}`, 'netplace --help shows usage');
	}
}

interface CommandEntry {
	/** Whether it takes words after its name (`profiles show NAME`); the others refuse any. */
	readonly takesArguments: boolean;
	readonly run: (args: readonly string[], flags: CliFlags, given: ReadonlySet<FlagName>) => Promise<number>;
}

/** Each command, its module imported when it runs. */
const commands: Record<CommandName, CommandEntry> = {
	size: {
		takesArguments: false,
		run: async (_args, flags, given) => (await import('./cli/size.js')).sizeCommand(flags, given),
	},
	tune: {
		takesArguments: false,
		run: async (_args, flags, given) => (await import('./cli/tune.js')).tuneCommand(flags, given),
	},
	advise: {takesArguments: false, run: async (_args, flags, given) => adviseCommand(flags, given)},
	table: {takesArguments: false, run: async (_args, flags) => tableCommand(flags)},
	shapes: {takesArguments: false, run: async (_args, flags) => shapesCommandFor(flags)},
	profiles: {
		takesArguments: true,
		run: async (args, flags) => (await import('./cli/profiles.js')).profilesCommand(args, flags),
	},
	results: {
		takesArguments: true,
		run: async (args, flags) => (await import('./cli/results.js')).resultsCommand(args, flags),
	},
	explain: {
		takesArguments: true,
		run: async (args, flags, given) => (await import('./cli/explain.js')).explainCommand(args, flags, given),
	},
	probe: {takesArguments: false, run: async (_args, flags) => (await import('./long-running.js')).probeCommand(flags)},
	cleanup: {
		takesArguments: false,
		run: async (_args, flags) => (await import('./long-running.js')).cleanupCommand(flags),
	},
};

async function shapesCommandFor(flags: CliFlags): Promise<number> {
	// --live asks each cloud's API through its provider's adapter: provider code, which the ES-module
	// bundle holds (long-running.ts), so this file does not.
	if (flags.live) {
		const {liveShapesCommand} = await import('./long-running.js');
		return liveShapesCommand(flags);
	}

	const {shapesCommand} = await import('./cli/shapes.js');
	return shapesCommand(flags);
}

async function dispatch(
	command: CommandName,
	args: readonly string[],
	flags: CliFlags,
	given: ReadonlySet<FlagName>,
): Promise<number> {
	const entry = commands[command];
	if (!entry.takesArguments) refuseArguments(command, args);
	return entry.run(args, flags, given);
}

function unknownCommand(command: string): UserError {
	const guess = didYouMean(command, commandNames);
	return new UserError(
		`unknown command "${command}"`,
		`${guess ? `${guess} ` : ''}use one of ${commandNames.join(', ')}; netplace --help`,
	);
}

/** Help is laid out to the terminal (or COLUMNS), at most 100 columns: wider lines are harder to read. */
async function helpWidth(): Promise<number> {
	const {outputWidth} = await import('./cli/text-style.js');
	return Math.min(100, outputWidth());
}

/** --help (netplace's, or a command's: `netplace size --help`) and --version, from package.json (cli/usage.ts). */
async function helpOrVersion(which: 'help' | 'version', command?: string): Promise<number> {
	if (which === 'help' && command !== undefined) {
		if (!isCommand(command)) throw unknownCommand(command);
		const {commandHelp} = await import('./cli/command-help.js');
		process.stdout.write(commandHelp(command, await helpWidth()));
		return exitCodes.ok;
	}

	const [{packageInfo, renderHelp, fitHelp}, {globalHelpText}] = await Promise.all([
		import('./cli/usage.js'),
		import('./cli/global-help.js'),
	]);
	const {description, version} = packageInfo();
	const help = renderHelp(globalHelpText().join('\n'), description);
	process.stdout.write(which === 'help' ? `${fitHelp(help.trimEnd(), await helpWidth())}\n\n` : `${version}\n`);
	return exitCodes.ok;
}

async function main(argv: readonly string[]): Promise<number> {
	// Commands come first (`netplace size --help`); a first word that is not a flag names the command.
	const first = argv[0] !== undefined && !argv[0].startsWith('-') ? argv[0] : undefined;
	if (argv.includes('--help') || argv.includes('-h')) return helpOrVersion('help', first);
	if (argv.includes('--version')) return helpOrVersion('version');
	const {flags, given, input} = parseArgv(argv);
	const [command, ...args] = input;
	if (command === undefined) {
		assertCommandFlags('wizard', given);
		const {wizardCommand} = await import('./long-running.js');
		return wizardCommand(flags, given);
	}

	if (!isCommand(command)) throw unknownCommand(command);

	assertCommandFlags(command, given);
	return dispatch(command, args, flags, given);
}

/** Runs one command line; its exit code, or its error's once printed as one line (the stack with --debug). */
export async function runCommandLine(argv: readonly string[]): Promise<number> {
	try {
		return await main(argv);
	} catch (error) {
		process.stderr.write(`${formatError(error, argv.includes('--debug'))}\n`);
		return exitCodeOf(error);
	}
}

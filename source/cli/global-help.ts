// `netplace --help`, generated from what each command's own help reads (command-docs.ts, request/
// command-flags.ts, flag-docs.ts, the bounds table): every command's usage and what it does, then every flag
// once, under the first command that takes it with that meaning (`--streams` is one number for the workload
// and a list for probe: two entries), then the bounds, the examples and the exit codes. No flag is
// written here by hand, so the global help and `COMMAND --help` cannot disagree. Pure.

import {boundsHelp} from '../request/bounds-text.js';
import {commandFlags, everywhereFlags} from '../request/command-flags.js';
import {type FlagName, kebabFlag} from '../request/flags.js';
import {commandDocs} from './command-docs.js';
import {flagLines} from './command-help.js';

/** The help is laid out at this width, then fitted to the terminal (usage.ts fitHelp). */
const layoutWidth = 100;

/** Each command's flags as their lines (doc and bound for that command), keyed by those lines. */
function keyedFlags(command: string): Map<string, {flag: FlagName; lines: string[]}> {
	const keyed = new Map<string, {flag: FlagName; lines: string[]}>();
	for (const flag of new Set(commandFlags[command] ?? [])) {
		const lines = flagLines(command, flag, layoutWidth);
		keyed.set(lines.join('\n'), {flag, lines});
	}

	return keyed;
}

const nameOf = (command: string) => (command === 'wizard' ? 'the wizard (netplace)' : command);

/** What a command shares with those above: "every flag of the wizard (netplace)", then single flags. */
function sharedText(shared: Set<string>, above: readonly string[], flags: Map<string, {flag: FlagName}>): string {
	const whole: string[] = [];
	for (const command of above) {
		const keys = [...keyedFlags(command).keys()];
		if (keys.length < 3 || !keys.every((key) => shared.has(key))) continue;
		whole.push(`every flag of ${nameOf(command)}`);
		for (const key of keys) shared.delete(key);
	}

	const single = [...shared].map((key) => `--${kebabFlag(flags.get(key)?.flag ?? 'help')}`);
	return `as above: ${[...whole, ...single].join(', ')}`;
}

/**
 * Each command's flags, every flag's lines once: a command lists the flags it is the first to take with that
 * meaning (`--streams` is a number for the workload, a list for probe), then names those it shares with a
 * command above.
 */
function flagSections(): string[] {
	const printed = new Set<string>();
	const above: string[] = [];
	return Object.keys(commandDocs).flatMap((command) => {
		const flags = keyedFlags(command);
		const own = [...flags].filter(([key]) => !printed.has(key)).flatMap(([, entry]) => entry.lines);
		const shared = new Set([...flags.keys()].filter((key) => printed.has(key)));
		for (const key of flags.keys()) printed.add(key);
		above.push(command);
		if (flags.size === 0) return [];
		const rest = shared.size === 0 ? [] : [`    ${sharedText(shared, above.slice(0, -1), flags)}`];
		return [`Flags of ${nameOf(command)}`, ...own, ...rest, ''];
	});
}

function usageLines(): string[] {
	return Object.values(commandDocs).flatMap((doc) => [`  $ ${doc.usage}`, `      ${doc.does}`]);
}

function everywhereLines(): string[] {
	return [...new Set(everywhereFlags)].flatMap((flag) => flagLines('wizard', flag, layoutWidth));
}

/** The whole text, two spaces in, before usage.ts fits it to the terminal. */
export function globalHelpText(): string[] {
	const examples = Object.values(commandDocs).flatMap((doc) => doc.examples.map((example) => `  $ ${example}`));
	return [
		'Usage',
		...usageLines(),
		'',
		...flagSections(),
		'Every command',
		...everywhereLines(),
		'',
		'Each command takes only its own flags: a flag another command takes (advise --duration 5, size --yes)',
		'is refused in one line, exit 2. For --ssh-cidr, a /0 (0.0.0.0/0, ::/0: anyone) is warned about and needs',
		'a yes: the terminal’s question, or --yes (without a terminal it is refused, exit 2); so is any /8 or wider.',
		'',
		'Bounds (the one table the flags and the wizard’s forms are checked against)',
		...boundsHelp('  ').split('\n'),
		'',
		'Examples (netplace COMMAND --help: its flags, bounds and examples)',
		...examples,
		'',
		'Exit codes',
		'  0 ok · 1 runtime failure (probe failed, cloud refused, no credentials)',
		'  2 bad usage or input · 130 interrupted (after teardown)',
		'',
		'Profiles (config.json) and probe results (results/, one file a run)',
		'live in ~/.config/netplace on Linux; NETPLACE_CONFIG_DIR moves it.',
	];
}

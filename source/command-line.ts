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

const helpText = `
	Usage
	  $ netplace              the wizard: questions, then the advice
	  $ netplace size [workload flags] [--json]   what to buy: ranked configurations
	  $ netplace advise [workload flags] [--json]
	  $ netplace tune [workload flags] [--json]   host settings (buffers, MTU) to paste
	  $ netplace table [--cloud C] [--json]
	  $ netplace shapes [--cloud C] [--search TEXT] [--region R] [--live] [--json]
	  $ netplace probe --provider lab|aws|gcp|oci [probe flags] [--json]
	  $ netplace explain FILE… [--shape S] [--path P] [--rtt MS] [--save] [--json]
	                         any iperf3 -J / --json-stream, netplace or k8s-netperf
	                         result: the limit that bound it, beside the model
	  $ netplace results list|show ID|delete ID [--json]
	  $ netplace profiles list|show NAME|delete NAME|export NAME
	  $ netplace profiles import FILE [NAME] [--force]
	  $ netplace cleanup --provider P [--yes]

	Workload flags (wizard, size, advise, tune)
	  --cloud C              aws, gcp, oci or any (default any)
	  --streams N            parallel connections (default 1)
	  --latency-sensitive    traffic is latency-sensitive
	  --fault-isolation      correlated failure is the risk
	  --min-gbps X           aggregate bandwidth needed
	  --sustained            transfers run longer than five minutes (the burst window)
	  --transfer SIZE        how much data: 50TB, 500GB, 1.5TiB (decimal or binary)
	  --within TIME          finish within 6h, 90m, 2d: with --transfer, the target
	                         Gbps; decides whether a burst peak can carry it
	  --keep-live-migration  GCP: live migration must be kept
	  --path P               same-zone (default), cross-zone, cross-region or internet
	  --rtt MS               the path's round trip (default: the study's, same zone;
	                         elsewhere unknown until given or measured)
	  --mtu N                the hosts' MTU (the path's documented MTU bounds it;
	                         default: the cloud's documented one)
	  --tcp-rmem-max BYTES   autotuning's receive ceiling, tcp_rmem's third field:
	                         sets the window (default: Linux's 6 MiB)
	  --tcp-wmem-max BYTES   the send ceiling, tcp_wmem's third (default: 4 MiB)
	  --rmem-max BYTES       net.core.rmem_max: bounds only a buffer a program asks
	                         for (SO_RCVBUF, iperf3 -w), not autotuning
	  --wmem-max BYTES       net.core.wmem_max: the same for SO_SNDBUF
	  --loss PCT             packet loss on the path, percent (0.01 = one in 10,000)
	  --cc C                 the hosts' congestion control: cubic (Linux's default),
	                         bbr or reno (the loss bound is for cubic and reno)
	  --region R             run and price in region R
	  --arch A               arm64 or x86_64
	  --min-vcpus N  --min-memory GIB   shapes at least this big
	  --shape S[,S]          evaluate only these shapes
	  --placement P          pin one placement; --ena-express / --no-ena-express,
	                         --tier1 / --no-tier1 pin the option (default: both tried)
	  --profile NAME         start from a saved workload
	  --save NAME            save the workload and advice as a profile
	  --force                replace a profile of that name (a terminal asks)

	Shapes (catalogue of published figures and prices)
	  --cloud C              aws, gcp, oci or any (default any)
	  --search TEXT          shape names containing every word of TEXT
	  --region R             price in region R (default: the source's region)
	  --live                 compare with the clouds' APIs where credentials exist
	                         (AWS --region, GCP --project/--zone, OCI --compartment)

	Each command takes only its own flags: a flag another command takes
	(advise --duration 5, size --yes) is refused in one line, exit 2.

	Output
	  --json                 machine-readable output
	  --format F             advise: text, markdown (the session) or json
	  --debug                stack traces on errors
	  --help, --version

	Probe flags
	  --provider P           lab, aws, gcp or oci
	  --shape S              instance shape
	  --placement P[,P]      default|cluster|spread|partition (aws)|collocated (gcp)
	  --streams 1,8          stream counts to test (a list; 1,2,4,8,16 sweeps for the knee)
	  --reverse              also test the other direction (iperf3 -R)
	  --processes auto|N     iperf3 processes per test (auto: several where iperf3
	                         < 3.16 runs every stream on one thread, or one was CPU-bound)
	  --duration SECONDS     per test (default 20)
	  --repeat K             repeats per test (default 1)
	  --sustained SECONDS    a sustained run of this length
	  --region R  --zone Z  --project P  --compartment OCID  --ocpus N
	  --ssh-cidr CIDR        who may SSH in (clouds); a /0 (0.0.0.0/0, ::/0: anyone)
	                         is warned about and needs a yes: the terminal's question,
	                         or --yes (without a terminal it is refused, exit 2); so
	                         is any /8 or wider (0.0.0.0/1, ::/1: 1/256 of all or more)
	  --price USD            $/h per instance (no catalogue price)
	  --ena-express          AWS: launch with ENA Express
	  --tier1                GCP: Tier_1 networking (the higher egress cap)
	  --vpc ID  --subnet ID  AWS: use this VPC / subnet (default: the default VPC)
	  --network N  --subnetwork S  GCP: use this network (default: the "default" one)
	  --dry-run              print the plan and cost, create nothing
	  --yes                  do not ask before spending money
	Lab only
	  --lab-profile CELL     a study cell (aws/c8g.4xlarge/default) or any catalogue
	                         shape as cloud/shape[/placement] (the model's figures)
	  --lab-scale F          scale the profile's caps (e.g. 0.2)
	  --flow-cap GBPS  --aggregate-cap GBPS
	  --rtt MS  --jitter MS  delay TCP and ICMP, both directions
	  --over-ssh             run the lab probe over SSH

	Bounds (the one table the flags and the wizard's forms are checked against)
{{bounds}}

	Examples (netplace COMMAND --help: its flags, bounds and examples)
{{examples}}

	Exit codes
	  0 ok · 1 runtime failure (probe failed, cloud refused, no credentials)
	  2 bad usage or input · 130 interrupted (after teardown)

	Profiles (config.json) and probe results (results/, one file a run)
	live in ~/.config/netplace on Linux; NETPLACE_CONFIG_DIR moves it.
`;

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

	const [{packageInfo, renderHelp, fitHelp}, {boundsHelp}, {commandDocs}] = await Promise.all([
		import('./cli/usage.js'),
		import('./request/bounds-text.js'),
		import('./cli/command-docs.js'),
	]);
	const {description, version} = packageInfo();
	const examples = Object.values(commandDocs).flatMap((doc) => doc.examples.map((example) => `\t  $ ${example}`));
	const text = helpText.replace('{{bounds}}', boundsHelp()).replace('{{examples}}', examples.join('\n'));
	const help = renderHelp(text, description);
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

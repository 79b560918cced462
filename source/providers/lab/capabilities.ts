// Can the lab run here, and if not, why: root, network namespaces, the tools (and their apt packages), the
// delay-line binary that `npm run build` compiles from native/delay-line.c.

import {existsSync} from 'node:fs';
import {delimiter, dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {RuntimeError} from '../../domain/errors.js';

export interface LabTool {
	readonly command: string;
	readonly aptPackage: string;
	readonly path: string | null;
}

export interface LabCapabilities {
	readonly root: boolean;
	readonly tools: readonly LabTool[];
	readonly delayLine: string | null;
	/** Empty when the lab can run; else one line per problem. */
	readonly problems: readonly string[];
}

export const rootProblem = 'the lab needs root (network namespaces and tc): run as root or with sudo';

const requiredTools: ReadonlyArray<{readonly command: string; readonly aptPackage: string}> = [
	{command: 'ip', aptPackage: 'iproute2'},
	{command: 'tc', aptPackage: 'iproute2'},
	{command: 'iperf3', aptPackage: 'iperf3'},
	{command: 'ping', aptPackage: 'iputils-ping'},
	{command: 'nft', aptPackage: 'nftables'},
	{command: 'iptables', aptPackage: 'iptables'},
];

/** Where sshd lives (SSH mode only). */
export const sshdTool = {command: 'sshd', aptPackage: 'openssh-server'} as const;

const systemPath = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

/** An executable's absolute path, searching PATH and the sbin directories a non-login root PATH can lack. */
export function findExecutable(command: string): string | null {
	const directories = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...systemPath];
	for (const directory of directories) {
		const candidate = join(directory, command);
		if (existsSync(candidate)) return candidate;
	}

	return null;
}

/** The compiled delay line: NETPLACE_DELAY_LINE, else dist/native/delay-line next to this build or the source tree. */
export function findDelayLine(): string | null {
	const override = process.env.NETPLACE_DELAY_LINE;
	if (override) return existsSync(override) ? override : null;
	const here = dirname(fileURLToPath(import.meta.url));
	const candidates = [
		resolve(here, 'native/delay-line'), // the bundle's chunks in dist/ -> dist/native
		resolve(here, '../../native/delay-line'), // dist/providers/lab -> dist/native
		resolve(here, '../../../dist/native/delay-line'), // source/providers/lab -> dist/native
	];
	return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

export function isRoot(): boolean {
	return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** The problems, one line each, from what was found (pure: unit-tested with made-up findings). */
export function describeLabProblems(found: {
	readonly root: boolean;
	readonly tools: readonly LabTool[];
	readonly delayLine: string | null;
}): string[] {
	const problems: string[] = [];
	if (!found.root) problems.push(rootProblem);
	const missing = found.tools.filter((tool) => tool.path === null);
	if (missing.length > 0) {
		const names = missing.map((tool) => tool.command).join(', ');
		const packages = [...new Set(missing.map((tool) => tool.aptPackage))].join(' ');
		problems.push(`the lab needs ${names}, not found: apt-get install ${packages}`);
	}

	if (found.delayLine === null) {
		problems.push(
			'the lab needs its delay-line helper (dist/native/delay-line), not built: apt-get install gcc, then npm run build',
		);
	}

	return problems;
}

/** Everything the lab needs, checked without running anything. */
export function checkLabCapabilities(options: {readonly overSsh?: boolean} = {}): LabCapabilities {
	const root = isRoot();
	const wanted = options.overSsh ? [...requiredTools, sshdTool] : requiredTools;
	const tools = wanted.map((tool) => ({...tool, path: findExecutable(tool.command)}));
	const delayLine = findDelayLine();
	return {root, tools, delayLine, problems: describeLabProblems({root, tools, delayLine})};
}

/** Throws one RuntimeError line naming the first thing missing. */
export function assertLabCapabilities(options: {readonly overSsh?: boolean} = {}): LabCapabilities {
	const capabilities = checkLabCapabilities(options);
	const [first] = capabilities.problems;
	if (first !== undefined) throw new RuntimeError(first);
	return capabilities;
}

/** The absolute path of a checked tool. */
export function toolPath(capabilities: LabCapabilities, command: string): string {
	return capabilities.tools.find((tool) => tool.command === command)?.path ?? command;
}

// Runs a command line in the test's own process (source/command-line.ts, the function dist/cli.cjs runs),
// for the tests whose subject is a command's output and exit code, not the process: no node start (some
// 0.15 s alone, 0.4 s on a busy machine) per run. What the command writes to process.stdout and
// process.stderr is kept. The environment a child would get
// (NETPLACE_CONFIG_DIR, NO_COLOR, COLUMNS=80, the test's own) is set for the run and put back after; runs
// take turns, as a child process each would. The process itself (signals, closed pipes, stdin, start-up,
// the bundle) is tested with runCli (helpers.ts).
import {runCommandLine} from '../../source/command-line.js';
import type {CliResult} from './helpers.js';

export interface InProcessOptions {
	readonly configDir: string;
	readonly env?: Record<string, string>;
}

let turn: Promise<unknown> = Promise.resolve();

export async function runInProcess(args: readonly string[], options: InProcessOptions): Promise<CliResult> {
	const run = turn.then(async () => captured(args, options));
	turn = run.catch(() => undefined);
	return run;
}

type Write = typeof process.stdout.write;

async function captured(args: readonly string[], options: InProcessOptions): Promise<CliResult> {
	const env = {NO_COLOR: '1', COLUMNS: '80', NETPLACE_CONFIG_DIR: options.configDir, ...options.env};
	const before = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
	const out: string[] = [];
	const err: string[] = [];
	const keep = (into: string[]): Write =>
		((chunk: string | Uint8Array) => {
			into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
			return true;
		}) as Write;
	const [stdoutWrite, stderrWrite] = [process.stdout.write, process.stderr.write];
	Object.assign(process.env, env);
	process.stdout.write = keep(out);
	process.stderr.write = keep(err);
	try {
		const status = await runCommandLine(args);
		return {status, stdout: out.join(''), stderr: err.join('')};
	} finally {
		process.stdout.write = stdoutWrite;
		process.stderr.write = stderrWrite;
		for (const [name, value] of Object.entries(before)) {
			if (value === undefined) delete process.env[name];
			else process.env[name] = value;
		}
	}
}

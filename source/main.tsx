#!/usr/bin/env node
// netplace's entry: the process around the command line (command-line.ts): argv in, the exit code out, and a
// closed stdout or stderr answered without a stack trace. The published build (scripts/build-bundle.mjs) is
// this file and the commands as one CommonJS file, dist/cli.cjs, and the wizard, probe, cleanup and
// `shapes --live` (./long-running.js: the only ones to load a provider) as an ES-module bundle beside it.

import {runCommandLine} from './command-line.js';
import {onCharacterDevice, outputFailed} from './probe/output-lost.js';

// A reader that goes away (`netplace table | head -1`) or a terminal that closes ends the output, never the
// program with a stack trace, and never a probe before its teardown (output-lost.ts: while a probe runs the
// loss is a signal to tear down and keep the partial run; with nothing running, a closed pipe ends quietly).
function onStreamError(name: 'stdout' | 'stderr', error: NodeJS.ErrnoException): void {
	outputFailed(
		error,
		{
			exit: (code) => process.exit(code),
			tell: (line) => process[name === 'stdout' ? 'stderr' : 'stdout'].write(`${line}\n`),
			terminal: onCharacterDevice(name === 'stdout' ? 1 : 2),
		},
		typeof process.exitCode === 'number' ? process.exitCode : undefined,
	);
}

for (const name of ['stdout', 'stderr'] as const) {
	process[name].on('error', (error: NodeJS.ErrnoException) => onStreamError(name, error));
}

// No top-level await: the published build is a CommonJS file (scripts/build-bundle.mjs).
runCommandLine(process.argv.slice(2)).then((code) => {
	process.exitCode = code;
});

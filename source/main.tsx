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

// Given to each stream as Node builds it on first use, not by building both here: building one loads
// Node's stream modules, which a command printing with writeStdout (cli/write-stdout.ts) never needs.
// (So the global `process`, not `import process from 'node:process'`: that module's ESM face reads every
// property of process, building stdin, stdout and stderr at start-up.)
let streamsBuilt = false;
for (const name of ['stdout', 'stderr'] as const) {
	const built = Object.getOwnPropertyDescriptor(process, name)?.get;
	if (built === undefined) {
		streamsBuilt = true;
		process[name].on('error', (error: NodeJS.ErrnoException) => onStreamError(name, error));
		continue;
	}

	let guarded = false;
	Object.defineProperty(process, name, {
		configurable: true,
		enumerable: true,
		get() {
			const stream = built.call(process) as NodeJS.WriteStream;
			if (!guarded) {
				guarded = true;
				streamsBuilt = true;
				stream.on('error', (error: NodeJS.ErrnoException) => onStreamError(name, error));
			}

			return stream;
		},
	});
}

// No top-level await: the published build is a CommonJS file (scripts/build-bundle.mjs).
runCommandLine(process.argv.slice(2)).then((code) => {
	process.exitCode = code;
	// The answer is out and nothing is left to run: end now. Left to the event loop, the process would first
	// run the tasks V8 queued meanwhile (a scavenge of a heap about to be freed: some 5 ms of a 150 ms
	// `advise --json`, bench/cli-start). Only when every byte went out through writeStdout (no stream was
	// built, so none holds queued output: an error line builds stderr) and no handle, request, timer or
	// immediate is pending, so the end is the one the loop would reach, less its idle tasks.
	if (!streamsBuilt && process.getActiveResourcesInfo().length === 0) process.exit(code);
});

// An output that goes away: a reader that closed the pipe (`netplace probe … | head`, `2>&1 | tee log` then
// Ctrl-C: EPIPE), a terminal that was closed (EIO), a file on a full disk (ENOSPC). main.tsx gives every
// stdout and stderr error to `outputFailed`. While a probe runs (it listens: probe/interrupt.ts) the first one
// is a signal to stop and tear down, and keep the partial run: the process goes on, and this error and every
// later one are swallowed, so nothing skips teardown. With nothing listening, the command ends at once: quietly
// (its exit code as it stands) for a closed pipe, which is how `table | head -1` should end; exit 1, said on
// the other stream when it can take it, for anything else.

import {closeSync, fstatSync} from 'node:fs';

export type OutputLostListener = (code: string) => void;

interface OutputLostState {
	readonly listeners: Set<OutputLostListener>;
	lostCode: string | null;
	terminalLost: boolean;
}

// One state per process, not per copy of this module: the build's bundles (the CLI's and the probe's chunk)
// each hold a copy, and the CLI's stream handler must reach the probe's guard.
const key = Symbol.for('netplace.output-lost');
const shared = globalThis as typeof globalThis & {[key]?: OutputLostState};
shared[key] ??= {listeners: new Set(), lostCode: null, terminalLost: false};
const state: OutputLostState = shared[key];
const {listeners} = state;

/** Calls `listener` once when an output is lost (at once if one already was); returns its removal. */
export function whenOutputLost(listener: OutputLostListener): () => void {
	if (state.lostCode !== null) listener(state.lostCode);
	else listeners.add(listener);
	return () => {
		listeners.delete(listener);
	};
}

/** The error code of the first output lost (EPIPE, EIO…), or null. */
export function outputLostCode(): string | null {
	return state.lostCode;
}

/**
 * The terminal is gone (SIGHUP, or EIO writing to it): at the process's end, its descriptors are closed first.
 * Node restores each terminal's settings as it exits (ResetStdio) and asserts that this worked: on a hung-up
 * terminal tcsetattr fails with EIO and the assertion aborts the process (SIGABRT, SIGSEGV in the wizard, a
 * native stack) instead of its exit code. A closed descriptor is one Node skips. Nothing is lost: the terminal
 * can take no more output, and nothing is opened after the 'exit' event that could take the descriptor's number.
 */
export function markTerminalLost(): void {
	if (state.terminalLost) return;
	state.terminalLost = true;
	process.once('exit', closeTerminalDescriptors);
}

/**
 * Whether descriptor `fd` is a character device (a terminal, or /dev/null, which never fails a write). Not
 * `stream.isTTY`: a stream first built after the hang-up is no TTY stream, isatty failing on the dead terminal.
 */
export function onCharacterDevice(fd: number): boolean {
	try {
		return fstatSync(fd).isCharacterDevice();
	} catch {
		return false;
	}
}

function closeTerminalDescriptors(): void {
	for (const fd of [0, 1, 2]) {
		try {
			if (onCharacterDevice(fd)) closeSync(fd);
		} catch {
			// Closed already.
		}
	}
}

export interface OutputEnd {
	readonly exit: (code: number) => void;
	/** Writes a line on the other stream, for an error that is not a closed pipe. */
	readonly tell: (line: string) => void;
	/** The stream that failed writes to a terminal (onCharacterDevice): EIO there is its loss (a hang-up), exit 129. */
	readonly terminal?: boolean;
}

/** 128 + SIGHUP: how a command ends when its terminal goes away. */
export const terminalLostExit = 129;

/** The stream error handler: a signal to a running probe, or the end of the command. */
export function outputFailed(error: NodeJS.ErrnoException, end: OutputEnd, exitCode: number | undefined): void {
	const first = state.lostCode === null;
	if (first) state.lostCode = error.code ?? 'EIO';
	const hungUp = end.terminal === true && (error.code === 'EIO' || error.code === 'ENXIO');
	if (hungUp) markTerminalLost();
	const waiting = [...listeners];
	if (waiting.length > 0 || !first) {
		listeners.clear();
		for (const listener of waiting) listener(state.lostCode ?? 'EIO');
		return;
	}

	if (error.code === 'EPIPE') {
		end.exit(exitCode ?? 0);
		return;
	}

	if (hungUp) {
		end.exit(terminalLostExit);
		return;
	}

	end.tell(`netplace: cannot write the output (${state.lostCode}): stopped`);
	end.exit(1);
}

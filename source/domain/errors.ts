// What netplace says when a command fails (STYLE.md §6): a UserError is the user's to fix (exit 2), a
// RuntimeError a failure at run time (exit 1), an InterruptedError a run stopped by a signal (128 + its number);
// each prints one line. Anything else is a bug whose stack shows only under --debug.

import {constants as osConstants} from 'node:os';
import {printable} from './printable.js';

export const exitCodes = {
	ok: 0,
	/** A probe failed, a cloud call was refused, credentials missing. */
	runtime: 1,
	/** A malformed flag value, an unknown command, cloud or flag, a profile that does not exist. */
	usage: 2,
	/** Ctrl-C, after teardown (another signal: 128 + its number, e.g. 143 for SIGTERM). */
	interrupted: 130,
} as const;

/** 0, 1, 2, or 128 + a signal's number after an interrupted run's teardown. */
export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes] | number;

/** The shell's code for a run stopped by `signal`: 128 + its number (SIGINT 130, SIGTERM 143, SIGQUIT 131). */
export function signalExitCode(signal: NodeJS.Signals | null | undefined): number {
	const number = signal ? osConstants.signals[signal] : undefined;
	return number === undefined ? exitCodes.interrupted : 128 + number;
}

/**
 * Stamped on every error netplace means to say in one line. A symbol from the global registry, not a class
 * check: the commands that run long are a bundle of their own (scripts/build-bundle.mjs) with their own copy of
 * this module, and their errors reach the one handler (command-line.ts) from there.
 */
const said = Symbol.for('netplace.said-error');

/** An error netplace says in one line (with its hint), never a bug: one of the three classes below. */
export type SaidError = UserError | RuntimeError | InterruptedError;

abstract class Said extends Error {
	abstract readonly exitCode: ExitCode;
	readonly hint: string | undefined;

	constructor(message: string, hint?: string) {
		super(message);
		this.hint = hint;
		Object.defineProperty(this, said, {value: true});
	}
}

/** Bad usage or bad input, the user's to fix: one line, exit 2, before anything is created. */
export class UserError extends Said {
	override readonly name = 'UserError';
	readonly exitCode: ExitCode = exitCodes.usage;
}

/** A failure at run time the user can act on (a probe failed, credentials missing): one line, exit 1. */
export class RuntimeError extends Said {
	override readonly name = 'RuntimeError';
	readonly exitCode: ExitCode = exitCodes.runtime;
}

/** The run was interrupted (by `signal`, default SIGINT); teardown has already run when this reaches the CLI. */
export class InterruptedError extends Said {
	override readonly name = 'InterruptedError';
	readonly exitCode: ExitCode;

	constructor(message = 'interrupted', signal?: NodeJS.Signals | null) {
		super(message);
		this.exitCode = signalExitCode(signal);
	}
}

/** Whether netplace means to say `error` in one line (any of the three kinds, from either bundle): not a bug. */
export function isSaid(error: unknown): error is SaidError {
	return error instanceof Error && (error as unknown as Record<symbol, unknown>)[said] === true;
}

/**
 * An error's message, whatever was thrown, without control characters: a cloud's or a tool's text (an API
 * error, a name it echoes) never reaches the terminal with an ESC or BEL in it.
 */
export function messageOf(error: unknown): string {
	return printable(error instanceof Error ? error.message : String(error));
}

/** The first line of an error's message (SDK and tool messages can run to many lines). */
export function firstLineOf(error: unknown): string {
	const text = messageOf(error);
	return text.split('\n')[0] ?? text;
}

/** One line for stderr: `netplace: message (hint)`. */
export function formatError(error: unknown, debug = false): string {
	if (isSaid(error)) {
		const line = printable(`netplace: ${error.message}${error.hint ? ` (${error.hint})` : ''}`);
		return debug && error.stack ? `${line}\n${error.stack}` : line;
	}

	const firstLine = firstLineOf(error);
	if (debug && error instanceof Error && error.stack) {
		return `netplace: ${firstLine}\n${error.stack}`;
	}

	return `netplace: ${firstLine} (run with --debug for details)`;
}

export function exitCodeOf(error: unknown): ExitCode {
	return isSaid(error) ? error.exitCode : exitCodes.runtime;
}

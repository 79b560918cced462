// Every problem with a request at once: each field's check runs, each failure is kept with its field, and
// the request fails with one line naming them all (exit 2). The wizard's forms show the same list per field.

import {messageOf, UserError} from '../domain/errors.js';

export interface FieldProblem {
	/** The field (a flag's camelCase name, e.g. `flowCap`), or null for a problem across fields. */
	readonly field: string | null;
	readonly message: string;
	readonly hint?: string | undefined;
}

/** A request with one or more bad fields: one line (`message`), and the problems one by one (`problems`). */
export class RequestError extends UserError {
	readonly problems: readonly FieldProblem[];

	constructor(problems: readonly FieldProblem[]) {
		const hint = problems.length === 1 ? problems[0]?.hint : undefined;
		super(problems.map((problem) => problem.message).join('; '), hint);
		this.problems = problems;
	}
}

export class ProblemList {
	readonly #problems: FieldProblem[] = [];

	/**
	 * Runs one field's check; a UserError becomes that field's problem (anything else is a bug and is thrown).
	 * A field already found bad is not checked again: one problem per field.
	 */
	check<Value>(field: string | null, run: () => Value): Value | undefined {
		if (field !== null && this.has(field)) return undefined;
		try {
			return run();
		} catch (error: unknown) {
			if (!(error instanceof UserError)) throw error;
			this.#problems.push({field, message: error.message, hint: error.hint});
			return undefined;
		}
	}

	add(field: string | null, message: string, hint?: string): void {
		if (field !== null && this.has(field)) return;
		this.#problems.push({field, message, hint});
	}

	/** True when `field` already has a problem (a later cross-field check then says nothing more). */
	has(field: string): boolean {
		return this.#problems.some((problem) => problem.field === field);
	}

	get empty(): boolean {
		return this.#problems.length === 0;
	}

	/** Throws one RequestError naming every problem, when there is any. */
	throwIfAny(): void {
		if (this.#problems.length > 0) throw new RequestError(this.#problems);
	}
}

/** The problems a thrown error carries: a RequestError's list, or the one message of anything else. */
export function problemsOf(error: unknown): readonly FieldProblem[] {
	return error instanceof RequestError ? error.problems : [{field: null, message: messageOf(error)}];
}

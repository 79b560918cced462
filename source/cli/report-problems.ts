// The CLI's way to say what the evidence loader (source/session/load-evidence.ts) could not read.

/**
 * Writes each problem as one warning line on stderr (`process.stderr` only read when there is one: building
 * it loads Node's stream modules, which a command with nothing to report never needs).
 */
export function reportProblems(problems: readonly string[], stderr?: NodeJS.WritableStream): void {
	for (const problem of problems) {
		(stderr ?? process.stderr).write(`netplace: warning: ${problem.replaceAll('\n', ' ')}\n`);
	}
}

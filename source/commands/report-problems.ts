// The CLI's way to say what the evidence loader (source/session/load-evidence.ts) could not read.

/** Writes each problem as one warning line on stderr. */
export function reportProblems(problems: readonly string[], stderr: NodeJS.WritableStream = process.stderr): void {
	for (const problem of problems) {
		stderr.write(`netplace: warning: ${problem.replaceAll('\n', ' ')}\n`);
	}
}

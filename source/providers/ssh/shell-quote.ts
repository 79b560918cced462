// One POSIX shell-quoting helper: every argv that crosses SSH goes through it. The remote login shell
// reads the joined string, so each word must reach the program exactly as given, metacharacters inert.

const safeWord = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** Quote one word for a POSIX shell: safe words as they are, anything else inside single quotes. */
export function shellQuote(word: string): string {
	if (word.length > 0 && safeWord.test(word)) {
		return word;
	}

	if (word.includes('\0')) {
		throw new TypeError('a shell word cannot contain a NUL byte');
	}

	// Inside single quotes nothing is special except the quote itself: close, escaped quote, reopen.
	return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Join argv into one command line for a POSIX shell. */
export function shellJoin(argv: readonly string[]): string {
	if (argv.length === 0) {
		throw new TypeError('argv is empty');
	}

	return argv.map((word) => shellQuote(word)).join(' ');
}

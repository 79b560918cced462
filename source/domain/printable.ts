// Strings read from a file (a profile, an imported export, a stored run or its index) reach the terminal only
// without control characters: C0 (but tab and newline), DEL and C1 (0x9b is a one-byte CSI on some
// terminals). An ESC or BEL in a file could otherwise move the cursor, retitle the window or rewrite what the
// user reads. Nor with Unicode's format characters (category Cf: the bidi embeddings, overrides and isolates
// U+202A-202E and U+2066-2069, the marks U+200E/200F and U+061C, zero-width U+200B-200D and U+2060-2064, the
// BOM U+FEFF, tags U+E0001-E007F…) or the line and paragraph separators U+2028/2029: a right-to-left override
// in a title displays the rest reversed ("Trojan Source", CVE-2021-42574). Applied as JSON.parse's reviver
// where those files are parsed, so every text face (and --json) shows the same stripped strings; a cloud's
// strings, and any other text from a file, go through `printable` the same way.

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes
const controls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]|\p{Cf}/gu;

/** `text` without control or format characters (tab and newline kept). */
export function printable(text: string): string {
	return text.replace(controls, '');
}

/** JSON.parse's reviver: every string value printable. */
export function printableJson(_key: string, value: unknown): unknown {
	return typeof value === 'string' ? printable(value) : value;
}

// Strings read from a file (a profile, an imported export, a stored run or its index) reach the terminal only
// without control characters: C0 (but tab and newline), DEL and C1 (0x9b is a one-byte CSI on some
// terminals). An ESC or BEL in a file could otherwise move the cursor, retitle the window or rewrite what the
// user reads. Applied as JSON.parse's reviver where those files are parsed, so every text face (and --json)
// shows the same stripped strings; a cloud's strings can go through `printable` the same way.

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes
const controls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** `text` without control characters (tab and newline kept). */
export function printable(text: string): string {
	return text.replace(controls, '');
}

/** JSON.parse's reviver: every string value printable. */
export function printableJson(_key: string, value: unknown): unknown {
	return typeof value === 'string' ? printable(value) : value;
}

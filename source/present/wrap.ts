// The one word wrap for both faces: plain text to a width, the first line after `first`, the others after
// `rest`; spaces at the breaks are dropped and words longer than a line are cut. Pure; callers paint after.

export function wrap(text: string, width: number, first = '', rest = first): string[] {
	const lines: string[] = [];
	let line = first;
	let empty = true;
	for (const word of text.split(/\s+/).filter((part) => part.length > 0)) {
		let piece = word;
		while (piece.length > 0) {
			if (!empty) {
				if (line.length + 1 + piece.length <= width) {
					line = `${line} ${piece}`;
					piece = '';
				} else {
					lines.push(line);
					line = rest;
					empty = true;
				}

				continue;
			}

			const room = width - line.length;
			const cut = piece.length <= room ? piece.length : Math.max(1, room);
			line = `${line}${piece.slice(0, cut)}`;
			piece = piece.slice(cut);
			empty = false;
		}
	}

	if (!empty) lines.push(line);
	return lines;
}

/** A line wrapped at word boundaries, its continuation indented four past its own indent. */
export function wrapIndented(line: string, width: number): string[] {
	if (line.length <= width) return [line];
	const indent = /^ */.exec(line)?.[0] ?? '';
	return wrap(line.slice(indent.length), width, indent, `${indent}    `);
}

/** Each line `print` gets wrapped at words to `width` (a probe's progress lines on stderr, as its result's are). */
export function wrappedPrinter(print: (line: string) => void, width: number): (line: string) => void {
	return (line) => {
		for (const part of wrapIndented(line, width)) print(part);
	};
}

// Word wrap to a width, trimming the spaces at the breaks (Ink's own wrap keeps them at line starts).
// Pure. Words longer than the width are cut.

export function wrapText(text: string, width: number): readonly string[] {
	const limit = Math.max(1, width);
	const lines: string[] = [];
	let line = '';
	for (const word of text.split(/\s+/).filter((part) => part.length > 0)) {
		let rest = word;
		while (rest.length > limit) {
			if (line !== '') {
				lines.push(line);
				line = '';
			}

			lines.push(rest.slice(0, limit));
			rest = rest.slice(limit);
		}

		if (line === '') {
			line = rest;
		} else if (line.length + 1 + rest.length <= limit) {
			line = `${line} ${rest}`;
		} else {
			lines.push(line);
			line = rest;
		}
	}

	if (line !== '' || lines.length === 0) {
		lines.push(line);
	}

	return lines;
}

// Small, strict readers for the source files' formats (Go map literals, CSV, JSON). Pure.

/** `"name": 123.4,` pairs of a Go map literal (comment lines are skipped: they do not match). */
export function goNumberMap(text: string): Map<string, number> {
	const map = new Map<string, number>();
	for (const match of text.matchAll(/^\s*"([^"]+)":\s*(-?[\d.]+),?\s*$/gm)) {
		map.set(match[1] ?? '', Number(match[2]));
	}

	return map;
}

/** Every `"name": number` pair anywhere in the text (several per line, as in karpenter's price file). */
export function goInlineNumberPairs(text: string): Map<string, number> {
	const map = new Map<string, number>();
	for (const match of text.matchAll(/"([a-z0-9][a-z0-9.-]*)":\s*(\d+(?:\.\d+)?)/g)) {
		map.set(match[1] ?? '', Number(match[2]));
	}

	return map;
}

/** One CSV line split on `separator`, honouring double quotes. */
export function splitCsvLine(line: string, separator = ','): string[] {
	const cells: string[] = [];
	let cell = '';
	let quoted = false;
	for (let index = 0; index < line.length; index++) {
		const char = line[index];
		if (char === '"') {
			if (quoted && line[index + 1] === '"') {
				cell += '"';
				index++;
			} else {
				quoted = !quoted;
			}
		} else if (char === separator && !quoted) {
			cells.push(cell);
			cell = '';
		} else {
			cell += char;
		}
	}

	cells.push(cell);
	return cells;
}

/** A CSV with a header row -> one object per row, keyed by header. */
export function csvRows(text: string, separator = ','): Record<string, string>[] {
	const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
	const header = splitCsvLine(lines[0] ?? '', separator);
	return lines.slice(1).map((line) => {
		const cells = splitCsvLine(line, separator);
		return Object.fromEntries(header.map((name, index) => [name, cells[index] ?? '']));
	});
}

/** A number from a cell, or null when the cell is empty or not a number. */
export function numberOrNull(cell: string | undefined): number | null {
	if (cell === undefined || cell.trim() === '') {
		return null;
	}

	const value = Number(cell);
	return Number.isFinite(value) ? value : null;
}

/** Round to `digits` significant digits (prices, Gbps): stable text, no float noise. */
export function significant(value: number, digits = 6): number {
	return value === 0 ? 0 : Number(value.toPrecision(digits));
}

export const byName = <T extends {readonly shape: string}>(left: T, right: T): number =>
	left.shape < right.shape ? -1 : left.shape > right.shape ? 1 : 0;

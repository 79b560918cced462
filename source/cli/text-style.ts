// Plain-text styling for the scripting commands (no Ink): the wizard's theme colours as ANSI codes,
// or nothing at all when NO_COLOR is set, stdout is not a terminal, or FORCE_COLOR=0.

import type {Verdict} from '../domain/types.js';
import type {Piece, PieceRole, PresentLine} from '../present/lines.js';
import {type ThemeColor, themeFor} from '../present/theme.js';

const ansiCodes: Readonly<Record<string, number>> = {
	black: 30,
	red: 31,
	green: 32,
	yellow: 33,
	blue: 34,
	magenta: 35,
	cyan: 36,
	white: 37,
	gray: 90,
	grey: 90,
	blueBright: 94,
	redBright: 91,
	greenBright: 92,
	yellowBright: 93,
	cyanBright: 96,
};

export interface TextStyle {
	readonly color: boolean;
	paint(color: ThemeColor, text: string): string;
	bold(text: string): string;
	muted(text: string): string;
	heading(text: string): string;
	verdict(verdict: Verdict, text: string): string;
	barFilled(text: string): string;
	barEmpty(text: string): string;
}

/** Whether to colour: a TTY, NO_COLOR unset or empty, FORCE_COLOR not "0". */
export function wantsColor(stream: {readonly isTTY?: boolean}, env: NodeJS.ProcessEnv = process.env): boolean {
	const noColor = env['NO_COLOR'];
	if (noColor !== undefined && noColor !== '') return false;
	if (env['FORCE_COLOR'] === '0') return false;
	return stream.isTTY === true;
}

export function textStyle(color: boolean, env: NodeJS.ProcessEnv = process.env): TextStyle {
	const theme = themeFor(env);
	const paint = (name: ThemeColor, text: string): string => {
		const code = name === undefined ? undefined : ansiCodes[name];
		return color && code !== undefined ? `\u001B[${code}m${text}\u001B[39m` : text;
	};

	return {
		color,
		paint,
		bold: (text) => (color ? `\u001B[1m${text}\u001B[22m` : text),
		muted: (text) => paint(theme.text.muted, text),
		heading: (text) => (color ? `\u001B[1m${paint(theme.text.heading, text)}\u001B[22m` : text),
		verdict: (verdict, text) => paint(theme.verdict[verdict], text),
		barFilled: (text) => paint(theme.bar.filled, text),
		barEmpty: (text) => paint(theme.bar.empty, text),
	};
}

/** The visible length of a string (ANSI codes excluded). */
export function visibleLength(text: string): number {
	// biome-ignore lint/suspicious/noControlCharactersInRegex: matches the ESC of ANSI colour codes
	return text.replaceAll(/\u001B\[\d+m/g, '').length;
}

/** The width to render for: the terminal's columns, else COLUMNS, else 80. */
export function outputWidth(
	stream: {readonly columns?: number} = process.stdout,
	env: NodeJS.ProcessEnv = process.env,
): number {
	if (stream.columns !== undefined && stream.columns > 0) return stream.columns;
	const fromEnv = Number(env['COLUMNS']);
	return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 80;
}

/** A bar piece in ASCII: `#` filled, `-` empty, blanks to the piece's width. */
function barText(piece: Piece, style: TextStyle): string {
	const {filled, empty} = piece.bar ?? {filled: 0, empty: 0};
	const rest = ' '.repeat(Math.max(0, piece.text.length - filled - empty));
	return `${style.barFilled('#'.repeat(filled))}${style.barEmpty('-'.repeat(empty))}${rest}`;
}

/** The ANSI painter: a present/ line with each piece's role as a colour (none when colour is off). */
export function paintLine(row: PresentLine, style: TextStyle): string {
	const same = (text: string) => text;
	const roles: Readonly<Record<PieceRole, (text: string) => string>> = {
		heading: style.heading,
		good: (text) => style.verdict('do', text),
		bad: (text) => style.verdict('avoid', text),
		warning: (text) => style.verdict('consider', text),
		muted: style.muted,
		accent: (text) => style.verdict('satisfied', text),
		plain: same,
		indent: same,
		marker: same,
		verdict: same,
		title: same,
		label: same,
		column: style.muted,
		cell: same,
		gap: same,
		group: style.bold,
		bar: same,
	};
	return row
		.map((piece) => {
			if (piece.role === 'bar') return barText(piece, style);
			if (piece.role === 'verdict' && piece.verdict !== undefined) {
				return style.verdict(piece.verdict, style.bold(piece.text));
			}

			return roles[piece.role](piece.text);
		})
		.join('');
}

/** A section's lines, painted. */
export function paintLines(rows: readonly PresentLine[], style: TextStyle): string[] {
	return rows.map((row) => paintLine(row, style));
}

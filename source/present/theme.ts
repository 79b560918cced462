// One theme of semantic colours for every screen. NO_COLOR (any non-empty value) turns colour off:
// components ask the theme, never name a colour themselves.

import type {Verdict} from '../domain/types.js';

/** An Ink colour name, or undefined for the terminal's default. */
export type ThemeColor = string | undefined;

export interface Theme {
	readonly colorEnabled: boolean;
	readonly text: {readonly muted: ThemeColor; readonly accent: ThemeColor; readonly heading: ThemeColor};
	readonly status: {
		readonly error: ThemeColor;
		readonly warning: ThemeColor;
		readonly success: ThemeColor;
		readonly running: ThemeColor;
	};
	readonly verdict: Readonly<Record<Verdict, ThemeColor>>;
	readonly bar: {readonly filled: ThemeColor; readonly empty: ThemeColor};
}

const coloured: Theme = {
	colorEnabled: true,
	text: {muted: 'gray', accent: 'cyan', heading: 'blueBright'},
	status: {error: 'red', warning: 'yellow', success: 'green', running: 'cyan'},
	verdict: {do: 'green', consider: 'yellow', avoid: 'red', 'not-needed': 'gray', satisfied: 'blue'},
	bar: {filled: 'cyan', empty: 'gray'},
};

const plain: Theme = {
	colorEnabled: false,
	text: {muted: undefined, accent: undefined, heading: undefined},
	status: {error: undefined, warning: undefined, success: undefined, running: undefined},
	verdict: {do: undefined, consider: undefined, avoid: undefined, 'not-needed': undefined, satisfied: undefined},
	bar: {filled: undefined, empty: undefined},
};

/** The theme for an environment: plain when NO_COLOR is set to anything non-empty (no-color.org). */
export function themeFor(env: NodeJS.ProcessEnv = process.env): Theme {
	const noColor = env['NO_COLOR'];
	return noColor !== undefined && noColor !== '' ? plain : coloured;
}

export const theme: Theme = themeFor();

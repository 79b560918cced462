// The result screen's keys, once: the footer names them (key and a word or two), and the help view (`?`)
// says what each does. Pure.

import {theme} from '../../../present/theme.js';
import {hangingLines} from '../../components/hanging-lines.js';
import {scrollKeysText} from '../../components/scroll/scroll.js';
import {blankLine, plainLine, type StyledLine} from '../../components/styled-lines.js';

interface ResultKey {
	readonly keys: string;
	/** The footer's word(s) after the key. */
	readonly label: string;
	/** The help view's sentence. */
	readonly does: string;
}

const resultKeys: readonly ResultKey[] = [
	{
		keys: '←/→',
		label: 'streams',
		does: 'One step more or fewer parallel streams (1, 2, 4, 8 …): the card, the decision order and the table follow. A what-if: 0 undoes it.',
	},
	{
		keys: '+/−',
		label: 'target',
		does: 'Raise or lower the Gbps target a step (1, 2, 5, 10 … 400); below 1 there is none.',
	},
	{
		keys: 'g',
		label: 'placement',
		does: 'Pin each placement the clouds in scope offer in turn, then back to "the search chooses".',
	},
	{keys: 'x', label: 'ENA Express', does: 'AWS: require ENA Express, then require it off, then back to either.'},
	{keys: 't', label: 'Tier_1', does: 'GCP: require Tier_1 networking, then require it off, then back to either.'},
	{keys: '0', label: 'undo what-ifs', does: 'Back to the answers you gave (every what-if key above undone).'},
	{
		keys: 'a',
		label: 'answers',
		does: 'List every answer; open one, change it in place, and the card re-ranks as you move.',
	},
	{
		keys: scrollKeysText.replace(/ scroll$/, ''),
		label: 'scroll',
		does: 'Move the answer by a line, a page, or to either end.',
	},
	{
		keys: 'e',
		label: 'export Markdown',
		does: 'Write this answer, with its decision order and evidence, to a Markdown file you name (~ is your home).',
	},
	{
		keys: 's',
		label: 'save as profile',
		does: 'Save the answers under a name: netplace --profile NAME opens on this answer again.',
	},
	{keys: 'r', label: 'start over', does: 'Clear every answer and start at the first question; it asks first.'},
	{
		keys: 'p',
		label: 'probe',
		does: 'Open the probe form on the recommended configuration, to measure it (lab, a cloud, or your own hosts).',
	},
	{
		keys: 'w',
		label: 'why',
		does: 'Your stored probe results and the measurements netplace explain --save kept, each with the limit that bound it beside the model; w or Esc closes it.',
	},
	{keys: '?', label: 'keys', does: 'This list; ? or Esc closes it.'},
	{keys: 'Esc', label: 'back', does: 'Back to the last question, every answer kept.'},
	{keys: 'q', label: 'quit', does: 'Quit netplace (Ctrl-C too).'},
];

/** The footer: "←/→ streams · +/− target · … · q quit". */
export const resultKeysText = resultKeys.map(({keys, label}) => `${keys} ${label}`).join(' · ');

/** The explanation view's footer. */
export const explainKeysText = `w or Esc close · ${scrollKeysText}`;

/** The help view's footer. */
export const helpKeysText = `? or Esc close · ${scrollKeysText}`;

/** The help view's lines at `width`: a title, then each key and, indented under it, what it does. */
export function resultHelpLines(width: number): StyledLine[] {
	return [
		plainLine('Keys on the answer', theme.text.heading, true),
		blankLine,
		...resultKeys.flatMap(({keys, does}) => [plainLine(keys, undefined, true), ...hangingLines('  ', does, width)]),
	];
}

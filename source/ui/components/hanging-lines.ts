import type {ThemeColor} from '../../present/theme.js';
import {wrap} from '../../present/wrap.js';
import type {StyledLine} from './styled-lines.js';

/** Text after a marker (e.g. "· ", "• ") with a hanging indent, so wrapped lines line up under the first word. */
export function hangingLines(
	marker: string,
	text: string,
	width: number,
	color?: ThemeColor,
	bold = false,
): StyledLine[] {
	const indent = ' '.repeat(marker.length);
	return wrap(text, width - marker.length).map((line, index) => [
		{text: `${index === 0 ? marker : indent}${line}`, color, bold},
	]);
}

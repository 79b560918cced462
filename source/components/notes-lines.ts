import type {Note} from '../advisor/types.js';
import {theme} from '../theme.js';
import {hangingLines} from './hanging-lines.js';
import {plainLine, type StyledLine} from './styled-lines.js';

/** The advice's notes, one bullet each (none: no lines). */
export function notesLines(notes: readonly Note[], width: number): StyledLine[] {
	if (notes.length === 0) return [];
	return [
		plainLine('Notes', theme.text.heading, true),
		...notes.flatMap((note) => hangingLines('• ', note.text, width)),
	];
}

import type {Note} from '../../domain/types.js';
import {notesLines as noteRows} from '../../present/notes-lines.js';
import {styledLines} from './present-lines.js';
import type {StyledLine} from './styled-lines.js';

/** The advice's notes, as present/ lays them out for every face (none: no lines). */
export function notesLines(notes: readonly Note[], width: number): StyledLine[] {
	return styledLines(noteRows(notes, width));
}

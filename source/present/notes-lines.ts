// The advice's notes as lines, for every face: a heading and one bullet each (none: no lines). Pure.

import type {Note} from '../domain/types.js';
import {line, type PresentLine} from './lines.js';
import {wrap} from './wrap.js';

export function notesLines(notes: readonly Note[], width: number): PresentLine[] {
	if (notes.length === 0) return [];
	return [
		line('Notes', 'heading'),
		...notes.flatMap((note) =>
			wrap(note.text, Math.max(20, width - 4)).map(
				(part, index): PresentLine => [
					{text: index === 0 ? '  - ' : '    ', role: index === 0 ? 'marker' : 'indent'},
					{text: part, role: 'plain'},
				],
			),
		),
	];
}

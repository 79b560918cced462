import {Box, Text} from 'ink';
import type {Note} from '../advisor/types.js';
import {theme} from '../theme.js';
import {HangingLine} from './hanging-line.js';

export interface NotesListProps {
	readonly notes: readonly Note[];
	readonly width: number;
}

/** The advice's notes, one bullet each. */
export function NotesList({notes, width}: NotesListProps) {
	if (notes.length === 0) {
		return null;
	}

	return (
		<Box flexDirection="column">
			<Text bold color={theme.text.heading}>
				Notes
			</Text>
			{notes.map((note) => (
				<HangingLine key={note.id} marker="• " text={note.text} width={width} />
			))}
		</Box>
	);
}

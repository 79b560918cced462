import {Box, Text} from 'ink';
import type {Note} from '../advisor/types.js';
import {theme} from '../theme.js';

export interface NotesListProps {
	readonly notes: readonly Note[];
}

/** The advice's notes, one bullet each. */
export function NotesList({notes}: NotesListProps) {
	if (notes.length === 0) {
		return null;
	}

	return (
		<Box flexDirection="column">
			<Text bold color={theme.text.heading}>
				Notes
			</Text>
			{notes.map((note) => (
				<Text key={note.id}>• {note.text}</Text>
			))}
		</Box>
	);
}

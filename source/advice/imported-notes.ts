// The notes that say where the advice reads a measurement `netplace explain --save` imported, and where it set
// one aside because the user's own probe of the same cell stands over it (domain/evidence.ts). Pure.

import type {EvidenceView} from '../domain/evidence.js';
import {listed} from '../domain/format.js';
import type {Cloud, Measurement, Note} from '../domain/types.js';

const cellName = (cell: Measurement): string =>
	`${cell.cloud} ${cell.shape} ${cell.placement}${cell.runId ? ` (${cell.runId})` : ''}`;

/** The imported cells read and the ones set aside, for the clouds in scope; none when there are none. */
export function importedNotes(view: EvidenceView, clouds: readonly Cloud[]): Note[] {
	const read = clouds.flatMap((cloud) => view.cellsOf(cloud)).filter((cell) => cell.source === 'imported');
	const setAside = view.setAside.filter((cell) => clouds.includes(cell.cloud));
	const notes: Note[] = [];
	if (read.length > 0)
		notes.push({
			id: 'imported-evidence',
			text: `Imported measurements stand for ${listed(read.map(cellName))}: made outside netplace and kept with netplace explain --save, they are read as a probe's would be, one sample each (footed imported).`,
		});
	if (setAside.length > 0)
		notes.push({
			id: 'imported-set-aside',
			text: `Set aside: the imported ${listed(setAside.map(cellName))}; your own probe of ${setAside.length === 1 ? 'that cell is its' : 'those cells is their'} evidence.`,
		});
	return notes;
}

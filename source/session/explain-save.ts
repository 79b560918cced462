// `netplace explain --save`: each explained test kept as evidence footed `imported` (stores/imported-store.ts),
// beside the probe results, never in place of them: where the user's own probe of the same cell is in the
// evidence, or the file is a netplace result already stored, the line says so.

import type {ExplainAnswer, ExplainedTest} from '../advice/explain-answer.js';
import type {Measurement} from '../domain/types.js';
import {evidenceText, notEvidenceReason} from '../probe/imported-evidence.js';
import {savedImportOf} from '../probe/imported-saved.js';
import {importedId, saveImported} from '../stores/imported-store.js';

function probeBeside(explained: ExplainedTest, measurements: readonly Measurement[]): string | null {
	const configuration = explained.configuration;
	if (configuration === null) return null;
	const probe = measurements.find(
		(m) =>
			m.source === 'probe' &&
			m.cloud === configuration.cloud &&
			m.shape === configuration.shape &&
			m.placement === configuration.placement,
	);
	return probe === undefined
		? null
		: `your probe of ${configuration.cloud}/${configuration.shape}/${configuration.placement} stays the evidence for that cell; this imported figure sits beside it and does not replace it`;
}

/** What advise, size and the wizard make of the saved test: its evidence, or why it is none (the same reading). */
function evidenceLine(id: string, entry: Record<string, unknown>): string {
	const saved = savedImportOf(id, JSON.parse(JSON.stringify(entry)) as Record<string, unknown>);
	if (typeof saved === 'string') return `not evidence: ${saved}`;
	const why = notEvidenceReason(saved);
	return why === null
		? `${evidenceText(saved)} (advise, size and the wizard read it)`
		: `not evidence for advise or size: ${why}`;
}

/** Saves every test; one line per test saying where it went and what it does not replace. */
export function saveExplained(answer: ExplainAnswer, measurements: readonly Measurement[], now = new Date()): string[] {
	return answer.tests.flatMap((explained) => {
		const {test} = explained;
		const id = importedId(now.getTime());
		const entry = {
			savedAt: now.toISOString(),
			footing: 'imported',
			test,
			configuration: explained.configuration,
			prediction: explained.prediction,
			attribution: explained.attribution,
			next: explained.next,
		};
		const path = saveImported(id, entry);
		const own =
			test.format === 'netplace'
				? [
						'it is a netplace result: its figures are evidence already (results store); this copy is imported, not a second probe',
					]
				: [];
		const beside = probeBeside(explained, measurements);
		return [
			`kept ${test.file} (${test.label}) as imported ${id}: ${path}`,
			...(test.format === 'netplace' ? own : [evidenceLine(id, entry)]),
			...(beside === null ? [] : [beside]),
		];
	});
}

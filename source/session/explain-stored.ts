// The wizard's `w` on the result screen: every stored probe run (results store) and every measurement
// `netplace explain --save` kept (imported/), explained the way `netplace explain` explains a file: the limit
// each test met, beside the model. Read when asked (I/O); a run or import that cannot be read is said in a line.

import type {ExplainAnswer, ExplainedTest} from '../advice/explain-answer.js';
import type {ShapeRecord} from '../domain/model-types.js';
import {printable} from '../domain/printable.js';
import type {Measurement, Workload} from '../domain/types.js';
import type {ImportedFile} from '../probe/explain-import.js';
import {netplaceTests} from '../probe/explain-netplace.js';
import {getStoredRun, listStoredRuns} from '../probe/probe-results.js';
import {listImported} from '../stores/imported-store.js';
import {explainImports} from './explain.js';

export interface StoredExplanation {
	readonly answer: ExplainAnswer;
	/** Runs or imports that could not be read, one line each. */
	readonly problems: readonly string[];
}

function storedRuns(problems: string[]): ImportedFile[] {
	const {runs, problems: listed} = listStoredRuns();
	problems.push(...listed);
	return runs.flatMap((summary) => {
		try {
			const {entry} = getStoredRun(summary.id);
			return [{file: `netplace ${summary.id}`, tests: netplaceTests(entry.run, `netplace ${summary.id}`), notes: []}];
		} catch (error: unknown) {
			problems.push(`probe result ${summary.id}: ${printable(error instanceof Error ? error.message : String(error))}`);
			return [];
		}
	});
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The fields the explanation's lines read, of the types they read them as. */
function isExplained(entry: Record<string, unknown>): entry is Record<string, unknown> & Omit<ExplainedTest, 'notes'> {
	const {test, attribution, next} = entry;
	if (!isRecord(test) || !isRecord(attribution) || typeof next !== 'string') return false;
	const texts = ['file', 'tool', 'label'].every((key) => typeof test[key] === 'string');
	const figures = typeof test['streams'] === 'number' && (test['gbps'] === null || typeof test['gbps'] === 'number');
	const evidence =
		Array.isArray(attribution['evidence']) && attribution['evidence'].every((line) => typeof line === 'string');
	return (
		texts &&
		figures &&
		evidence &&
		typeof attribution['limit'] === 'string' &&
		typeof attribution['footing'] === 'string'
	);
}

function importedTests(problems: string[]): ExplainedTest[] {
	return listImported().flatMap((stored) => {
		if (stored.entry === null) {
			problems.push(`imported ${stored.id}: ${stored.problem ?? 'unreadable'} (${stored.path})`);
			return [];
		}

		if (!isExplained(stored.entry)) {
			problems.push(`imported ${stored.id}: not an explained test (${stored.path})`);
			return [];
		}

		return [{...stored.entry, notes: [`imported ${stored.id}, as explained when it was saved`]}];
	});
}

/** The stored runs explained now, over `shapes` and `measurements`, then the imports as they were explained. */
export function explainStored(
	workload: Workload,
	shapes: readonly ShapeRecord[],
	measurements: readonly Measurement[],
): StoredExplanation {
	const problems: string[] = [];
	const runs = explainImports(storedRuns(problems), {...workload, shapes: []}, shapes, measurements);
	const imported = importedTests(problems);
	return {answer: {files: runs.files, tests: [...runs.tests, ...imported]}, problems};
}

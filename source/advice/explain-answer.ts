// What `netplace explain` answers, per test (plain data for both faces and --json): the test as the file holds
// it, the configuration and prediction the model gives for it, the limit attributed and the next step.

import type {ImportedTest} from '../domain/imported.js';
import type {Configuration, NetworkPath, Prediction} from '../domain/model-types.js';
import type {Attribution} from './explain-limit.js';

export interface ExplainedTest {
	readonly test: ImportedTest;
	/** The configuration the model predicted for, and where its shape came from; null when no shape is known. */
	readonly configuration: (Configuration & {readonly path: NetworkPath; readonly from: string}) | null;
	readonly prediction: Prediction | null;
	readonly attribution: Attribution;
	readonly next: string;
	/** Said beside it, e.g. "the shape m5.huge (from the file) is not in the catalogue". */
	readonly notes: readonly string[];
}

export interface ExplainAnswer {
	readonly files: readonly {readonly file: string; readonly notes: readonly string[]}[];
	readonly tests: readonly ExplainedTest[];
}

// One answer of the wizard's into the workload, through the one workload builder (request/workload.ts): the
// answered field is parsed by the parser its flag uses and, refused, named as the question (`the answer to
// "What is the round trip on that path?" must be …`). What follows from the answer follows, as an edit of
// answers already given should: another cloud keeps only its own regions, a path not between regions has no
// far region, a transfer ("50TB in 6h") sets the target it implies unless one was given apart from it, and a
// transfer that says how long it runs stands in for the sustained answer. Pure.

import {UserError} from '../domain/errors.js';
import type {Workload} from '../domain/types.js';
import {regionsOf} from '../sizing/cloud-regions.js';
import {parseTransferPhrase, transferPhrase} from './transfer-phrase.js';
import {transferTargetGbps} from './transfer-units.js';
import {parseField, type WorkloadInput} from './workload.js';
import {type FieldSource, fieldName, type WorkloadField} from './workload-fields.js';

/** A field a question answers; `transfer` answers the size and the time together, as a phrase. */
export type AnsweredField = WorkloadField | 'transfer';

/** The answers with a transfer phrase, or null (not known); refused when the phrase does not read. */
function withTransfer(workload: Workload, value: unknown, name: string): Workload {
	const transfer = value === null ? {transferBytes: null, withinSeconds: null} : parseTransferPhrase(String(value));
	if (transfer === null)
		throw new UserError(`${name} is not a size and a time such as 50TB in 6h (got ${JSON.stringify(value)})`);
	const derived = workload.minGbps === null || workload.minGbps === transferTargetGbps(workload);
	const changed = {...workload, ...transfer};
	const sustained = transferPhrase(transfer) === null ? workload.sustained : false;
	return {...changed, sustained, minGbps: derived ? transferTargetGbps(changed) : workload.minGbps};
}

/** What follows from a field's new value for the answers given before it. */
function following(workload: Workload, field: WorkloadField): Workload {
	if (field === 'cloud') {
		// A region is one cloud's: another cloud's answer drops it.
		const ours = (region: string | null) =>
			region !== null && regionsOf(workload.cloud).includes(region) ? region : null;
		return {...workload, region: ours(workload.region), toRegion: ours(workload.toRegion)};
	}

	// The far region belongs to a path between regions only.
	if (field === 'path' && workload.path !== 'cross-region') return {...workload, toRegion: null};
	return workload;
}

/**
 * `workload` with one answer: `field` parsed by its flag's parser, named as `source` (a wizard question) if
 * refused (a UserError: a line under the question), then what follows from it. The answers already given keep
 * their values: they were checked when given.
 */
export function withAnswered(workload: Workload, field: AnsweredField, value: unknown, source: FieldSource): Workload {
	if (field === 'transfer') return withTransfer(workload, value, fieldName('transferBytes', source));
	const input: WorkloadInput = {...workload, [field]: value};
	const parsed = parseField(field, input, source, workload);
	return following({...workload, [field]: parsed}, field);
}

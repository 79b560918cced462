// One configuration as the search holds it: what it is, its catalogue record, its prediction and price. Pure.

import type {Configuration, Prediction, ShapeRecord} from '../domain/model-types.js';
import type {ConfigurationPrice} from './price.js';

export interface Candidate {
	readonly configuration: Configuration;
	readonly record: ShapeRecord;
	readonly prediction: Prediction;
	readonly price: ConfigurationPrice;
	/**
	 * The prediction with its basis lines (the search ranks on `prediction`, which has none); `hosts` the
	 * buffers to explain it with (the ones `netplace tune` prints for it), else the search's.
	 */
	readonly explained?: (hosts?: {readonly tcpRmemMax: number | null; readonly tcpWmemMax: number | null}) => Prediction;
	/** The prediction with the hosts as they are (the search's rests on the plan's tuned hosts). */
	readonly asIs?: () => Prediction;
	/** How many facts the configuration rests on are unknown (an option's eligibility): it ranks after known ones. */
	readonly unknownFacts?: number;
}

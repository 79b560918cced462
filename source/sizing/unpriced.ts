// A configuration whose price is unknown is never read as a cheap one: with a target, it ranks after every
// priced configuration that meets it (compareCandidates: by price, unknown last); with none, after every
// priced one ($ per Gbps-hour, unknown last). Short of a target the order is how close each comes, priced
// or not. The answer groups them and says so, in one sentence every face shows. Pure.

import type {RankedConfiguration, UnpricedGroup} from '../domain/model-types.js';

/** The ranked configurations with no price, and the sentence that says where they rank; null when none. */
export function unpricedGroup(ranked: readonly RankedConfiguration[], target: number | null): UnpricedGroup | null {
	const unpriced = ranked.filter((configuration) => configuration.pricePerHour === null);
	if (unpriced.length === 0) return null;
	const reasons = [
		...new Set(unpriced.map((configuration) => configuration.priceUnknown ?? 'no source gives a price')),
	];
	const priced = ranked.length - unpriced.length;
	const count = `${String(unpriced.length)} of the ${String(ranked.length)} ranked configurations`;
	const where =
		priced === 0
			? 'none has a price, so they rank by what they carry'
			: target === null
				? 'they rank after every priced one'
				: `they rank after every priced one that meets ${String(target)} Gbps${unpriced.some((entry) => !entry.meetsTarget) ? ' (short of it, by how close each comes)' : ''}`;
	return {
		count: unpriced.length,
		ranks: unpriced.map((configuration) => configuration.rank),
		text: `Unpriced: ${count} have no price (${reasons.join('; ')}): ${where}; an unknown price is not a low one.`,
	};
}

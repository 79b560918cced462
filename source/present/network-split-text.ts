// The closing lines of a k8s probe run on both networks (`--network both`): per node pair, the host and pod
// networks' best valid figures, what the pod network costs and what bound the pair (probe/network-split.ts),
// each wrapped at words to the width (continuations under the pair's first word).

import type {NetworkSplit} from '../probe/network-split.js';
import {wrap} from './wrap.js';

export function networkSplitLines(splits: readonly NetworkSplit[], width = Number.POSITIVE_INFINITY): string[] {
	if (splits.length === 0) return [];
	return [
		...wrap('Pod network versus host network, per node pair:', width),
		...splits.flatMap((split) => wrap(split.text, width, '  ', '    ')),
	];
}

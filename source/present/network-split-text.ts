// The closing lines of a k8s probe run on both networks (`--network both`): per node pair, the host and pod
// networks' best valid figures, what the pod network costs and what bound the pair (probe/network-split.ts).

import type {NetworkSplit} from '../probe/network-split.js';

export function networkSplitLines(splits: readonly NetworkSplit[]): string[] {
	if (splits.length === 0) return [];
	return ['Pod network versus host network, per node pair:', ...splits.map((split) => `  ${split.text}`)];
}

// One evidence figure as a line, for both faces. Pure.

import {streamsLabel} from '../domain/format.js';
import type {EvidenceFigure} from '../domain/types.js';
import {formatGbps, formatMs} from './format.js';

/** "4.96 Gbps, 1 stream, aws c8g.4xlarge default (one sample, us-west-2)"; a probe's footing says "your probe", an import's "imported". */
export function evidenceLine(figure: EvidenceFigure): string {
	const parts: string[] = [];
	if (figure.gbps !== null) {
		parts.push(`${formatGbps(figure.gbps)} Gbps`);
		if (figure.streams !== null) parts.push(streamsLabel(figure.streams));
	}

	if (figure.rttMs !== undefined && figure.rttMs !== null) parts.push(`RTT ${formatMs(figure.rttMs)} ms`);
	parts.push(`${figure.cloud} ${figure.shape} ${figure.placement}`);
	const footing =
		figure.footing ?? (figure.source === 'reference' ? 'study' : figure.source === 'probe' ? 'your probe' : 'imported');
	return `${parts.join(', ')} (${footing})`;
}

import {Box, Text} from 'ink';
import {theme} from '../../../present/theme.js';
import {scrollKeysText} from '../../components/scroll/scroll.js';
import {ScrollPosition, ScrollView} from '../../components/scroll/scroll-view.js';
import type {StyledLine} from '../../components/styled-lines.js';

export interface ProbeResultsViewProps {
	/** The finished probe as lines (probe-results-lines.ts). */
	readonly lines: readonly StyledLine[];
	/** Rows the lines scroll in; undefined shows them whole. */
	readonly viewport: number | undefined;
	readonly offset: number;
}

/** Rows under the viewport: the keys and the scroll position. */
export const probeResultsFooterRows = 2;

/** The probe's figures, verdicts, teardown and the advice, scrolled as the answer screen scrolls. */
export function ProbeResultsView({lines, viewport, offset}: ProbeResultsViewProps) {
	return (
		<Box flexDirection="column">
			<ScrollView lines={lines} viewport={viewport} offset={offset} />
			<Text color={theme.text.muted} wrap="truncate-end">
				{scrollKeysText} · r probe again · Esc back to the result · q quit
			</Text>
			<ScrollPosition lines={lines} viewport={viewport} offset={offset} />
		</Box>
	);
}

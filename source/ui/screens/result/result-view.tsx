import {Box, Text} from 'ink';
import type {ReactNode} from 'react';
import type {Workload} from '../../../domain/types.js';
import {theme} from '../../../present/theme.js';
import {workloadSummary} from '../../../present/workload-summary.js';
import {wrap} from '../../../present/wrap.js';
import {ScrollPosition, ScrollView} from '../../components/scroll/scroll-view.js';
import type {StyledLine} from '../../components/styled-lines.js';
import type {ExportState} from '../export/export-reducer.js';
import {ExportScreen} from '../export/export-screen.js';
import type {SaveState} from '../save/save-reducer.js';
import {SaveScreen} from '../save/save-screen.js';
import {resultKeysText} from './result-keys.js';

const restartText = 'Start over and clear every answer? y start over · any other key keeps them';

/** Rows under the viewport: the keys (wrapped), a prompt or message line, the scroll position. */
function footerRows(width: number): number {
	return wrap(resultKeysText, width).length + 2;
}

/**
 * The rows the content scrolls in: the terminal's less the header, footer (or the answers panel's
 * `panelRows`) and a spare row (none known: all).
 */
export function viewportRows(width: number, rows: number | undefined, panelRows?: number): number | undefined {
	const footer = panelRows === undefined ? footerRows(width) : panelRows + 1;
	return rows === undefined ? undefined : Math.max(5, rows - footer - 2);
}

export interface ResultViewProps {
	readonly workload: Workload;
	/** The scrolled content (result-lines.ts). */
	readonly lines: readonly StyledLine[];
	readonly save: SaveState;
	readonly exported: ExportState;
	/** The answers list (`a`), shown in place of the keys; null when closed. */
	readonly panel?: ReactNode;
	/** `r` was pressed: the question before the answers are wiped. */
	readonly askingRestart?: boolean;
	readonly width: number;
	readonly viewport: number | undefined;
	/** First line in view, within the content. */
	readonly offset: number;
	/** The keys under the view: the answer's (default), or the help view's. */
	readonly keysText?: string;
}

/** The workload, the content's lines in view (the card first, then the decision order, table, notes); keys below. */
export function ResultView(props: ResultViewProps) {
	const {workload, lines, save, exported, panel = null, askingRestart = false, width, viewport, offset} = props;
	const keysText = props.keysText ?? resultKeysText;
	const prompting = save.mode === 'naming' || exported.mode === 'naming';
	return (
		<Box flexDirection="column" width={width}>
			<Text color={theme.text.muted}>netplace · {workloadSummary(workload)}</Text>
			<ScrollView lines={lines} viewport={viewport} offset={offset} />
			<Box flexDirection="column">
				<SaveScreen state={save} />
				<ExportScreen state={exported} />
				{panel}
				{askingRestart ? <Text color={theme.status.warning}>{wrap(restartText, width).join('\n')}</Text> : null}
				{prompting || panel !== null || askingRestart ? null : (
					<Text color={theme.text.muted}>{wrap(keysText, width).join('\n')}</Text>
				)}
				<ScrollPosition lines={lines} viewport={viewport} offset={offset} />
			</Box>
		</Box>
	);
}

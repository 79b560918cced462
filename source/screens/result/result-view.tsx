import {Box, Text} from 'ink';
import type {Advice} from '../../advisor/types.js';
import {BandwidthTable} from '../../components/bandwidth-table.js';
import {DecisionOrder} from '../../components/decision-order.js';
import {NotesList} from '../../components/notes-list.js';
import {RecommendationCardView} from '../../components/recommendation-card-view.js';
import {ScrollView} from '../../components/scroll-view.js';
import type {RecommendationCard} from '../../present/recommendation-card.js';
import {workloadSummary} from '../../present/workload-summary.js';
import {wrap} from '../../present/wrap.js';
import {isChanged, sizeArgv, type WhatIfState} from '../../session/what-if.js';
import {theme} from '../../theme.js';
import type {ExportState} from '../export/export-reducer.js';
import {ExportScreen} from '../export/export-screen.js';
import type {SaveState} from '../save/save-reducer.js';
import {SaveScreen} from '../save/save-screen.js';
import {scrollPosition} from './scroll.js';

const sideBySideFrom = 164;
const orderWidth = 62;
const keysText =
	'←/→ streams · +/− target · g placement · x ENA Express · t Tier_1 · 0 answers · ↑/↓ PgUp/PgDn Home/End scroll · e export Markdown · s save as profile · r start over · p probe · q quit';

/** Rows under the viewport: the keys (wrapped), a prompt or message line, the scroll position. */
export function footerRows(width: number): number {
	return wrap(keysText, width).length + 2;
}

export interface ResultViewProps {
	readonly whatIf: WhatIfState;
	readonly advice: Advice;
	readonly card: RecommendationCard | null;
	/** Why there is no card (the catalogue failed to load); null otherwise. */
	readonly engineProblem: string | null;
	/** What the evidence loader could not read (e.g. a corrupt stored run): one line each. */
	readonly warnings: readonly string[];
	readonly save: SaveState;
	readonly exported: ExportState;
	readonly width: number;
	readonly viewport: number | undefined;
	readonly offset: number;
	readonly contentHeight: number;
	readonly onMeasure: (height: number) => void;
}

function WhatIfLine({whatIf, width}: {readonly whatIf: WhatIfState; readonly width: number}) {
	const changed = isChanged(whatIf);
	const text = `${changed ? 'what-if' : 'same as'}: netplace size ${sizeArgv(whatIf.workload).join(' ')}`;
	return (
		<Box flexDirection="column">
			{wrap(text, width).map((line) => (
				<Text key={line} color={changed ? theme.status.warning : theme.text.muted}>
					{line}
				</Text>
			))}
		</Box>
	);
}

/** The recommendation card, then the decision order and the bandwidth table, the notes; keys below. */
export function ResultView(props: ResultViewProps) {
	const {whatIf, advice, card, engineProblem, save, exported, width, viewport, offset, contentHeight, onMeasure} =
		props;
	const sideBySide = width >= sideBySideFrom;
	const tableWidth = sideBySide ? width - orderWidth - 2 : width;
	const position = viewport === undefined ? null : scrollPosition(offset, {contentHeight, viewport});
	const prompting = save.mode === 'naming' || exported.mode === 'naming';
	return (
		<Box flexDirection="column" width={width}>
			<Text color={theme.text.muted}>netplace · {workloadSummary(whatIf.workload)}</Text>
			<ScrollView height={viewport} offset={offset} onMeasure={onMeasure}>
				<WhatIfLine whatIf={whatIf} width={width} />
				{props.warnings.map((warning) => (
					<Text key={warning} color={theme.status.warning}>
						{wrap(`warning: ${warning.replaceAll('\n', ' ')}`, width).join('\n')}
					</Text>
				))}
				{card ? (
					<Box marginTop={1} flexDirection="column">
						<RecommendationCardView card={card} width={width} />
					</Box>
				) : (
					<Text color={theme.status.error}>
						No recommendation: {engineProblem ?? 'the shape catalogue is not loaded'}
					</Text>
				)}
				<Box flexDirection={sideBySide ? 'row' : 'column'} marginTop={1}>
					<Box width={sideBySide ? orderWidth : width} flexDirection="column" marginRight={sideBySide ? 2 : 0}>
						<DecisionOrder steps={advice.steps} width={sideBySide ? orderWidth : width} />
					</Box>
					<Box width={tableWidth} flexDirection="column" marginTop={sideBySide ? 0 : 1}>
						<BandwidthTable rows={advice.bandwidth} width={tableWidth} />
					</Box>
				</Box>
				<Box marginTop={1} flexDirection="column">
					<NotesList notes={advice.notes} width={width} />
				</Box>
			</ScrollView>
			<Box flexDirection="column">
				<SaveScreen state={save} />
				<ExportScreen state={exported} />
				{prompting ? null : <Text color={theme.text.muted}>{wrap(keysText, width).join('\n')}</Text>}
				{position ? <Text color={theme.text.muted}>{position}</Text> : null}
			</Box>
		</Box>
	);
}

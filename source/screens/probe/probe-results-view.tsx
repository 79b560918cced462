import {Box, Text} from 'ink';
import type {Advice} from '../../advisor/types.js';
import {DecisionOrder} from '../../components/decision-order.js';
import {pad} from '../../present/bandwidth-table.js';
import type {ProbeRun} from '../../probe/types.js';
import {theme} from '../../theme.js';
import {
	ceilingVerdicts,
	limitLines,
	type ProbeResultRow,
	probeResultHeaders,
	probeResultRow,
	teardownLine,
} from './probe-results.js';

export interface ProbeResultsViewProps {
	readonly run: ProbeRun;
	/** Null for a partial run: it is kept and listed, never evidence. */
	readonly advice: Advice | null;
	readonly interrupted: boolean;
	readonly width: number;
}

const columns: ReadonlyArray<keyof ProbeResultRow> = [
	'placement',
	'single',
	'aggregate',
	'ratio',
	'percent',
	'rtt',
	'retransmits',
];
const narrowColumns: ReadonlyArray<keyof ProbeResultRow> = ['placement', 'single', 'aggregate', 'ratio', 'percent'];

/** The probe's figures, the per-flow ceiling verdict, teardown, and the advice with these figures as evidence. */
export function ProbeResultsView({run, advice, interrupted, width}: ProbeResultsViewProps) {
	const rows = run.pairs.map(probeResultRow);
	const shown = width >= 90 ? columns : narrowColumns;
	const widths = shown.map((id) => Math.max(probeResultHeaders[id].length, ...rows.map((row) => row[id].length)));
	const line = (row: ProbeResultRow): string =>
		shown.map((id, index) => pad(row[id], widths[index] ?? 0, index === 0 ? 'left' : 'right')).join('  ');
	return (
		<Box flexDirection="column">
			<Text bold color={theme.text.heading}>
				Results: {run.provider} {run.shape} ({run.runId})
			</Text>
			<Text color={theme.text.muted}>{line(probeResultHeaders)}</Text>
			{rows.map((row) => (
				<Text key={row.placement}>{line(row)}</Text>
			))}
			<Box marginTop={1} flexDirection="column">
				{ceilingVerdicts(run).map((verdict) => (
					<Text key={verdict} bold>
						Per-flow ceiling — {verdict}
					</Text>
				))}
				{limitLines(run).map((text) => (
					<Text key={text} wrap="wrap">
						{text}
					</Text>
				))}
				{run.pairs.flatMap((pair) =>
					(pair.errors ?? []).map((error) => (
						<Text key={`${pair.placement}/${error}`} color={theme.status.error}>
							{pair.placement}: {error}
						</Text>
					)),
				)}
				<Text color={run.teardown.complete ? theme.status.success : theme.status.error}>
					{teardownLine(run, interrupted)}
				</Text>
			</Box>
			<Box marginTop={1} flexDirection="column">
				{advice ? (
					<>
						<Text color={theme.text.muted}>With these measurements as evidence:</Text>
						<DecisionOrder steps={advice.steps} width={width} />
					</>
				) : (
					<Text color={theme.text.muted}>A partial run is kept and listed, never used as evidence.</Text>
				)}
			</Box>
			<Box marginTop={1}>
				<Text color={theme.text.muted}>r probe again · Esc back to the result · q quit</Text>
			</Box>
		</Box>
	);
}

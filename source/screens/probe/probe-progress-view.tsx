import {Box, Static, Text} from 'ink';
import {theme} from '../../theme.js';
import {finishedPrefix, type ProbeProgress, visibleNotes} from './probe-progress.js';
import {ProbeStepLine} from './probe-step-line.js';

export interface ProbeProgressViewProps {
	readonly progress: ProbeProgress;
	readonly aborting: boolean;
	readonly ignoredInterrupt: boolean;
	/** The run is over: pending steps were skipped. */
	readonly over: boolean;
}

/** One line per step: finished ones stay above in `<Static>`, only the running rest re-renders. */
export function ProbeProgressView({progress, aborting, ignoredInterrupt, over}: ProbeProgressViewProps) {
	const finished = finishedPrefix(progress);
	const rest = progress.lines.slice(finished.length);
	return (
		<Box flexDirection="column">
			<Static items={[...finished]}>{(line) => <ProbeStepLine key={line.step.id} line={line} />}</Static>
			{rest.map((line) => (
				<ProbeStepLine key={line.step.id} line={line} over={over} />
			))}
			{visibleNotes(progress, over).map((note) => (
				<Text key={note} color={theme.text.muted}>
					note: {note}
				</Text>
			))}
			{aborting ? <Text color={theme.status.warning}>Interrupted: stopping the test, tearing down…</Text> : null}
			{ignoredInterrupt ? (
				<Text color={theme.status.warning}>Teardown is running; Ctrl-C is ignored until it ends.</Text>
			) : null}
			{!over && !aborting ? <Text color={theme.text.muted}>Esc or Ctrl-C abort (teardown still runs)</Text> : null}
		</Box>
	);
}

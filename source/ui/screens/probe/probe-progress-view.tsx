import {Box, Text} from 'ink';
import {theme} from '../../../present/theme.js';
import {type ProbeProgress, visibleNotes} from './probe-progress.js';
import {ProbeStepLine} from './probe-step-line.js';

export interface ProbeProgressViewProps {
	readonly progress: ProbeProgress;
	readonly aborting: boolean;
	readonly ignoredInterrupt: boolean;
	/** The run is over: pending steps were skipped. */
	readonly over: boolean;
}

/**
 * One line per step, all in the live frame: a probe has a dozen steps, and they belong to this screen.
 * No `<Static>` here: Static output stays on the terminal above every later screen (a new probe form
 * showed the last run's steps), and Ink 6 keeps `rootNode.staticNode` pointing at an unmounted Static
 * whose Yoga node it has freed — the next render reads that freed node's size, and a garbage height
 * times width made Output.get() allocate cells until V8 aborted (the hang after probe, Esc, p, Enter).
 */
export function ProbeProgressView({progress, aborting, ignoredInterrupt, over}: ProbeProgressViewProps) {
	return (
		<Box flexDirection="column">
			{progress.runLabel === null ? null : <Text bold>{progress.runLabel}</Text>}
			{progress.lines.map((line) => (
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

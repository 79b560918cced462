import {Text} from 'ink';
import {formatGbps} from '../../../present/format.js';
import {theme} from '../../../present/theme.js';
import {BandwidthBar} from '../../components/bandwidth-bar.js';
import {Spinner} from '../../components/spinner.js';
import type {StepLine} from './probe-progress.js';

export interface ProbeStepLineProps {
	readonly line: StepLine;
	/** The run is over: pending steps were skipped. */
	readonly over?: boolean;
}

function where(line: StepLine): string {
	return line.step.placement ? `${line.step.placement} · ` : '';
}

/** One step of a probe: a mark or spinner, its label, a bar over the test's duration and the running Gbps. */
export function ProbeStepLine({line, over = false}: ProbeStepLineProps) {
	const label = `${where(line)}${line.step.label}`;
	switch (line.status) {
		case 'done': {
			return (
				<Text>
					<Text color={theme.status.success}>✔</Text> {label}
					{line.text ? <Text color={theme.text.muted}> — {line.text}</Text> : null}
				</Text>
			);
		}

		case 'failed': {
			return (
				<Text>
					<Text color={theme.status.error}>✘</Text> {label}
					{line.text ? <Text color={theme.status.error}> — {line.text}</Text> : null}
				</Text>
			);
		}

		case 'stopped': {
			return (
				<Text>
					<Text color={theme.status.warning}>■</Text> {label}
					<Text color={theme.status.warning}> — stopped</Text>
				</Text>
			);
		}

		case 'running': {
			const showBar = line.step.kind === 'streams' || line.step.kind === 'sustained' || line.step.kind === 'ping';
			return (
				<Text>
					<Spinner /> {label}
					{showBar ? (
						<Text>
							{' '}
							<BandwidthBar fraction={line.fraction} width={12} /> {Math.round(line.fraction * 100)}%
						</Text>
					) : null}
					{line.gbps === null ? null : <Text color={theme.text.accent}> {formatGbps(line.gbps)} Gbps</Text>}
				</Text>
			);
		}

		case 'pending': {
			return (
				<Text color={theme.text.muted}>
					{over ? '–' : '·'} {label}
					{over ? ' (skipped)' : ''}
				</Text>
			);
		}
	}
}

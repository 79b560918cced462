import {Text} from 'ink';
import {barCells} from '../../present/format.js';
import {theme} from '../../present/theme.js';

export interface BandwidthBarProps {
	/** 0..1 (null: nothing to compare with). */
	readonly fraction: number | null;
	readonly width: number;
}

/** A fraction at a glance: filled cells for the share (a probe step's progress). */
export function BandwidthBar({fraction, width}: BandwidthBarProps) {
	if (fraction === null) {
		return <Text color={theme.text.muted}>{'·'.repeat(width)}</Text>;
	}

	const {filled, empty} = barCells(fraction, width);
	return (
		<Text>
			<Text color={theme.bar.filled}>{'█'.repeat(filled)}</Text>
			<Text color={theme.bar.empty}>{'░'.repeat(empty)}</Text>
		</Text>
	);
}

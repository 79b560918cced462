import {Text} from 'ink';
import {barCells} from '../present/format.js';
import {theme} from '../theme.js';

export interface BandwidthBarProps {
	/** Measured over published, 0..1 (null: nothing published to compare with). */
	readonly fraction: number | null;
	readonly width: number;
}

/** Measured against published at a glance: filled cells for the measured share. */
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

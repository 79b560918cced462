// The terminal's width, following resizes; a pinned width (tests, --width) wins.

import {useStdout} from 'ink';
import {useEffect, useState} from 'react';

export function useTerminalWidth(pinned?: number): number {
	const {stdout} = useStdout();
	const [columns, setColumns] = useState(() => stdout.columns || 100);
	useEffect(() => {
		if (pinned !== undefined) {
			return undefined;
		}

		const onResize = (): void => setColumns(stdout.columns || 100);
		stdout.on('resize', onResize);
		return () => {
			stdout.off('resize', onResize);
		};
	}, [stdout, pinned]);
	return pinned ?? columns;
}

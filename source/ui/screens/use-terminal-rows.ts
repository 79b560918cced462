// The terminal's height, following resizes; a pinned height (tests) wins; undefined when unknown.

import {useStdout} from 'ink';
import {useEffect, useState} from 'react';

export function useTerminalRows(pinned?: number): number | undefined {
	const {stdout} = useStdout();
	const [rows, setRows] = useState<number | undefined>(() => stdout.rows || undefined);
	useEffect(() => {
		if (pinned !== undefined) return undefined;
		const onResize = (): void => setRows(stdout.rows || undefined);
		stdout.on('resize', onResize);
		return () => {
			stdout.off('resize', onResize);
		};
	}, [stdout, pinned]);
	return pinned ?? rows;
}

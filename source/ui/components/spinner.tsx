import {Text} from 'ink';
import {useEffect, useState} from 'react';
import {theme} from '../../present/theme.js';

const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** A small spinner for a running step. */
export function Spinner() {
	const [frame, setFrame] = useState(0);
	useEffect(() => {
		const timer = setInterval(() => setFrame((current) => (current + 1) % frames.length), 100);
		return () => clearInterval(timer);
	}, []);
	return <Text color={theme.status.running}>{frames[frame]}</Text>;
}

// The commands that measure an answer: its configuration on its own cloud (Region, placement, options, a sweep
// around its streams), and its cell in the lab, scaled, the path's RTT held by the delay line
// (request/probe-from-answer.ts, the facts the wizard's `p` fills the probe form with). The answer carries them
// (`Advice.probe`, session/answer.ts); `advise` prints them under the answer. Pure.

import type {Configuration} from '../domain/model-types.js';
import type {ProbeCommands} from '../domain/types.js';
import {probeCommandLine} from '../request/probe-field-flags.js';
import {type AnswerPath, labFieldsFor, probeFieldsFor} from '../request/probe-from-answer.js';

export type {ProbeCommands};

export function probeCommands(configuration: Configuration, workload: AnswerPath): ProbeCommands {
	// The path and its RTT are the form's to carry (for the lab); a cloud probe takes neither as a flag.
	const {path: _path, rtt: _rtt, ...cloud} = probeFieldsFor(configuration, workload);
	return {cloud: probeCommandLine(cloud), lab: probeCommandLine(labFieldsFor(configuration, workload))};
}

/** The command's words, a flag and its value kept together. */
function units(command: string): string[] {
	const joined: string[] = [];
	for (const word of command.split(' ')) {
		const last = joined.at(-1);
		if (last?.startsWith('--') && !last.includes(' ') && !word.startsWith('--')) {
			joined[joined.length - 1] = `${last} ${word}`;
		} else joined.push(word);
	}

	return joined;
}

/**
 * A command in lines of at most `width` columns, continued with ` \\` as a shell reads it (pasted whole, it
 * runs): a flag stays with its value; a flag longer than the line stays whole.
 */
export function shellLines(command: string, width: number, indent = '  '): string[] {
	const lines: string[] = [];
	let line = indent;
	for (const word of units(command)) {
		const joined = line.trim() === '' ? `${line}${word}` : `${line} ${word}`;
		if (joined.length + 2 <= width || line.trim() === '') {
			line = joined;
			continue;
		}

		lines.push(`${line} \\`);
		line = `${indent}  ${word}`;
	}

	return [...lines, line];
}

/** The commands under a heading each; `rttMs` is the path's RTT the lab's delay line holds (null: none). */
export function probeCommandLines(commands: ProbeCommands, rttMs: number | null, width: number): string[] {
	return [
		'Measure it on the cloud (add --ssh-cidr: who may SSH in):',
		...shellLines(commands.cloud, width),
		rttMs === null ? 'Or its cell in the lab, scaled:' : `Or its cell in the lab, scaled, at the path's ${rttMs} ms:`,
		...shellLines(commands.lab, width),
	];
}

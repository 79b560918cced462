// The commands that measure an answer: its configuration on its own cloud, and its cell in the lab at the
// path's RTT (request/probe-from-answer.ts, the facts the wizard's `p` fills the probe form with). `advise`
// prints them under the answer and carries them in its JSON as `probe`. Pure.

import type {Configuration} from '../domain/model-types.js';
import {probeCommandLine} from '../request/probe-flags.js';
import {type AnswerPath, labFieldsFor, probeFieldsFor} from '../request/probe-from-answer.js';

export interface ProbeCommands {
	/** The configuration on its cloud: Region, placement, options and a sweep around its streams. */
	readonly cloud: string;
	/** Its cell in the lab (scaled), the path's RTT held by the delay line. */
	readonly lab: string;
	/** The RTT the lab's delay line holds, ms; null: none given (the lab's own floor). */
	readonly labRttMs: number | null;
}

export function probeCommands(configuration: Configuration, workload: AnswerPath): ProbeCommands {
	return {
		cloud: probeCommandLine(probeFieldsFor(configuration, workload)),
		lab: probeCommandLine(labFieldsFor(configuration, workload)),
		labRttMs: workload.rttMs,
	};
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

export function probeCommandLines(commands: ProbeCommands, width: number): string[] {
	return [
		'Measure it on the cloud (add --ssh-cidr: who may SSH in):',
		...shellLines(commands.cloud, width),
		commands.labRttMs === null
			? 'Or its cell in the lab, scaled:'
			: `Or its cell in the lab, scaled, at the path's ${commands.labRttMs} ms:`,
		...shellLines(commands.lab, width),
	];
}

// A yes/no question on stderr for a person at a terminal; null when they pressed Ctrl-C or closed input.
// Callers decide what a script (no terminal) gets: usually an error telling it which flag to add.

import {createInterface} from 'node:readline/promises';
import {InterruptedError, UserError} from '../domain/errors.js';

export function canAsk(): boolean {
	return process.stdin.isTTY === true && process.stderr.isTTY === true;
}

export async function askYesNo(question: string): Promise<boolean | null> {
	const prompt = createInterface({input: process.stdin, output: process.stderr});
	const cancel = new AbortController();
	prompt.on('SIGINT', () => cancel.abort());
	prompt.on('close', () => cancel.abort());
	try {
		const answer = await prompt.question(`${question} [y/N] `, {signal: cancel.signal}).catch(() => null);
		return answer === null ? null : /^y(es)?$/i.test(answer.trim());
	} finally {
		prompt.close();
	}
}

/**
 * May a save or import replace the profile `name`? `--force`: yes. Not there: no need. A terminal asks
 * (no keeps it: exit 2; Ctrl-C: 130). A script gets false, and the store's refusal names --force.
 */
export async function mayOverwrite(
	store: {has(name: string): boolean; readonly path: string},
	name: string,
	force: boolean,
	verb: 'saved' | 'imported',
): Promise<boolean> {
	if (force || !store.has(name) || !canAsk()) return force;
	const answer = await askYesNo(`A profile named ${name} already exists in ${store.path}. Replace it?`);
	if (answer === null) throw new InterruptedError(`interrupted: nothing was ${verb}`);
	if (!answer) throw new UserError(`profile ${name} kept as it was; nothing was ${verb}`);
	return true;
}

import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {assertCommandFlags, commandFlags} from '../../source/request/command-flags.js';
import {flagSchema} from '../../source/request/flags.js';

const root = join(import.meta.dirname, '../..');

describe('which flags each command takes', () => {
	it('has a row for every command the CLI dispatches, naming only flags that exist', () => {
		const cli = readFileSync(join(root, 'source/command-line.ts'), 'utf8');
		const list = /const commandNames = \[([^\]]*)\]/.exec(cli)?.[1] ?? '';
		const commands = [...list.matchAll(/'([a-z-]+)'/g)].map((match) => match[1]);
		expect(commands.length).toBeGreaterThan(3);
		for (const command of commands) expect(Object.keys(commandFlags)).toContain(command);
		for (const flags of Object.values(commandFlags)) {
			for (const flag of flags) expect(Object.keys(flagSchema)).toContain(flag);
		}
	});

	it('refuses, in one line, every flag a command does not take', () => {
		expect(() => assertCommandFlags('table', new Set(['save', 'json', 'duration']))).toThrow(
			'netplace table does not take --save, --duration',
		);
		expect(() => assertCommandFlags('probe', new Set(['profile']))).toThrow('netplace probe does not take --profile');
		expect(() => assertCommandFlags('advise', new Set(['json', 'debug', 'save', 'minGbps']))).not.toThrow();
	});
});

import {execFileSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {shellJoin, shellQuote} from '../../../source/providers/ssh/shell-quote.js';

const nasty = [
	'plain',
	'',
	'two words',
	"it's",
	"''",
	'$(touch /tmp/netplace-pwned)',
	'`id`',
	'a;rm -rf /',
	'x && y || z',
	'>out <in',
	'*?[a-z]',
	'~root',
	// biome-ignore lint/suspicious/noTemplateCurlyInString: a literal shell word to quote
	'$HOME ${PATH}',
	'back\\slash',
	'"double"',
	'new\nline',
	'tab\there',
	'!bang #hash',
	'-P',
	'ünïcødé ✓',
	'%s',
];

describe('shellQuote', () => {
	it('leaves safe words alone and quotes everything else', () => {
		expect(shellQuote('iperf3')).toBe('iperf3');
		expect(shellQuote('-c')).toBe('-c');
		expect(shellQuote('198.18.0.2')).toBe('198.18.0.2');
		expect(shellQuote('')).toBe("''");
		expect(shellQuote('a b')).toBe("'a b'");
		expect(shellQuote("it's")).toBe(`'it'\\''s'`);
	});

	it('rejects NUL bytes and empty argv', () => {
		expect(() => shellQuote('a\0b')).toThrow(/NUL/);
		expect(() => shellJoin([])).toThrow(/empty/);
	});

	for (const shell of ['sh', 'bash']) {
		it(`every metacharacter reaches the program unchanged through ${shell}`, () => {
			const out = execFileSync(shell, ['-c', `printf '%s\\0' ${shellJoin(nasty)}`], {encoding: 'utf8'});
			expect(out.split('\0').slice(0, -1)).toEqual(nasty);
		});
	}
});

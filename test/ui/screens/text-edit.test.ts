import {describe, expect, it} from 'vitest';
import {visibleFields} from '../../../source/ui/screens/probe/probe-form.js';
import {fieldAtCursor, initialProbeState, probeReducer} from '../../../source/ui/screens/probe/probe-reducer.js';
import {applyTyped, typedKeys} from '../../../source/ui/screens/text-edit.js';

describe('applyTyped: a chunk of keys applied one by one', () => {
	it('erases with DEL and BS inside a chunk, then appends', () => {
		expect(applyTyped('20', '\u007F\u007F3')).toBe('3');
		expect(applyTyped('ab', '\bc')).toBe('ac');
		expect(applyTyped('', '\u007F')).toBe('');
	});

	it('drops control characters (CR, LF, tab, escape) and keeps printable ones', () => {
		expect(applyTyped('x', '\r\n\t\u001By-z')).toBe('xy-z');
	});

	it('takes what `accept` allows, up to the first character it refuses (never 1,5 -> 15)', () => {
		expect(applyTyped('1', '2.5b7', /^[\d.]$/)).toBe('12.5');
		expect(applyTyped('1', ',5', /^[\d.]$/)).toBe('1');
	});
});

describe('a probe-form field typed as one chunk', () => {
	it('ends with what a person would see, not hidden control characters', () => {
		let state = initialProbeState();
		const duration = visibleFields(state.values).findIndex((field) => field.id === 'duration');
		state = probeReducer(state, {type: 'move', delta: duration});
		expect(fieldAtCursor(state)).toBe('duration');
		state = probeReducer(state, {type: 'type-text', text: '\u007F\u007F3'});
		expect(state.values.duration).toBe('3');
	});
});

describe('typedKeys: a refused character is reported, and stops the chunk', () => {
	it('returns what was taken before it and the character refused', () => {
		expect(typedKeys('', '1,5', /^[\d.]$/)).toEqual({value: '1', refused: [',']});
		expect(typedKeys('', '-5', /^\d$/)).toEqual({value: '', refused: ['-']});
		expect(typedKeys('4', '\u007F2', /^\d$/)).toEqual({value: '2', refused: []});
	});
});

import {describe, expect, it} from 'vitest';
import type {ShapeRecord} from '../../source/domain/model-types.js';
import {loadCatalogue} from '../../source/sizing/catalogue.js';
import {
	initialTypeAheadState,
	matchItems,
	type PickItem,
	typeAheadReducer,
	visibleWindow,
} from '../../source/ui/components/type-ahead/type-ahead-reducer.js';
import {shapeItem} from '../../source/ui/screens/questions/shape-item.js';

const item = (label: string): PickItem => ({value: label, label, detail: '', published: ''});
const items = ['c7g.large', 'c8g.large', 'c8g.4xlarge', 'c8gn.4xlarge', 'm8g.xlarge', 'r8g.c8g-test', 'xc8g'].map(item);

describe('type-ahead reducer', () => {
	it('matches a name prefix first, then a part prefix, then anywhere', () => {
		expect(matchItems(items, 'C8G').map((match) => match.label)).toEqual([
			'c8g.large',
			'c8g.4xlarge',
			'c8gn.4xlarge',
			'r8g.c8g-test',
			'xc8g',
		]);
		expect(matchItems(items, '  ')).toEqual([]);
	});

	it('types (a chunk key by key), erases, moves within the matches and submits on Enter', () => {
		let state = typeAheadReducer(initialTypeAheadState(), {type: 'type-text', text: 'c8x\u007Fg'}, items);
		expect(state.query).toBe('c8g');
		state = typeAheadReducer(state, {type: 'move', delta: 1}, items);
		expect(state.matches[state.cursor]?.label).toBe('c8g.4xlarge');
		state = typeAheadReducer(state, {type: 'move', delta: 99}, items);
		expect(state.cursor).toBe(4);
		state = typeAheadReducer(state, {type: 'erase'}, items);
		expect(state).toMatchObject({query: 'c8', cursor: 0});
		expect(typeAheadReducer(state, {type: 'submit'}, items).submitted).toBe(true);
	});

	it('an Enter at the end of a typed chunk submits what it typed; a query without matches does not submit', () => {
		const pasted = typeAheadReducer(initialTypeAheadState(), {type: 'type-text', text: 'c8gn\r'}, items);
		expect(pasted).toMatchObject({query: 'c8gn', submitted: true});
		const none = typeAheadReducer(initialTypeAheadState(), {type: 'type-text', text: 'zz\r'}, items);
		expect(none).toMatchObject({query: 'zz', submitted: false});
		expect(typeAheadReducer(initialTypeAheadState(), {type: 'submit'}, items).submitted).toBe(true);
	});

	it('keeps the highlighted match inside the visible window', () => {
		const many = Array.from({length: 30}, (_, index) => item(`c8g.${index}`));
		let state = typeAheadReducer(initialTypeAheadState(), {type: 'type-text', text: 'c8g'}, many);
		state = typeAheadReducer(state, {type: 'move', delta: 20}, many);
		const {start, items: shown} = visibleWindow(state, 8);
		expect(shown).toHaveLength(8);
		expect(start).toBeLessThanOrEqual(20);
		expect(start + 8).toBeGreaterThan(20);
		expect(visibleWindow(typeAheadReducer(state, {type: 'move', delta: 99}, many), 8).start).toBe(22);
	});
});

describe('a catalogue shape as a type-ahead item', () => {
	it('marks what is missing with the answer\'s one mark: "arch -", "price -", never "unknown"', () => {
		const shapes = loadCatalogue().shapes;
		const p5e = shapes.find((record) => record.shape === 'p5e.48xlarge');
		expect(p5e?.arch).toBeNull();
		const item = shapeItem(p5e as ShapeRecord);
		expect(item.detail).toBe('aws · arch - · price -');
		const priced = shapeItem(shapes.find((record) => record.shape === 'c8gn.4xlarge') as ShapeRecord);
		expect(priced.detail).toBe('aws · 16 vCPU · 32 GiB · arm64 · $0.9480/h (us-east-1)');
		for (const record of shapes) expect(shapeItem(record).detail).not.toMatch(/unknown/);
	});
});

// A step's figures say a bound as a bound: a lower bound is "at least", and the factor is said only as far
// as the figures hold it (issue 23: bounds shown as bounds in every face, the decision order included).
import {describe, expect, it} from 'vitest';
import {deltaText} from '../../source/advice/what-ifs/deltas.js';

const flow = (from: number, to: number, bounds: {fromBound?: boolean; toBound?: boolean} = {}) =>
	deltaText({kind: 'flow', streams: 1, from, to, ...bounds});

describe('flow deltas with bounds', () => {
	it('measured or modelled on both sides: the figures and the factor', () => {
		expect(flow(4.96, 9.53)).toBe('one flow 4.96 → 9.53 Gbps (1.92×)');
	});

	it('a bound reached: at least, and the factor as a least factor', () => {
		expect(flow(0.95, 15.5, {toBound: true})).toBe('one flow 0.95 → at least 15.5 Gbps (≥16.3×)');
	});

	it('a bound left: no factor (the change is unknown)', () => {
		expect(flow(15.5, 31, {fromBound: true})).toBe('one flow at least 15.5 → 31 Gbps');
	});

	it('the same bound on both sides stays a bound', () => {
		expect(flow(21.69, 21.69, {fromBound: true, toBound: true})).toBe('one flow stays at least 21.69 Gbps');
	});

	it('a figure equal to a bound is not "stays"', () => {
		expect(flow(15.5, 15.5, {toBound: true})).toBe('one flow 15.5 → at least 15.5 Gbps');
	});
});

// Issue 42, finding 12 (in part): a stored run's rates are evidence only inside physical bounds. Before, a
// run file with gbps 1e308 or -50 passed the check and became evidence.
import {describe, expect, it} from 'vitest';
import {probeRunProblem} from '../../source/probe/results-validate.js';
import {makeRun} from './stored-run.js';

describe('probeRunProblem: rates outside physical bounds', () => {
	it('takes an ordinary run', () => {
		expect(probeRunProblem(makeRun('np-ok', 0.95))).toBeNull();
	});

	it.each([1e308, -50, 10_001])('refuses gbps %d', (gbps) => {
		const run = makeRun('np-bad', 0.95);
		const hostile = {
			...run,
			pairs: run.pairs.map((pair) => ({...pair, results: pair.results.map((r) => ({...r, gbps}))})),
		};
		expect(probeRunProblem(hostile)).toMatch(/\.gbps .* Gbps is outside 0 to 10000/);
	});
});

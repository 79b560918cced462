// The running probe's view: one run of several (k8s node pairs x networks) is headed by which run it is and
// what it measures, above its steps; a request of one run has no heading.
import {render} from 'ink-testing-library';
import {describe, expect, it} from 'vitest';
import {emptyProgress} from '../../../source/ui/screens/probe/probe-progress.js';
import {ProbeProgressView} from '../../../source/ui/screens/probe/probe-progress-view.js';

const step = {id: 'provision', label: 'provision the pods', placement: null, kind: 'provision'} as const;
const running = {
	...emptyProgress,
	runId: 'np-2',
	lines: [{step, status: 'running', fraction: 0, gbps: null, text: null}],
} as const;

describe('the probe progress view', () => {
	it('heads the steps with the run label when there are several runs', () => {
		const label = 'run 2 of 4: a-1 -> a-2 (same-zone), host network';
		const app = render(
			<ProbeProgressView
				progress={{...running, runLabel: label}}
				aborting={false}
				ignoredInterrupt={false}
				over={false}
			/>,
		);
		const lines = (app.lastFrame() ?? '').split('\n');
		expect(lines[0]).toBe(label);
		expect(lines[1]).toContain('provision the pods');
		app.unmount();
		const one = render(<ProbeProgressView progress={running} aborting={false} ignoredInterrupt={false} over={false} />);
		expect(one.lastFrame()).not.toContain('run ');
		one.unmount();
	});
});

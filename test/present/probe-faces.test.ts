// A probe run is laid out once (present/probe-result-lines.ts): `netplace probe` and `results show` print the
// lines as text, the wizard's probe screen paints the same lines, the Markdown export writes them unwrapped;
// and every face marks a figure not measured the one way, `-`.

import {describe, expect, it} from 'vitest';
import {advise} from '../../source/advice/advise.js';
import {referenceMeasurements} from '../../source/domain/study-cells.js';
import {defaultWorkload} from '../../source/domain/types.js';
import {renderProbeResult} from '../../source/present/probe-text.js';
import {runProbe} from '../../source/probe/run-probe.js';
import {toMeasurements} from '../../source/probe/to-measurements.js';
import {renderSessionMarkdown} from '../../source/session/session-markdown.js';
import {probeResultsLines} from '../../source/ui/screens/probe/probe-results-lines.js';
import {createFakeProvider} from '../probe/fake-provider.js';
import {fixture} from '../probe/fixtures.js';

const settings = {streams: [1, 8], durationSeconds: 2, repeat: 1, sustainedSeconds: null, pingCount: 20};
const capped = (streams: number): string =>
	fixture(streams === 1 ? 'iperf3/capped-1g-p1.json' : 'iperf3/capped-1g-p8.json');
const target = {shape: 'custom', placements: ['default' as const, 'cluster' as const], lab: {}};

describe('one layout, three faces', () => {
	it.each([80, 120])('at %i columns the screen shows the lines the text prints, word for word', async (width) => {
		const run = await runProbe(createFakeProvider({iperf3: capped}), target, settings, {runId: 'np-faces-1'});
		const advice = advise({...defaultWorkload, cloud: 'lab'}, [...referenceMeasurements(), ...toMeasurements(run)]);
		const text = renderProbeResult(run, advice, width);
		const screen = probeResultsLines({run, advice, interrupted: false, width}).map((spans) =>
			spans.map((span) => span.text).join(''),
		);
		expect(screen).toEqual(text);
		expect(text).toContain('teardown complete, nothing left behind.');
		expect(
			text.some((line) => line.startsWith('Recommended decision order with these measurements (lab, 1 stream)')),
		).toBe(true);
		for (const line of text) expect(line.length, line).toBeLessThanOrEqual(width);
	});

	it('the Markdown export holds the same pair rows and details, and every face marks the unknown `-`', async () => {
		// The CPU-bound recording: every test set aside, so the pair's figures are unknown.
		const run = await runProbe(createFakeProvider(), target, settings, {runId: 'np-faces-2'});
		const text = renderProbeResult(run, null, 120);
		const screen = probeResultsLines({run, advice: null, interrupted: false, width: 120}).map((spans) =>
			spans.map((span) => span.text).join(''),
		);
		const markdown = renderSessionMarkdown({
			workload: defaultWorkload,
			card: null,
			advice: advise(defaultWorkload, referenceMeasurements()),
			probes: [run],
		});
		expect(text.find((line) => line.startsWith('default '))).toMatch(/^default +- +- +- +- +[\d./]+ +\d+\/\d+$/);
		expect(markdown).toMatch(/\n\| default \| - \| - \| - \| - \| [\d./]+ \| \d+\/\d+ \|\n/);
		for (const line of text.filter((each) => /^ {2}(headline|per-flow ceiling|verdict): /.test(each)))
			expect(markdown).toContain(`\n- ${line.trim()}`);
		for (const face of [text.join('\n'), screen.join('\n'), markdown]) {
			expect(face).not.toContain('n/a');
			expect(face).not.toContain('—');
		}
	});
});

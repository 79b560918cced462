// present/ is the one presentation model: the text face (commands/text-*.ts) and the Ink face
// (components/) lay out the same columns, cells, labels, evidence lines and summaries.

import {render} from 'ink-testing-library';
import {describe, expect, it} from 'vitest';
import {advise} from '../../source/advice/advise.js';
import {bandwidthTable} from '../../source/advice/bandwidth-table.js';
import {paintLines, textStyle} from '../../source/cli/text-style.js';
import {referenceMeasurements} from '../../source/domain/study-cells.js';
import {defaultWorkload, type Measurement} from '../../source/domain/types.js';
import {layoutBandwidthTable} from '../../source/present/bandwidth-table.js';
import {bandwidthTableBody} from '../../source/present/bandwidth-table-lines.js';
import {evidenceLine} from '../../source/present/evidence-line.js';
import {formatGbps} from '../../source/present/format.js';
import {kindLabels} from '../../source/present/labels.js';
import {workloadSummary} from '../../source/present/workload-summary.js';
import {wrap} from '../../source/present/wrap.js';
import {BandwidthTable} from '../../source/ui/components/bandwidth-table.js';

const rows = bandwidthTable(referenceMeasurements());

describe('the bandwidth table model', () => {
	it('drops the least important columns first as the terminal narrows, within the width', () => {
		const ids = (width: number): string[] => layoutBandwidthTable(rows, width).columns.map((column) => column.id);
		expect(ids(140)).toEqual([
			'shape',
			'placement',
			'single',
			'aggregate',
			'published',
			'kind',
			'percent',
			'bar',
			'rtt',
			'jitter',
			'price',
		]);
		expect(ids(60).slice(0, 4)).toEqual(['shape', 'placement', 'single', 'aggregate']);
		expect(ids(60)).not.toContain('jitter');
		expect(ids(60)).not.toContain('price');
		for (const width of [60, 80, 100, 140]) {
			const layout = layoutBandwidthTable(rows, width);
			expect(Math.max(...[layout.header, ...layout.legend].map((line) => line.length))).toBeLessThanOrEqual(width);
		}
	});

	for (const width of [100, 60]) {
		it(`the Ink table and the text table show the same lines at ${width} columns (bars aside)`, () => {
			// Bars in both faces as their cell counts: the text face's ASCII, the screen's blocks.
			const marked = {
				...textStyle(false, {}),
				barFilled: (t: string) => `<${t.length}>`,
				barEmpty: (t: string) => `(${t.length})`,
			};
			const text = paintLines(bandwidthTableBody(rows, width), marked).map((line) => line.replaceAll('(0)', ''));
			const frame = render(<BandwidthTable rows={rows} width={width} />).lastFrame() ?? '';
			const ink = frame
				.split('\n')
				.slice(1)
				.map((line) =>
					line
						.replaceAll(/█+/g, (bar) => `<${bar.length}>`)
						.replaceAll(/░+/g, (bar) => `(${bar.length})`)
						.trimEnd(),
				);
			expect(ink).toEqual(text);
		});
	}

	it('keeps the derived-figure asterisks on screen, with the legend saying what they mean', () => {
		const frame = render(<BandwidthTable rows={rows} width={100} />).lastFrame() ?? '';
		expect(frame).toMatch(/c4a-standard-16\s+default\s+21\.69\*/);
		expect(frame).toContain("* derived from the study's percentages.");
	});

	it('names the kind of published figure with one set of labels in both faces', () => {
		const frame = render(<BandwidthTable rows={rows} width={100} />).lastFrame() ?? '';
		const text = paintLines(bandwidthTableBody(rows, 100), textStyle(false, {})).join('\n');
		for (const label of [kindLabels['peak-over-baseline'], kindLabels['derived-per-vcpu']]) {
			expect(frame).toContain(` ${label} `);
			expect(text).toContain(` ${label} `);
		}

		expect(frame).not.toContain('peak/baseline');
	});
});

describe('figures, evidence and summaries', () => {
	it('writes Gbps as the study does, marks derived figures and says unknown', () => {
		expect(formatGbps(4.96)).toBe('4.96');
		expect(formatGbps(15)).toBe('15');
		expect(formatGbps(21.69, true)).toBe('21.69*');
		expect(formatGbps(null)).toBe('-');
	});

	it('writes evidence with its cloud and footing; a probe says so', () => {
		// Issue 24: the evidence is the measured cell of the recommended configuration (c8g.4xlarge in a cluster
		// group), for a run inside the burst window as the study's were (else c8g rests on its baseline).
		const step = advise({...defaultWorkload, cloud: 'aws', withinSeconds: 300}).steps.find(
			(candidate) => candidate.id === 'parallelise',
		);
		expect(step?.id).toBe('parallelise');
		expect(evidenceLine(step!.evidence[0]!)).toBe(
			'9.53 Gbps, 1 stream, aws c8g.4xlarge cluster (one sample, us-west-2)',
		);
		const probe: Measurement = {
			...referenceMeasurements()[0]!,
			cloud: 'lab',
			source: 'probe',
			samples: 3,
			region: null,
			runId: 'r1',
		};
		const probeStep = advise({...defaultWorkload, cloud: 'lab'}, [probe]).steps[0];
		expect(probeStep?.evidence.map(evidenceLine).join('\n')).toContain('(3 samples, your probe, lab)');
	});

	it('restates a workload in one line, the GCP question only when GCP is in scope', () => {
		const workload = {...defaultWorkload, cloud: 'aws' as const, streams: 2, latencySensitive: true, minGbps: 40};
		expect(workloadSummary(workload)).toBe('AWS, 2 streams, latency-sensitive, at least 40 Gbps');
		expect(workloadSummary({...workload, keepLiveMigration: true})).not.toContain('live migration');
		expect(workloadSummary({...workload, cloud: 'gcp', keepLiveMigration: true})).toContain('keep live migration');
		expect(workloadSummary({...workload, path: 'cross-region', rttMs: 70, lossPercent: 0.01})).toBe(
			'AWS, 2 streams, latency-sensitive, at least 40 Gbps, cross-region, RTT 70 ms, loss 0.01%',
		);
	});

	it('wraps at spaces, indents continuation lines and cuts over-long words', () => {
		expect(wrap('4.96 Gbps, 1 stream — one sample', 12)).toEqual(['4.96 Gbps, 1', 'stream — one', 'sample']);
		expect(wrap('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
		expect(wrap('one two three four', 9, '- ', '  ')).toEqual(['- one two', '  three', '  four']);
		expect(wrap('', 10)).toEqual([]);
	});
});

import {describe, expect, it} from 'vitest';
import {advise} from '../../source/advice/advise.js';
import {referenceMeasurements} from '../../source/domain/study-cells.js';
import {defaultWorkload} from '../../source/domain/types.js';
import {recommendationCard} from '../../source/present/recommendation-card.js';
import type {ProbeRun} from '../../source/probe/types.js';
import {renderSessionMarkdown} from '../../source/session/session-markdown.js';
import {meetsThirty, unreachableThirty} from './size-fixtures.js';

const workload = {...defaultWorkload, cloud: 'aws' as const, streams: 4, minGbps: 30, placement: 'cluster' as const};
const advice = advise(workload, referenceMeasurements());

/** The rows of the first Markdown table under a `## title`, each as its cells (header and rule left out). */
function tableUnder(markdown: string, title: string): string[][] {
	const lines = (markdown.split(`## ${title}\n`)[1] ?? '').split('\n');
	const start = lines.findIndex((line) => line.startsWith('|'));
	const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
	return lines.slice(start + 2, end).map((line) =>
		line
			.slice(2, -2)
			.split(' | ')
			.map((text) => text.trim()),
	);
}

describe('renderSessionMarkdown', () => {
	it('writes the workload as a table, the recommendation with footing, alternatives and not-meeting rows as lists', () => {
		const card = recommendationCard(meetsThirty, workload);
		const markdown = renderSessionMarkdown({workload, card, advice, probes: [], writtenAt: '2026-12-01T10:00:00Z'});
		expect(markdown.startsWith('# netplace sizing session\n\nWritten 2026-12-01T10:00:00Z.')).toBe(true);
		expect(tableUnder(markdown, 'Workload')).toContainEqual(['placement', 'cluster']);
		expect(markdown).toContain(
			'Same answer from the command line: `netplace size --cloud aws --streams 4 --min-gbps 30 --placement cluster`',
		);
		expect(markdown).toContain('**Meets 30 Gbps with at most 4 streams: use this**');
		for (const figure of card.figures) {
			const value = figure.value.endsWith('✓') ? `**${figure.value}**` : figure.value;
			expect(markdown).toContain(`\n- ${figure.label}: ${value}${figure.footing ? `  ${figure.footing}` : ''}\n`);
		}

		const also = markdown.split('## Also meets the target\n\n')[1] ?? '';
		expect(also).toMatch(/^2\. gcp c4a-standard-32 — .+\n {3}.+\n3\. aws c8gn\.8xlarge — /);
		const notMeeting = markdown.split('## Does not meet the target\n\n')[1] ?? '';
		expect(notMeeting).toMatch(
			/^\d+\. aws c8g\.4xlarge — .+\n {3}.+\n {3}the instance figure \(14\.89 Gbps sustained\) is below the target\n/,
		);
	});

	it('carries the decision order with its evidence and footing, and the bandwidth table', () => {
		const markdown = renderSessionMarkdown({
			workload,
			card: recommendationCard(meetsThirty, workload),
			advice,
			probes: [],
		});
		for (const step of advice.steps) expect(markdown).toContain(`${step.rank}. **[`);
		expect(markdown).toMatch(/ {3}- 9\.53 Gbps, 1 stream, aws c8gn\.4xlarge cluster \(.+\)/);
		const rows = tableUnder(markdown, 'Measured versus published bandwidth');
		// A row a cell, under a row naming the cloud.
		expect(rows).toHaveLength(advice.bandwidth.length + 1);
		expect(rows[0]?.[0]).toBe('**AWS (us-west-2)**');
		expect(rows[1]?.slice(0, 2)).toEqual([advice.bandwidth[0]?.shape, advice.bandwidth[0]?.placement]);
	});

	it('says an unreachable target first and lists this session’s probe results', () => {
		const one = {...workload, streams: 1};
		const test = (streams: number, gbps: number) => ({
			streams,
			gbps,
			min: gbps,
			max: gbps,
			samples: 10,
			retransmits: 0,
		});
		const probe: ProbeRun = {
			runId: 'np-test-1',
			provider: 'aws',
			shape: 'c8gn.4xlarge',
			region: 'us-west-2',
			pairs: [
				{
					placement: 'cluster',
					published: {gbps: 12.5, kind: 'base-and-peak'},
					results: [test(1, 4.9), test(8, 7.1)],
					rtt: {medianMs: 0.07, avgMs: 0.072, mdevMs: 0.01},
					perFlowCeiling: {present: true, singleToAggregate: 0.69},
					percentOfPublished: 56.8,
					sustained: null,
				},
			],
			teardown: {complete: true, left: []},
		};
		const markdown = renderSessionMarkdown({
			workload: one,
			card: recommendationCard(unreachableThirty, one),
			advice,
			probes: [probe],
		});
		const recommendation = markdown.split('## Recommendation\n\n')[1] ?? '';
		expect(recommendation.startsWith('   **Nothing reaches 30 Gbps with at most 1 stream; closest:')).toBe(true);
		expect(markdown).toContain('## Next closest');
		expect(markdown).not.toContain('## Also meets');
		// The run as the probe screen and `netplace probe` lay it out: a row per pair, then its tests and details.
		const run = markdown.split('## Probe results (this session)\n')[1] ?? '';
		expect(run).toContain('## Probe np-test-1: aws, c8gn.4xlarge, us-west-2');
		expect(tableUnder(run, 'Probe np-test-1: aws, c8gn.4xlarge, us-west-2')).toEqual([
			['cluster', '4.9', '7.1 (8)', '0.69', '56.8% of published', '0.070/0.072/0.010', '0/0'],
		]);
		expect(run).toContain(
			'**cluster: published 12.5 Gbps (base-and-peak)**\n- headline: one flow 4.900 Gbps, 7.100 Gbps at 8 streams',
		);
		expect(run).toMatch(/\n\n\| streams \| Gbps \| min \|.*\n\| --- /);
		expect(run).toContain('\n- per-flow ceiling: one flow gets 69% of the aggregate: a per-flow ceiling is present\n');
		expect(run).toContain('**teardown complete, nothing left behind.**');
	});
});

import {describe, expect, it} from 'vitest';
import {advise} from '../../source/advice/advise.js';
import {referenceMeasurements} from '../../source/domain/study-cells.js';
import {defaultWorkload, type Measurement} from '../../source/domain/types.js';
import {recommendationCard} from '../../source/present/recommendation-card.js';
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
		const probe: Measurement = {
			...referenceMeasurements()[0]!,
			source: 'probe',
			runId: 'np-test-1',
			aggregateGbps: 7.1,
			singleFlowGbps: 4.9,
			streams: 8,
		};
		const markdown = renderSessionMarkdown({
			workload: one,
			card: recommendationCard(unreachableThirty, one),
			advice,
			probes: [{runId: 'np-test-1', measurements: [probe]}],
		});
		const recommendation = markdown.split('## Recommendation\n\n')[1] ?? '';
		expect(recommendation.startsWith('   **Nothing reaches 30 Gbps with at most 1 stream; closest:')).toBe(true);
		expect(markdown).toContain('## Next closest');
		expect(markdown).not.toContain('## Also meets');
		expect(tableUnder(markdown, 'Probe results (this session)')).toEqual([
			[probe.cloud, probe.shape, probe.placement, '4.9', '7.1', '8 streams', probe.rttMs?.toFixed(3) ?? '-'],
		]);
	});
});

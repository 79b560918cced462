// Laid out once (issue 24): every section of the answer is built by present/ as lines with roles, and each
// face only paints them. The ANSI text is present/'s answer painted line for line, the wizard's result
// screen holds the same lines in the theme's colours, the Markdown export each section's lines painted as
// Markdown; and no face's source lays out a section itself.

import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {adviseSized} from '../../source/advice/advise.js';
import {renderAdviceText} from '../../source/cli/text-output.js';
import {paintLines, textStyle} from '../../source/cli/text-style.js';
import {referenceMeasurements} from '../../source/domain/study-cells.js';
import {defaultWorkload, type Workload} from '../../source/domain/types.js';
import {answerLines, answerSections, sideBySideFrom} from '../../source/present/answer-lines.js';
import {cardLines, missingLegend} from '../../source/present/card-lines.js';
import {missing} from '../../source/present/format.js';
import {lineText, unwrapped} from '../../source/present/lines.js';
import {markdownLines} from '../../source/present/paint-markdown.js';
import {recommendationCard} from '../../source/present/recommendation-card.js';
import {renderSessionMarkdown} from '../../source/session/session-markdown.js';
import {initialWhatIf} from '../../source/session/what-if.js';
import {styledLines} from '../../source/ui/components/present-lines.js';
import {resultLines} from '../../source/ui/screens/result/result-lines.js';
import {meetsThirty} from '../session/size-fixtures.js';

const workloads: readonly Workload[] = [
	{...defaultWorkload, cloud: 'aws', streams: 1},
	{...defaultWorkload, cloud: 'aws', streams: 8, minGbps: 30, faultIsolation: true},
	{...defaultWorkload, cloud: 'gcp', streams: 4, latencySensitive: true},
	{...defaultWorkload, cloud: 'any', streams: 16, minGbps: 400},
];

function answer(workload: Workload) {
	const {advice, result} = adviseSized(workload, referenceMeasurements());
	if (result === null) throw new Error('no search for a real cloud');
	return {advice, card: recommendationCard(result, workload)};
}

const plain = textStyle(false, {});

describe('each face paints present/ lines', () => {
	for (const workload of workloads) {
		const {advice, card} = answer(workload);
		const label = `${workload.cloud}, ${workload.streams} streams`;

		for (const width of [60, 80, sideBySideFrom]) {
			it(`text (${label}, ${width} columns) is present/'s answer, painted line for line`, () => {
				const lines = answerLines(advice, card, width, {withWorkload: true});
				expect(renderAdviceText(advice, {width, style: plain}, card)).toEqual(paintLines(lines, plain));
				// Painting adds no text of its own (bars aside: their glyphs fill the bar's blank cell).
				const withoutBars = (text: string) => text.replaceAll(/[#-]+/g, (run) => ' '.repeat(run.length)).trimEnd();
				expect(paintLines(lines, plain).map(withoutBars)).toEqual(lines.map((row) => withoutBars(lineText(row))));
			});

			it(`the wizard's result screen (${label}, ${width} columns) holds the same lines`, () => {
				const shown = resultLines({
					whatIf: initialWhatIf(workload),
					advice,
					card,
					engineProblem: null,
					warnings: [],
					width,
				});
				const lines = styledLines(answerLines(advice, card, width, {withWorkload: false}));
				expect(shown.slice(-lines.length)).toEqual(lines);
			});
		}

		it(`Markdown (${label}) is each section's lines, built unwrapped, painted`, () => {
			const markdown = renderSessionMarkdown({workload, card, advice, probes: []});
			const sections = answerSections(advice, card, unwrapped);
			for (const name of ['card', 'decisionOrder', 'bandwidth', 'notes'] as const) {
				expect(sections[name].length, name).toBeGreaterThan(0);
				expect(markdown, name).toContain(markdownLines(sections[name]).join('\n'));
			}
		});
	}
});

/** The faces: each paints present/'s lines and must not lay a section out itself. */
const faces = [
	'source/cli/text-output.ts',
	'source/cli/size-text.ts',
	'source/cli/table.ts',
	'source/cli/advise.ts',
	'source/session/session-markdown.ts',
	'source/ui/screens/result/result-lines.ts',
	'source/ui/screens/result/result-view.tsx',
	'source/ui/components/bandwidth-table.tsx',
	'source/ui/components/decision-order.tsx',
	'source/ui/components/notes-lines.ts',
	'source/ui/screens/probe/probe-results-lines.ts',
];

/** What only a layout touches: the card's and the table's parts, formats, padding, Markdown syntax. */
const layoutWords = [
	/\.(figures|alternatives|notMeeting|setup|basis|headline|needs)\b/,
	/\blayoutBandwidthTable\b|\bbandwidthCellText\b|\browLines\b/,
	/\bformat(Gbps|Figure|Fixed|Ms|Price)\b|\bdollars(PerHour)?\b/,
	/\.pad(End|Start)\(/,
	/'\| |\| ---|'## /,
];

describe('no face lays out a section', () => {
	for (const file of faces) {
		it(`${file} imports from present/ only section lines, painters and the card's model`, () => {
			const source = readFileSync(file, 'utf8');
			const imports = [...source.matchAll(/from '(?:\.\.\/)+present\/([\w-]+)\.js'/g)].map((match) => match[1]);
			for (const name of imports) {
				expect(name, file).toMatch(
					/-lines$|^lines$|^paint-markdown$|^recommendation-card$|^workload-summary$|^wrap$|^theme$/,
				);
			}

			for (const word of layoutWords) expect(source, `${file}: ${word}`).not.toMatch(word);
		});
	}
});

describe('the card says what the steps say, with one mark for what is unknown', () => {
	it('OCI with fault isolation: the card runs in separate fault domains, as the DO step says', () => {
		const workload: Workload = {...defaultWorkload, cloud: 'oci', streams: 4, faultIsolation: true};
		const {advice, card} = answer(workload);
		const step = advice.steps.find((candidate) => candidate.id === 'oci-fault-domains');
		expect(step?.verdict).toBe('do');
		expect(step?.title.startsWith('separate fault domains')).toBe(true);
		expect(card.setup).toContain('placement: separate fault domains');
		expect(card.setup).not.toContain('placement: no placement group');
	});

	it('an unknown price is the missing mark, and the card says once what the mark means', () => {
		const workload: Workload = {...defaultWorkload, cloud: 'aws', streams: 4, minGbps: 30};
		const unpriced = meetsThirty.configurations.map((configuration, index) =>
			index === 1 ? {...configuration, pricePerHour: null, pricePerGbpsHour: null} : configuration,
		);
		const card = recommendationCard({...meetsThirty, configurations: unpriced}, workload);
		const text = paintLines(cardLines(card, 80), plain);
		expect(text.join('\n')).not.toMatch(/price unknown|Gbps unknown/);
		expect(text.some((row) => row.endsWith(`· price ${missing}`))).toBe(true);
		expect(text.filter((row) => row.includes(missingLegend))).toHaveLength(1);
		const priced = recommendationCard(meetsThirty, workload);
		expect(cardLines(priced, 80).map(lineText).join('\n')).not.toContain(missingLegend);
	});
});

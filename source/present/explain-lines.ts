// `netplace explain` laid out as lines (both faces): per test, what was measured, what the model predicts for the
// same configuration with its footing, the limit named with the figures that show it, and the next step.

import type {ExplainAnswer, ExplainedTest} from '../advice/explain-answer.js';
import type {ExplainLimit} from '../advice/explain-limit.js';
import {gbps, streamsLabel} from '../domain/format.js';
import type {ImportedTest} from '../domain/imported.js';
import type {Prediction} from '../domain/model-types.js';
import {wrap} from './wrap.js';

export const limitNames: Record<ExplainLimit, string> = {
	failed: 'none: the test failed',
	mtu: 'an MTU black hole (a stall)',
	cpu: 'CPU: the test measured its host',
	loss: 'loss (retransmits)',
	window: 'window ÷ RTT (the hosts’ TCP buffers)',
	'instance-baseline': 'the instance’s baseline after its burst',
	'per-flow-cap': 'a per-flow cap',
	instance: 'the aggregate (instance) cap',
	path: 'the path (its documented rule)',
	'none-known': 'none known',
};

function measuredText(test: ImportedTest): string {
	if (test.gbps === null) return 'no figure';
	const parts = [`${streamsLabel(test.streams)}`];
	// Typed checks, not null checks: a saved import is read back from a file the user may have edited.
	if (typeof test.seconds === 'number') parts.push(`${Math.round(test.seconds * 10) / 10} s`);
	if (typeof test.retransmits === 'number') parts.push(`${test.retransmits} retransmits`);
	const rtt = test.tcp?.meanRttMs;
	if (typeof rtt === 'number') parts.push(`RTT ${rtt.toFixed(2)} ms`);
	return `${gbps(test.gbps)} Gbps (${parts.join(', ')}), measured`;
}

function predictedText(explained: ExplainedTest, prediction: Prediction): string {
	const configuration = explained.configuration;
	const where =
		configuration === null
			? ''
			: ` for ${configuration.cloud} ${configuration.shape}, ${configuration.placement} placement, ${configuration.path} (shape from ${configuration.from})`;
	const single = `one flow ${gbps(prediction.singleFlowGbps)} Gbps ${prediction.footing.singleFlow}`;
	const streams = explained.test.streams;
	const total = `${streamsLabel(streams)} ${gbps(prediction.aggregateGbps)} Gbps ${prediction.footing.aggregate}`;
	return `${single}, ${total}; binding limit ${prediction.bindingLimit}${where}`;
}

function gapText(test: ImportedTest, prediction: Prediction | null): string | null {
	if (prediction?.aggregateGbps == null || test.gbps === null || prediction.aggregateGbps <= 0) return null;
	return `measured ÷ predicted: ${Math.round((test.gbps / prediction.aggregateGbps) * 100)}%`;
}

function testLines(explained: ExplainedTest, width: number): string[] {
	const {test, prediction, attribution} = explained;
	const row = (label: string, text: string): string[] =>
		wrap(text, width, `  ${label.padEnd(10)} `, `  ${' '.repeat(10)} `);
	const gap = gapText(test, prediction);
	return [
		...wrap(`${test.file}: ${test.tool}, ${test.label}`, width),
		...row('measured', measuredText(test)),
		...row(
			'predicted',
			prediction === null
				? 'no prediction: no shape known (--shape S, --path P, --rtt MS)'
				: predictedText(explained, prediction),
		),
		...(gap === null ? [] : row('', gap)),
		...row('limit', `${limitNames[attribution.limit] ?? attribution.limit} (${attribution.footing})`),
		...attribution.evidence.flatMap((line) => row('', line)),
		...(typeof test.statedLimit === 'string' ? row('', `the file's own verdict: ${test.statedLimit}`) : []),
		...explained.notes.flatMap((line) => row('note', line)),
		...row('next', explained.next),
	];
}

/** The whole answer: each test's block, a blank line between, the files' notes after. */
export function explainLines(answer: ExplainAnswer, width: number): string[] {
	const blocks = answer.tests.map((explained) => testLines(explained, width));
	const notes = answer.files.flatMap(({file, notes: said}) => said.flatMap((note) => wrap(`${file}: ${note}`, width)));
	return [
		...blocks.flatMap((block, index) => (index === 0 ? block : ['', ...block])),
		...(notes.length > 0 ? ['', ...notes] : []),
	];
}

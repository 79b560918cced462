// The wizard's questions as data: one a screen, in order. Pure: no React, no Ink, no I/O.

import {cloudNames, clouds, liveMigrationClouds} from '../../../domain/clouds.js';
import {arches} from '../../../domain/model-types.js';
import type {CloudScope, Workload} from '../../../domain/types.js';
import {transferPhrase} from '../../../request/transfer-phrase.js';
import {transferTargetGbps} from '../../../request/transfer-units.js';
import {withAnswered} from '../../../request/workload-answer.js';
import type {SizingQuestionId} from './sizing-questions.js';

export type QuestionId =
	| 'cloud'
	| 'streams'
	| 'latencySensitive'
	| 'faultIsolation'
	| 'transfer'
	| 'minGbps'
	| 'sustained'
	| 'keepLiveMigration'
	| 'path'
	| 'toRegion'
	| 'rttMs'
	| 'hostsAsIs'
	| SizingQuestionId;

/**
 * A value an option sets; `type` opens a text field, `pick` the catalogue's type-ahead, `measure` a field for
 * a host whose round trip is then measured.
 */
export type AnswerValue = CloudScope | number | boolean | string | null;

export interface QuestionOption {
	readonly label: string;
	readonly value: AnswerValue | 'type' | 'pick' | 'measure';
}

export interface Question {
	readonly id: QuestionId;
	readonly title: string;
	readonly help: string;
	readonly options: readonly QuestionOption[];
	/** Label of the text field opened by a `type` option. */
	readonly typePrompt?: string;
}

const yesNo: readonly QuestionOption[] = [
	{label: 'Yes', value: true},
	{label: 'No', value: false},
];

export const questions: readonly Question[] = [
	{
		id: 'cloud',
		title: 'Which cloud?',
		help: 'Advice and the bandwidth table cover the clouds in scope.',
		// The clouds' own list and names (domain/clouds.ts), then all of them.
		options: [
			...clouds.map((cloud): QuestionOption => ({label: cloudNames[cloud].label, value: cloud})),
			{label: 'Any of them', value: 'any'},
		],
	},
	{
		id: 'streams',
		title: 'How many parallel connections can the data path really open?',
		help: 'Count what the software opens at once, not what it could in theory.',
		options: [
			{label: '1', value: 1},
			{label: '2', value: 2},
			{label: '4', value: 4},
			{label: '8', value: 8},
			{label: '16+', value: 16},
			{label: 'Type a number…', value: 'type'},
		],
		typePrompt: 'Parallel connections (a whole number, 1 or more)',
	},
	{
		id: 'latencySensitive',
		title: 'Is the traffic latency-sensitive?',
		help: 'Request paths where round-trip time and its tail matter.',
		options: yesNo,
	},
	{
		id: 'faultIsolation',
		title: 'Is correlated failure the risk (fault isolation)?',
		help: 'Replicas, quorum members, instances behind one load balancer.',
		options: yesNo,
	},
	{
		id: 'transfer',
		title: 'How much data, and by when?',
		help: 'Optional. Size ÷ time sets the target; the time says if a burst can carry it.',
		options: [
			{label: 'Not known', value: null},
			{label: 'Type a size and a time…', value: 'type'},
		],
		typePrompt: 'Size and time, e.g. 50TB in 6h (either alone: 500GB, in 90m)',
	},
	{
		id: 'minGbps',
		title: 'How much aggregate bandwidth is needed?',
		help: 'Optional: skip it, or give a figure in Gbps.',
		options: [
			{label: 'Skip (no target)', value: null},
			{label: 'Type a figure in Gbps…', value: 'type'},
		],
		typePrompt: 'Aggregate Gbps needed (a number above 0)',
	},
	{
		id: 'sustained',
		title: 'Do transfers run longer than five minutes?',
		help: 'Sustained transfers meet burst ratings and their baselines.',
		options: yesNo,
	},
	{
		id: 'keepLiveMigration',
		title: 'GCP: must live migration be kept?',
		help: 'Compact (COLLOCATED) placement needs onHostMaintenance=TERMINATE, which gives it up.',
		options: yesNo,
	},
	{
		id: 'path',
		title: 'Where does the traffic go?',
		help: 'Cluster groups and compact placement are one zone; longer paths add round trip and lower the MTU.',
		options: [
			{label: 'Within one zone', value: 'same-zone'},
			{label: 'Between zones of a region', value: 'cross-zone'},
			{label: 'Between regions', value: 'cross-region'},
			{label: 'To or from the internet', value: 'internet'},
		],
	},
	{
		id: 'toRegion',
		title: 'Which region is the far end in?',
		help: 'Data transfer between two regions is priced by the pair; not known, the bill says its charge is unknown.',
		options: [
			{label: 'Not known', value: null},
			{label: 'Pick from the cloud’s regions…', value: 'pick'},
		],
	},
	{
		id: 'rttMs',
		title: 'What is the round trip on that path?',
		help: 'One flow carries at most window ÷ RTT. Not known: that term is left out, and said.',
		options: [
			{label: 'Not known', value: null},
			{label: 'Type it in ms…', value: 'type'},
			{label: 'Measure it: ping a host at the far end…', value: 'measure'},
		],
		typePrompt: 'Round trip in ms (a number above 0)',
	},
	{
		id: 'hostsAsIs',
		title: 'Can the hosts’ TCP settings be changed?',
		help: 'Buffers cost nothing: tuned as netplace tune prints, unless they cannot be.',
		options: [
			{label: 'Yes: tune them for the plan', value: false},
			{label: 'No: take them as they are', value: true},
		],
	},
	{
		id: 'arch',
		title: 'Which CPU architecture? (optional)',
		help: 'Narrows the shapes searched; any lets the search choose.',
		options: [{label: 'Any', value: null}, ...arches.map((arch) => ({label: arch, value: arch}))],
	},
	{
		id: 'minVcpus',
		title: 'At least how many vCPUs? (optional)',
		help: 'For the work the hosts do besides moving data.',
		options: [
			{label: 'Any', value: null},
			...[4, 8, 16, 32, 64].map((count) => ({label: String(count), value: count})),
			{label: 'Type a number…', value: 'type'},
		],
		typePrompt: 'Minimum vCPUs (a whole number, 1 or more)',
	},
	{
		id: 'minMemoryGib',
		title: 'At least how much memory? (optional)',
		help: 'GiB per host.',
		options: [
			{label: 'Any', value: null},
			...[16, 32, 64, 128, 256].map((gib) => ({label: `${gib} GiB`, value: gib})),
			{label: 'Type a figure…', value: 'type'},
		],
		typePrompt: 'Minimum memory in GiB (a number above 0)',
	},
	{
		id: 'region',
		title: 'Which region? (optional)',
		help: 'Prices and offerings are per region; any uses the catalogue’s price region.',
		options: [
			{label: 'Any', value: null},
			{label: 'Pick from the cloud’s regions…', value: 'pick'},
		],
	},
	{
		id: 'shape',
		title: 'Is there a shape you have or are considering? (optional)',
		help: 'Then only that shape is sized, per placement and option; type part of a name to find it.',
		options: [
			{label: 'No: search every shape', value: null},
			{label: 'Pick from the catalogue…', value: 'pick'},
		],
	},
];

/**
 * The option `y` or `n` answers: the one whose label says Yes or No (a question may ask the opposite of its
 * field: "Can the hosts' TCP settings be changed?" Yes is hostsAsIs false); -1 when none does.
 */
export function yesNoIndex(question: Question, yes: boolean): number {
	const word = yes ? 'Yes' : 'No';
	return question.options.findIndex((option) => option.label === word || option.label.startsWith(`${word}:`));
}

/** The region question with the region already given (--region, a profile, an earlier pick) as a choice. */
function withRegion(question: Question, workload: Workload): Question {
	if (question.id !== 'region' || workload.region === null) return question;
	const [any, ...rest] = question.options;
	const given = {label: `Keep ${workload.region}`, value: workload.region};
	return {...question, options: [...(any ? [any] : []), given, ...rest]};
}

function asked(id: QuestionId, workload: Workload): boolean {
	const {cloud, path} = workload;
	// Asked only when a cloud in scope has a placement that costs it (GCP's COLLOCATED).
	if (id === 'keepLiveMigration') return liveMigrationClouds(cloud).length > 0;
	// A transfer's size or time says how long it runs: whether it outlasts the burst window follows from it.
	if (id === 'sustained') return transferPhrase(workload) === null;
	// Within one zone the study's RTT serves: the window never binds there, and the buffers do not matter.
	if (id === 'rttMs' || id === 'hostsAsIs') return path !== 'same-zone';
	// The far end of a path between regions: a region name is one cloud's.
	if (id === 'toRegion') return path === 'cross-region' && cloud !== 'any' && cloud !== 'lab';
	// Region names are one cloud's: asked when one cloud is in scope.
	if (id === 'region') return cloud !== 'any' && cloud !== 'lab';
	return true;
}

/** The questions asked for the answers so far (the cloud decides whether the GCP and region ones are asked). */
export function activeQuestions(workload: Workload): readonly Question[] {
	return questions
		.filter((question) => asked(question.id, workload))
		.map((question) => withShapes(withRegion(withTransferTarget(question, workload), workload), workload));
}

/** The bandwidth question with the transfer's target (size ÷ time) as a choice, where the transfer sets one. */
function withTransferTarget(question: Question, workload: Workload): Question {
	const target = transferTargetGbps(workload);
	if (question.id !== 'minGbps' || target === null) return question;
	const [skip, ...rest] = question.options;
	const fromTransfer = {label: `The transfer’s: ${target} Gbps (${transferPhrase(workload) ?? ''})`, value: target};
	return {...question, options: [...(skip ? [skip] : []), fromTransfer, ...rest]};
}

/** The shape question with the shapes already given (--shape, a profile, an earlier pick) as a choice, kept on Enter. */
function withShapes(question: Question, workload: Workload): Question {
	if (question.id !== 'shape' || workload.shapes.length === 0) return question;
	const [none, ...rest] = question.options;
	const given = {label: `Keep ${workload.shapes.join(', ')}`, value: workload.shapes.join(',')};
	return {...question, options: [...(none ? [none] : []), given, ...rest]};
}

/** The answer a question currently holds in a workload. */
export function answerOf(workload: Workload, id: QuestionId): AnswerValue {
	if (id === 'shape') return workload.shapes.length === 0 ? null : workload.shapes.join(',');
	if (id === 'transfer') return transferPhrase(workload);
	return workload[id];
}

/**
 * A workload with one answer set, through the request layer's one workload builder (request/workload-answer.ts):
 * the value is checked by its flag's parser and, refused, named as this question (a UserError).
 */
export function withAnswer(workload: Workload, id: QuestionId, value: AnswerValue): Workload {
	const question = questions.find((each) => each.id === id);
	return withAnswered(workload, id === 'shape' ? 'shapes' : id, value, {
		kind: 'question',
		question: question?.title ?? id,
	});
}

/** Where the cursor starts on a question: on the option holding the current answer. */
export function initialCursor(question: Question, workload: Workload): number {
	const current = answerOf(workload, question.id);
	const exact = question.options.findIndex((option) => option.value === current);
	if (exact >= 0) {
		return exact;
	}

	const typed = question.options.findIndex((option) => option.value === 'type');
	return typed >= 0 && current !== null ? typed : 0;
}

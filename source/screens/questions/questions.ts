// The wizard's questions as data: one a screen, in order. Pure: no React, no Ink, no I/O.

import type {CloudScope, Workload} from '../../advisor/types.js';

export type QuestionId =
	| 'cloud'
	| 'streams'
	| 'latencySensitive'
	| 'faultIsolation'
	| 'minGbps'
	| 'sustained'
	| 'keepLiveMigration';

/** A value an option sets; `type` opens a text field for a number instead. */
export type AnswerValue = CloudScope | number | boolean | null;

export interface QuestionOption {
	readonly label: string;
	readonly value: AnswerValue | 'type';
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
		options: [
			{label: 'AWS', value: 'aws'},
			{label: 'GCP', value: 'gcp'},
			{label: 'OCI', value: 'oci'},
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
];

/** GCP's question applies only when GCP is in scope. */
export function gcpInScope(cloud: CloudScope): boolean {
	return cloud === 'gcp' || cloud === 'any';
}

/** The questions asked for the answers so far (the cloud decides whether the GCP one is asked). */
export function activeQuestions(workload: Workload): readonly Question[] {
	return questions.filter((question) => question.id !== 'keepLiveMigration' || gcpInScope(workload.cloud));
}

/** The answer a question currently holds in a workload. */
export function answerOf(workload: Workload, id: QuestionId): AnswerValue {
	return workload[id];
}

/** A workload with one answer set. Values are those of the question's options or a parsed typed number. */
export function withAnswer(workload: Workload, id: QuestionId, value: AnswerValue): Workload {
	switch (id) {
		case 'cloud': {
			return typeof value === 'string' ? {...workload, cloud: value} : workload;
		}

		case 'streams': {
			return typeof value === 'number' ? {...workload, streams: value} : workload;
		}

		case 'minGbps': {
			return typeof value === 'number' || value === null ? {...workload, minGbps: value} : workload;
		}

		default: {
			return typeof value === 'boolean' ? {...workload, [id]: value} : workload;
		}
	}
}

export type ParsedNumber = {readonly ok: true; readonly value: number} | {readonly ok: false; readonly error: string};

/** Parse what the user typed for a `type` option. */
export function parseTyped(id: QuestionId, text: string): ParsedNumber {
	const trimmed = text.trim();
	if (id === 'streams') {
		if (!/^\d+$/.test(trimmed)) {
			return {ok: false, error: 'Type a whole number of connections, 1 or more.'};
		}

		const value = Number(trimmed);
		if (value < 1 || value > 4096) {
			return {ok: false, error: 'Connections must be between 1 and 4096.'};
		}

		return {ok: true, value};
	}

	if (!/^\d+(\.\d+)?$/.test(trimmed)) {
		return {ok: false, error: 'Type a figure in Gbps, e.g. 40 or 12.5.'};
	}

	const value = Number(trimmed);
	if (value <= 0 || value > 10_000) {
		return {ok: false, error: 'Gbps must be above 0 and at most 10000.'};
	}

	return {ok: true, value};
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

// The result screen's answers list: each question asked, by a short name, with the answer it holds as the
// question's own option label (or the typed figure with its unit). Pure.

import type {Workload} from '../../../domain/types.js';
import {type AnswerValue, answerOf, type Question, type QuestionId} from '../questions/questions.js';

const shortNames: Readonly<Record<QuestionId, string>> = {
	cloud: 'Cloud',
	streams: 'Parallel connections',
	latencySensitive: 'Latency-sensitive',
	faultIsolation: 'Fault isolation',
	transfer: 'Data and time',
	minGbps: 'Aggregate target',
	sustained: 'Transfers > 5 min',
	keepLiveMigration: 'Keep live migration',
	path: 'Path',
	toRegion: 'Far region',
	rttMs: 'Round trip',
	hostsAsIs: 'Hosts’ TCP settings',
	arch: 'CPU architecture',
	minVcpus: 'At least vCPUs',
	minMemoryGib: 'At least memory',
	region: 'Region',
	shape: 'Shape',
};

const units: Partial<Record<QuestionId, string>> = {minGbps: ' Gbps', minMemoryGib: ' GiB', rttMs: ' ms'};

export function shortName(id: QuestionId): string {
	return shortNames[id];
}

/** "AWS", "Yes", "30 Gbps", "Any": the option that holds the answer, else the value as typed. */
export function answerLabel(question: Question, workload: Workload): string {
	const value: AnswerValue = answerOf(workload, question.id);
	const option = question.options.find((candidate) => candidate.value === value);
	if (option) return option.label;
	if (value === null) return 'none';
	return `${String(value)}${units[question.id] ?? ''}`;
}

/** One row per question asked: "Cloud  AWS". */
export function answerRows(asked: readonly Question[], workload: Workload): string[] {
	const width = Math.max(...asked.map((question) => shortName(question.id).length)) + 2;
	return asked.map((question) => `${shortName(question.id).padEnd(width)}${answerLabel(question, workload)}`);
}

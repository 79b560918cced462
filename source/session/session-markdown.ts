// The sizing session as Markdown, for a design doc or a ticket: the workload, the recommendation with
// each figure's footing, the alternatives, what does not meet the target and why, the decision order
// with its evidence, the bandwidth table, this session's probe runs (as the probe screen lays them out) and
// the notes. The wizard's `e` writes it to a file; `netplace advise --format markdown` prints it. Every
// section is present/'s lines, the ones the screen and the text output paint, painted as Markdown: this
// file lays out nothing. Pure.

import type {Advice, Workload} from '../domain/types.js';
import {bandwidthTableLines} from '../present/bandwidth-table-lines.js';
import {cardLines} from '../present/card-lines.js';
import {decisionOrderLines} from '../present/decision-order-lines.js';
import {line, type PresentLine} from '../present/lines.js';
import {notesLines} from '../present/notes-lines.js';
import {markdownSection} from '../present/paint-markdown.js';
import {sessionProbeLines} from '../present/probe-result-lines.js';
import type {RecommendationCard} from '../present/recommendation-card.js';
import {workloadAnswerLines} from '../present/workload-lines.js';
import type {ProbeRun} from '../probe/types.js';
import {sizeArgv} from './what-if.js';

export type SessionProbe = ProbeRun;

export interface SessionRecord {
	readonly workload: Workload;
	/** Null while the catalogue is not loaded: the file then has the decision order only. */
	readonly card: RecommendationCard | null;
	readonly advice: Advice;
	readonly probes: readonly SessionProbe[];
	/** When the file was written (ISO); omitted, no date line. */
	readonly writtenAt?: string;
}

/** The document's sections, in order: each built by present/ (unwrapped), none laid out here. */
function sections(session: SessionRecord): ((width: number) => readonly PresentLine[])[] {
	const {workload, card, advice} = session;
	const command = `Same answer from the command line: \`netplace size ${sizeArgv(workload).join(' ')}\``;
	return [
		() => [...workloadAnswerLines(workload), line(command)],
		...(card ? [(width: number) => cardLines(card, width)] : []),
		(width) => decisionOrderLines(advice.steps, width),
		(width) => bandwidthTableLines(advice.bandwidth, width),
		(width) => sessionProbeLines(session.probes, width),
		(width) => notesLines(advice.notes, width),
	];
}

export function renderSessionMarkdown(session: SessionRecord): string {
	const lines = ['# netplace sizing session', ''];
	if (session.writtenAt) lines.push(`Written ${session.writtenAt}.`, '');
	for (const build of sections(session)) {
		const section = markdownSection(build);
		if (section.some((text) => text !== '')) lines.push(...section);
	}

	return `${lines
		.join('\n')
		.replaceAll(/\n{3,}/g, '\n\n')
		.trimEnd()}\n`;
}

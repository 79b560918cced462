import type {Step} from '../advisor/types.js';
import {evidenceLine} from '../present/evidence-line.js';
import {verdictLabels} from '../present/labels.js';
import {wrap} from '../present/wrap.js';
import {theme} from '../theme.js';
import {hangingLines} from './hanging-lines.js';
import {blankLine, plainLine, type StyledLine, StyledLines} from './styled-lines.js';

export interface DecisionOrderProps {
	readonly steps: readonly Step[];
	/** Columns available. */
	readonly width: number;
}

const indent = 3;
const padding = ' '.repeat(indent);

/** Indented under the step's title. */
function indented(lines: readonly StyledLine[]): StyledLine[] {
	return lines.map((line) => [{text: padding}, ...line]);
}

function stepLines(step: Step, width: number): StyledLine[] {
	const rank = `${step.rank}. `.padEnd(indent);
	const badge = `[${verdictLabels[step.verdict]}]`;
	const head = `${rank}${badge} `;
	const [first = head, ...rest] = wrap(step.title, width, head, padding);
	return [
		blankLine,
		[
			{text: rank},
			{text: badge, color: theme.verdict[step.verdict], bold: true},
			{text: ' '},
			{text: first.slice(head.length), bold: true},
		],
		...rest.map((line) => plainLine(line, undefined, true)),
		...indented([
			...hangingLines('', step.why, width - indent),
			...step.evidence.flatMap((figure) => hangingLines('· ', evidenceLine(figure), width - indent, theme.text.muted)),
		]),
	];
}

/** The ranked steps: rank, verdict badge, title, one-line why, evidence figures with their footing. */
export function decisionOrderLines(steps: readonly Step[], width: number): StyledLine[] {
	return [
		plainLine('Recommended decision order', theme.text.heading, true),
		...steps.flatMap((step) => stepLines(step, width)),
	];
}

export function DecisionOrder({steps, width}: DecisionOrderProps) {
	return <StyledLines lines={decisionOrderLines(steps, width)} />;
}

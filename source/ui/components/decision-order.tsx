import type {Step} from '../../domain/types.js';
import {decisionOrderLines as orderLines} from '../../present/decision-order-lines.js';
import {styledLines} from './present-lines.js';
import type {StyledLine} from './styled-lines.js';
import {StyledLines} from './styled-lines.js';

export interface DecisionOrderProps {
	readonly steps: readonly Step[];
	/** Columns available. */
	readonly width: number;
}

/** The ranked steps, as present/ lays them out for every face, painted in the theme's colours. */
export function decisionOrderLines(steps: readonly Step[], width: number): StyledLine[] {
	return styledLines(orderLines(steps, width));
}

export function DecisionOrder({steps, width}: DecisionOrderProps) {
	return <StyledLines lines={decisionOrderLines(steps, width)} />;
}

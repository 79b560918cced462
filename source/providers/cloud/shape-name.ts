// A cloud's shape names: the pattern a --shape must match (its facts say which, providers/<cloud>/facts.ts)
// and the one line a name that does not match gets (UserError, exit 2). Shapes reach SDK calls and delete
// commands, so metacharacters never pass. Pure.

import {UserError} from '../../domain/errors.js';
import type {RealCloud} from '../../domain/types.js';

/** The pattern a cloud's shape names follow, and one as an example for the hint. */
export interface ShapeNameRule {
	readonly pattern: RegExp;
	readonly example: string;
}

/** The shape, or a UserError naming the expected format. */
export function checkShapeName(cloud: RealCloud, rule: ShapeNameRule, shape: string | undefined): string {
	const {pattern, example} = rule;
	if (shape === undefined || shape.trim() === '') {
		throw new UserError(`--shape is required for ${cloud}`, `e.g. --shape ${example}`);
	}

	if (shape.length > 64 || !pattern.test(shape)) {
		throw new UserError(
			`--shape ${JSON.stringify(shape)} is not a valid ${cloud.toUpperCase()} shape`,
			`expected a name like ${example}`,
		);
	}

	return shape;
}

// `netplace shapes`: which catalogue records a search names, in reading order. Pure.

import {clouds as cloudOrder} from '../domain/clouds.js';
import type {ShapeCatalogue, ShapeRecord} from '../domain/model-types.js';
import type {RealCloud} from '../domain/types.js';
import {shapesOf} from './catalogue.js';

export interface ShapeQuery {
	/** One cloud, or null for all three. */
	readonly cloud: RealCloud | null;
	/** Words that must all appear in the shape name (case-insensitive); null or empty: every shape. */
	readonly text: string | null;
}

/** Records matching the query, by cloud, then family, then size (vCPUs), then name. */
export function searchShapes(catalogue: ShapeCatalogue, query: ShapeQuery): ShapeRecord[] {
	const words = (query.text ?? '')
		.toLowerCase()
		.split(/\s+/)
		.filter((word) => word !== '');
	const pool = query.cloud === null ? shapesOf(catalogue) : shapesOf(catalogue, query.cloud);
	return pool
		.filter((record) => {
			const name = record.shape.toLowerCase();
			return words.every((word) => name.includes(word));
		})
		.sort(
			(left, right) =>
				cloudOrder.indexOf(left.cloud) - cloudOrder.indexOf(right.cloud) ||
				compareText(left.family, right.family) ||
				(left.vcpus ?? 0) - (right.vcpus ?? 0) ||
				compareText(left.shape, right.shape),
		);
}

const compareText = (left: string, right: string): number => (left < right ? -1 : left > right ? 1 : 0);

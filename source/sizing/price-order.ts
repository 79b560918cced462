// The catalogue's shapes in order of their least price per hour in a region (Flex shapes first, as their
// price starts near nothing; shapes with no price last; ties in the catalogue's order): the order the
// search and the advice's walks take shapes in. Sorted once per shape list and region. Pure.

import {leastPricePerHour} from './price.js';
import {sortByNumber} from './sort-by-number.js';
import type {ShapeRecord} from './types.js';

export interface PricedShape {
	readonly record: ShapeRecord;
	/** Position in the shape list (ties rank in this order). */
	readonly index: number;
	/** Null: no source prices the shape. */
	readonly leastPrice: number | null;
}

const orders = new WeakMap<readonly ShapeRecord[], Map<string, readonly PricedShape[]>>();

export function priceOrder(shapes: readonly ShapeRecord[], region: string | null): readonly PricedShape[] {
	let byRegion = orders.get(shapes);
	if (byRegion === undefined) {
		byRegion = new Map();
		orders.set(shapes, byRegion);
	}

	const key = region ?? '';
	let order = byRegion.get(key);
	if (order === undefined) {
		order = sortedByPrice(shapes, region);
		byRegion.set(key, order);
	}

	return order;
}

/** The shapes by least price, stable. */
function sortedByPrice(shapes: readonly ShapeRecord[], region: string | null): PricedShape[] {
	const priced = shapes.map((record, index) => ({record, index, leastPrice: leastPricePerHour(record, region)}));
	return sortByNumber(priced, (shape) => shape.leastPrice ?? Number.POSITIVE_INFINITY);
}

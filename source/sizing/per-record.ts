// Values a search works out once per catalogue record and keeps for the next question (the model's
// limits, a shape's kinds of configuration). A record of the loaded catalogue (CatalogueShape) keeps them
// in slots of its own; any other record (a test's, a live refresh's) in a WeakMap. A WeakMap keyed by
// every record of the catalogue cost the whole search more than the work it kept: each new key grows its
// table, and the collector visits every entry. Pure.

import type {ShapeRecord} from '../domain/model-types.js';
import {CatalogueShape} from './catalogue-record.js';

export interface PerRecord<T> {
	get(record: ShapeRecord): T | undefined;
	set(record: ShapeRecord, value: T): void;
}

let slots = 0;

export function perRecord<T>(): PerRecord<T> {
	const slot = slots++;
	const others = new WeakMap<ShapeRecord, T>();
	return {
		get: (record) => (record instanceof CatalogueShape ? (record.kept(slot) as T | undefined) : others.get(record)),
		set: (record, value) => {
			if (record instanceof CatalogueShape) record.keep(slot, value);
			else others.set(record, value);
		},
	};
}

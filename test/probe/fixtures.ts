import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import type {StreamResult} from '../../source/probe/types.js';

/** A recorded output from test/fixtures/. */
export function fixture(path: string): string {
	return readFileSync(fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url)), 'utf8');
}

/** One stream count's result row with one sample (extra fields as given). */
export const streamRow = (streams: number, gbps: number, extra: Partial<StreamResult> = {}): StreamResult => ({
	streams,
	gbps,
	min: gbps,
	max: gbps,
	samples: 1,
	retransmits: 0,
	...extra,
});

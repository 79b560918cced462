import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';

/** A recorded output from test/fixtures/. */
export function fixture(path: string): string {
	return readFileSync(fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url)), 'utf8');
}

// Reads a data folder laid out like ../shared/data into the texts the generator takes (by source id).
// The generator's only I/O apart from writing its output (scripts/generate-catalogue.mjs).

import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {SourceTexts} from './sources.js';
import {sourceFiles} from './sources.js';

export function readSourceFolder(folder: string): SourceTexts {
	const texts: Record<string, string> = {};
	for (const source of sourceFiles) {
		if (source.file !== null) {
			try {
				texts[source.id] = readFileSync(join(folder, source.file), 'utf8');
			} catch (error: unknown) {
				const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
				throw new Error(`${join(folder, source.file)}: ${reason} (source ${source.id})`);
			}
		}
	}

	return texts;
}

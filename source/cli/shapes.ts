// `netplace shapes [--cloud C] [--search TEXT] [--region R] [--json] [--live]`: the bundled shape
// catalogue's records with their published figures, price and source. `--json` is an array of records;
// with `--live`, `{shapes, live}` where `live` is one report per cloud of where its API differs.

import {clouds, isRealCloud} from '../domain/clouds.js';
import {exitCodes, UserError} from '../domain/errors.js';
import type {ShapeRecord} from '../domain/model-types.js';
import type {RealCloud} from '../domain/types.js';
import {type CliFlags, requiredValue} from '../request/flags.js';
import {checkRegion} from '../request/region.js';
import {loadCatalogue, suggestShapes} from '../sizing/catalogue.js';
import type {LiveReport} from '../sizing/catalogue-live.js';
import {searchShapes} from '../sizing/catalogue-search.js';
import type {LiveSessions} from './shapes-live.js';

/** `--cloud` for shapes: one of the three clouds, or any (absent: any). */
export function parseShapesCloud(raw: string | undefined): RealCloud | null {
	const value = requiredValue('cloud', raw)?.trim().toLowerCase();
	if (value === undefined || value === 'any') {
		return null;
	}

	if (isRealCloud(value)) {
		return value;
	}

	throw new UserError(`unknown cloud ${JSON.stringify(raw)} for shapes (use ${clouds.join(', ')} or any)`);
}

async function liveReports(records: readonly ShapeRecord[], sessions: LiveSessions): Promise<readonly LiveReport[]> {
	const {liveCheck} = await import('./shapes-live.js');
	return liveCheck(records, sessions);
}

/**
 * The catalogue's records; with `sessions` (`--live`: each cloud's live-catalogue session, which loads a
 * provider, so long-running.ts gives them, shapes-live-sessions.ts), each cloud's API's figures beside them.
 */
export async function shapesCommand(flags: CliFlags, sessions?: LiveSessions): Promise<number> {
	const cloud = parseShapesCloud(flags.cloud);
	const text = requiredValue('search', flags.search) ?? null;
	const typedRegion = requiredValue('region', flags.region);
	const region = typedRegion === undefined ? null : checkRegion(cloud ?? 'any', typedRegion);
	const catalogue = loadCatalogue();
	const records = searchShapes(catalogue, {cloud, text});
	const live = sessions === undefined ? null : await liveReports(records, sessions);
	if (flags.json) {
		process.stdout.write(`${JSON.stringify(live === null ? records : {shapes: records, live}, null, 2)}\n`);
		return exitCodes.ok;
	}

	const [{renderShapes}, {outputWidth, textStyle, wantsColor}] = await Promise.all([
		import('./shapes-text.js'),
		import('./text-style.js'),
	]);
	const style = textStyle(wantsColor(process.stdout));
	if (records.length === 0) {
		const scope = cloud === null ? 'the catalogue' : `${cloud}'s catalogue`;
		const near = text === null ? [] : suggestShapes(catalogue, text, 3);
		const hint = near.length > 0 ? ` (did you mean ${near.join(', ')}?)` : '';
		process.stdout.write(`No shapes in ${scope} match ${JSON.stringify(text ?? '')}${hint}.\n`);
		return exitCodes.ok;
	}

	const lines = [
		style.heading('Shape catalogue: published figures, price and source'),
		...renderShapes(records, {width: outputWidth(), style, region}),
		...(live === null ? [] : (await import('./shapes-text.js')).renderLive(live, outputWidth())),
	];
	process.stdout.write(`${lines.join('\n')}\n`);
	return exitCodes.ok;
}

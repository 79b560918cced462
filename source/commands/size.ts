// `netplace size`: the configurations that meet the workload, ranked, with their predictions, as text or
// DESIGN.md's `size --json`. Shapes the user names are checked against the catalogue first (one line,
// exit 2, with a did-you-mean). Nothing meeting the target is an answer: exit 0.

import {evidenceView} from '../advisor/evidence.js';
import type {RealCloud, Workload} from '../advisor/types.js';
import {exitCodes, UserError} from '../errors.js';
import {regionCloud, scopeClouds} from '../sizing/constraints.js';
import {size} from '../sizing/search.js';
import type {ShapeCatalogue, SizeResult} from '../sizing/types.js';
import {printLines, resolveWorkload} from './advise.js';
import type {CliFlags, FlagName} from './flags.js';
import {loadEvidence, reportProblems} from './load-evidence.js';

async function catalogue() {
	const module = await import('../sizing/catalogue.js');
	return {module, catalogue: module.loadCatalogue()};
}

type CatalogueModule = Awaited<ReturnType<typeof catalogue>>['module'];

/** Every `--shape` must name a catalogue shape in scope: else one line with the nearest names. */
export function checkShapes(workload: Workload, shapes: ShapeCatalogue, module: CatalogueModule): void {
	const clouds = scopeClouds(workload);
	for (const name of workload.shapes) {
		const record = module.findShape(shapes, null, name);
		if (record === undefined) {
			const suggestions = module.suggestShapes(shapes, name, 3);
			const hint = suggestions.length > 0 ? ` (did you mean ${suggestions.join(', ')}?)` : '';
			throw new UserError(`unknown shape "${name}"${hint}`, 'netplace shapes --search TEXT lists them');
		}

		if (!clouds.some((cloud) => module.findShape(shapes, cloud, name) !== undefined)) {
			throw new UserError(`${record.shape} is a ${record.cloud.toUpperCase()} shape, outside --cloud ${workload.cloud}`);
		}
	}
}

/** A region belongs to one cloud: a region of another cloud than --cloud is a mistake, not an empty answer. */
export function checkRegion(workload: Workload): void {
	if (workload.region === null) return;
	const owner: RealCloud | null = regionCloud(workload.region);
	if (owner !== null && workload.cloud !== 'any' && workload.cloud !== owner) {
		throw new UserError(`${workload.region} is an ${owner.toUpperCase()} region, outside --cloud ${workload.cloud}`);
	}
}

export interface SizeAnswer extends SizeResult {
	readonly workload: Workload;
}

export async function sizeCommand(flags: CliFlags, given: ReadonlySet<FlagName> = new Set()): Promise<number> {
	const workload = await resolveWorkload(flags, given);
	if (workload.cloud === 'lab') throw new UserError('size answers for aws, gcp, oci or any, not the lab');
	checkRegion(workload);
	const loaded = await catalogue();
	checkShapes(workload, loaded.catalogue, loaded.module);
	const evidence = await loadEvidence();
	reportProblems(evidence.problems);
	const result = size(workload, loaded.catalogue.shapes, evidenceView(evidence.measurements));
	const answer: SizeAnswer = {workload, ...result};
	if (flags.json) {
		process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
		return exitCodes.ok;
	}

	const [{renderSizeText}, {outputWidth, textStyle, wantsColor}] = await Promise.all([
		import('./size-text.js'),
		import('./text-style.js'),
	]);
	printLines(renderSizeText(result, workload, {width: outputWidth(), style: textStyle(wantsColor(process.stdout))}));
	return exitCodes.ok;
}

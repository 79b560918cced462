// The shapes `size` and `advise` search: the bundled catalogue, read on first use, after the workload's
// `--shape` names are checked against it (one line, exit 2, with a did-you-mean; `--region` is checked with
// the workload, request/region.ts).

import {UserError} from '../domain/errors.js';
import type {ShapeCatalogue, ShapeRecord} from '../domain/model-types.js';
import type {Workload} from '../domain/types.js';
import {scopeClouds} from '../sizing/constraints.js';

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
			throw new UserError(
				`${record.shape} is a ${record.cloud.toUpperCase()} shape, outside --cloud ${workload.cloud}`,
			);
		}
	}
}

/** The catalogue's records, once the workload's shapes and region are known to be good. */
export async function catalogueShapes(workload: Workload): Promise<readonly ShapeRecord[]> {
	if (workload.cloud === 'lab') return [];
	const loaded = await catalogue();
	checkShapes(workload, loaded.catalogue, loaded.module);
	return loaded.catalogue.shapes;
}

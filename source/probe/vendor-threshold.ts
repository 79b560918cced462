// A pair's best valid figure judged against the cloud's own pass mark, where the cloud states one (each
// cloud's entry says which and where it is stated, sizing/clouds/: GCP's image-test targets at 85%, OCI's
// bare-metal SLA at 90%, none from AWS). Off the same zone no threshold applies (every one is measured
// inside one zone). Pure.

import {streamsLabel} from '../domain/format.js';
import type {NetworkPath} from '../domain/model-types.js';
import {round} from '../domain/stats.js';
import type {Cloud} from '../domain/types.js';
import {findShape, loadCatalogue} from '../sizing/catalogue.js';
import {cloudSizing} from '../sizing/cloud-models.js';
import type {PassMark} from '../sizing/clouds/cloud-sizing.js';
import {streamsConclusion} from './sweep.js';
import type {PairResult, VendorCheck} from './types.js';
import {validResults} from './validity.js';

function markFor(cloud: Cloud, shape: string, published: number | null, tier1: boolean): PassMark | null {
	if (cloud === 'lab') return null;
	return cloudSizing(cloud).passMark({shape, record: findShape(loadCatalogue(), cloud, shape), published, tier1});
}

/** The pair judged against its cloud's mark; null for the lab or a run that names no cloud shape. */
export function vendorCheck(
	cell: {readonly cloud: Cloud; readonly shape: string} | null,
	pair: Pick<PairResult, 'results' | 'published'>,
	options: {readonly path?: NetworkPath; readonly tier1?: boolean} = {},
): VendorCheck | null {
	if (cell === null) return null;
	const mark = markFor(cell.cloud, cell.shape, pair.published.gbps, options.tier1 === true);
	if (mark === null) return null;
	const {single, aggregate} = streamsConclusion(validResults(pair.results));
	const best = aggregate ?? single;
	const measuredGbps = best?.gbps ?? null;
	const base = {measuredGbps, source: mark.source};
	const path = options.path ?? 'same-zone';
	if (mark.expectedGbps === null || mark.passShare === null) {
		return {...base, expectedGbps: null, passShare: null, passes: null, text: mark.what};
	}

	const figures = {expectedGbps: mark.expectedGbps, passShare: mark.passShare};
	const markGbps = round(mark.expectedGbps * mark.passShare, 3);
	const rule = `${mark.what} passes at ${Math.round(mark.passShare * 100)}% of ${mark.expectedGbps} Gbps (${markGbps})`;
	if (path !== 'same-zone') {
		return {...base, ...figures, passes: null, text: `${rule}, measured in one zone: not judged on a ${path} path`};
	}

	if (measuredGbps === null || best === null) {
		return {...base, ...figures, passes: null, text: `${rule}: not judged, no valid test`};
	}

	const passes = measuredGbps >= markGbps;
	const share = round((measuredGbps / mark.expectedGbps) * 100, 1);
	const at = `${measuredGbps} Gbps at ${streamsLabel(best.streams)} is ${share}%`;
	return {...base, ...figures, passes, text: `${rule}: ${at}, ${passes ? 'PASS' : 'BELOW IT'}`};
}

// A pair's best valid figure judged against the cloud's own pass mark, where the cloud states one:
// - GCP: Google's image tests (GoogleCloudPlatform/cloud-image-tests, networkperf) hold each machine type to a
//   target figure and pass at 85% of it ("Relax the expected performance target to 85% of line rate",
//   performance_test.go); two VMs in one zone, iperf -P 12. Default-tier targets are the catalogue's
//   `expectedGbps`, Tier_1's its `tier1.capGbps` where that came from the image tests' tier1 targets.
// - OCI: the network throughput SLA, "at least 90% of the stated maximum" between instances in one
//   availability domain and VCN, for bare metal only (docs.oracle.com, Network/Concepts/networkperformance.htm).
// - AWS: none. The EC2 User Guide ("Available instance bandwidth") states maxima and baselines, and that an
//   instance's bandwidth may go below them; it names no pass figure.
// Off the same zone no threshold applies (every one above is measured inside one zone). Pure.

import type {NetworkPath} from '../domain/model-types.js';
import {round} from '../domain/stats.js';
import type {Cloud} from '../domain/types.js';
import {findShape, loadCatalogue} from '../sizing/catalogue.js';
import {streamsConclusion} from './sweep.js';
import type {PairResult, VendorCheck} from './types.js';
import {validResults} from './validity.js';

export const googlePassShare = 0.85;
export const ociSlaShare = 0.9;

const googleSource = 'GoogleCloudPlatform/cloud-image-tests networkperf (performance_test.go: 0.85 x target)';
const ociSource = 'docs.oracle.com/en-us/iaas/Content/Network/Concepts/networkperformance.htm (SLA: 90%, bare metal)';
const awsSource = 'EC2 User Guide, Available instance bandwidth (maxima; no pass figure)';

interface Mark {
	readonly expectedGbps: number | null;
	readonly passShare: number | null;
	readonly what: string;
	readonly source: string;
}

function markFor(cloud: Cloud, shape: string, published: number | null, tier1: boolean): Mark | null {
	const record = cloud === 'lab' ? undefined : findShape(loadCatalogue(), cloud, shape);
	if (cloud === 'aws')
		return {
			expectedGbps: null,
			passShare: null,
			what: 'no vendor threshold: AWS states maxima, no pass figure',
			source: awsSource,
		};
	if (cloud === 'gcp') {
		const target = tier1
			? record?.tier1?.source?.id === 'cloud-image-tests-tier1'
				? record.tier1.capGbps
				: null
			: (record?.bandwidth.expectedGbps ?? null);
		const what =
			target === null ? `no Google image-test target for ${shape}${tier1 ? ' on Tier_1' : ''}` : "Google's image test";
		return {expectedGbps: target, passShare: target === null ? null : googlePassShare, what, source: googleSource};
	}

	if (cloud === 'oci') {
		if (!shape.startsWith('BM.')) {
			return {
				expectedGbps: null,
				passShare: null,
				what: "no vendor threshold: OCI's throughput SLA covers bare metal only",
				source: ociSource,
			};
		}

		return {
			expectedGbps: published,
			passShare: published === null ? null : ociSlaShare,
			what: "OCI's throughput SLA",
			source: ociSource,
		};
	}

	return null;
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
	const at = `${measuredGbps} Gbps at ${best.streams} stream${best.streams === 1 ? '' : 's'} is ${share}%`;
	return {...base, ...figures, passes, text: `${rule}: ${at}, ${passes ? 'PASS' : 'BELOW IT'}`};
}

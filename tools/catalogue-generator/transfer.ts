// The data-transfer table (catalogue-transfer.json) from the three egress files of the data folder (one
// schema: egress/{aws,gcp,oci}_egress_*.csv, columns in its README). Facts only: each rate, its tier bounds,
// unit, who pays, date, source and status; the files' notes (quotes) are not carried over. Pure.

import type {NetworkPath} from '../../source/domain/model-types.js';
import type {RealCloud} from '../../source/domain/types.js';
import {
	type ChargedOn,
	type TransferBasis,
	type TransferFile,
	type TransferRow,
	transferFormat,
} from '../../source/sizing/data-transfer-file.js';
import {csvRows, numberOrNull} from './text.js';

/** The egress files' source ids -> the catalogue's source ids and a short label for a basis line. */
export const transferSources: Readonly<Record<string, {readonly id: string; readonly label: string}>> = {
	'AWS-PAGE': {id: 'aws-ec2-pricing-page', label: 'AWS EC2 pricing page'},
	'AWS-INFRACOST': {id: 'infracost-aws-data-transfer', label: "AWS Price List via infracost's test"},
	'AWS-SKYPLANE': {id: 'skyplane-aws-transfer-costs', label: "AWS prices via Skyplane's cost grid"},
	'GCP-BILLINGAPI': {id: 'gcp-billing-api-egress', label: 'Google Cloud Billing API reference'},
	'GCP-APIEVANGELIST': {id: 'api-evangelist-gcp-vpc', label: "a transcription of Google's VPC pricing page"},
	'GCP-INFRACOST': {id: 'infracost-gcp-egress', label: "one sample SKU per class via infracost's test"},
	'GCP-CYCLENERD': {id: 'cyclenerd-pricing', label: "Google's SKUs via Cyclenerd's price file"},
	'OCI-PRICEAPI-MCP': {id: 'oci-pricing-mcp', label: "Oracle's price-list API via oci-pricing-mcp"},
	'OCI-SECONDARY': {id: 'oci-egress-secondary', label: 'secondary copies of Oracle prices'},
	'OCI-UNVERIFIED': {id: 'oci-egress-secondary', label: 'no Oracle statement found'},
};

const paths: Readonly<Record<string, NetworkPath>> = {
	same_az: 'same-zone',
	same_zone: 'same-zone',
	same_ad: 'same-zone',
	inter_zone: 'cross-zone',
	inter_ad: 'cross-zone',
	inter_region: 'cross-region',
	internet: 'internet',
};

/** GCP's inter-region classes (the `dst` of its inter_region rows) as the table names them. */
const gcpClasses: Readonly<Record<string, string>> = {
	'within US or Canada': 'us-canada',
	'within Europe': 'europe',
	'within Asia': 'asia',
	'within South America': 'south-america',
	'to/from Indonesia and Oceania': 'indonesia-oceania',
	'between continents (excludes Oceania)': 'intercontinental',
};

/** OCI's source-region groups (the `src_region` of its internet rows). */
const ociGroups: Readonly<Record<string, string>> = {
	'originating in North America, Europe, and UK': 'na-eu-uk',
	'originating in APAC, Japan, and South America': 'apac-japan-sa',
	'originating in Middle East and Africa': 'me-africa',
};

/** An undated page is dated by when it was read. */
function asOf(text: string, readOn: string): string {
	return /undated/.test(text) || text.trim() === '' ? `undated, read ${readOn}` : text.trim();
}

const chargedOn = (text: string): ChargedOn => (text.startsWith('each direction') ? 'each-direction' : 'sender');

/** `from` and `to` in the table's words, or null for a row it does not keep. */
function endsOf(cloud: RealCloud, path: NetworkPath, row: Record<string, string>): [string, string] | null {
	const src = row.src_region ?? '';
	const dst = row.dst ?? '';
	if (path === 'cross-region') {
		if (cloud === 'gcp') {
			const kind = gcpClasses[dst];
			return kind === undefined ? null : ['*', kind];
		}

		return src === '*' ? ['*', ''] : [src, dst];
	}

	if (path === 'internet') {
		const from = cloud === 'oci' ? ociGroups[src] : src;
		if (from === undefined) return null;
		if (cloud !== 'gcp' || src === '*') return [from, ''];
		const group = dst.startsWith('internet: Australia')
			? 'australia'
			: dst.startsWith('internet: China')
				? 'china'
				: null;
		return [from, group ?? (dst.startsWith('internet: worldwide') ? 'worldwide' : dst)];
	}

	return [src, ''];
}

/** One cloud's egress file -> its rows, each basis added to `bases` (shared by the three clouds). */
export function transferRowsOf(
	cloud: RealCloud,
	text: string,
	readOn: string,
	bases: Map<string, number>,
	list: TransferBasis[],
): TransferRow[] {
	const rows: TransferRow[] = [];
	for (const row of csvRows(text)) {
		const path = paths[row.path ?? ''];
		const source = transferSources[row.source_id ?? ''];
		if (row.cloud !== cloud || path === undefined || source === undefined) continue;
		const ends = endsOf(cloud, path, row);
		if (ends === null) continue;
		const basis: TransferBasis = [
			row.unit === 'GiB' ? 'GiB' : 'GB',
			chargedOn(row.charged_on ?? ''),
			asOf(row.as_of ?? '', readOn),
			source.id,
			row.status ?? 'unverified',
			source.label,
		];
		const key = JSON.stringify(basis);
		let index = bases.get(key);
		if (index === undefined) {
			index = list.length;
			list.push(basis);
			bases.set(key, index);
		}

		const start = numberOrNull(row.tier_start);
		const end = numberOrNull(row.tier_end);
		rows.push([path, ends[0], ends[1], start, end, numberOrNull(row.usd_per_unit), index]);
	}

	return rows.sort(byKey);
}

function byKey(left: TransferRow, right: TransferRow): number {
	const a = `${left[0]}|${left[1]}|${left[2]}`;
	const b = `${right[0]}|${right[1]}|${right[2]}`;
	return a < b ? -1 : a > b ? 1 : (left[3] ?? -1) - (right[3] ?? -1);
}

/** The table from the three files' texts; `readOn` dates undated pages (the day the files were compiled). */
export function buildTransferFile(
	texts: Readonly<Record<RealCloud, string>>,
	generatedAt: string,
	readOn: string,
): TransferFile {
	const bases = new Map<string, number>();
	const list: TransferBasis[] = [];
	const rates = {
		aws: transferRowsOf('aws', texts.aws, readOn, bases, list),
		gcp: transferRowsOf('gcp', texts.gcp, readOn, bases, list),
		oci: transferRowsOf('oci', texts.oci, readOn, bases, list),
	};
	return {format: transferFormat, generatedAt, bases: list, rates};
}

/** The table's text as committed: header, then one basis and one rate a line. */
export function transferJson(file: TransferFile): string {
	const lines = (values: readonly unknown[]) => values.map((value) => JSON.stringify(value)).join(',\n');
	const rates = (['aws', 'gcp', 'oci'] as const).map((cloud) => `"${cloud}":[\n${lines(file.rates[cloud])}\n]`);
	return `{"format":${file.format},"generatedAt":${JSON.stringify(file.generatedAt)},"bases":[\n${lines(file.bases)}\n],"rates":{\n${rates.join(',\n')}\n}}\n`;
}

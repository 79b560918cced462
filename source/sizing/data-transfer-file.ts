// The committed data-transfer table (source/sizing/data/catalogue-transfer.json, beside the catalogue file):
// $ per GB or GiB by cloud, path, Region (or Region pair, class or source-region group) and monthly tier,
// each rate pointing at one basis (unit, who pays, date, source, status). It is its own file because no
// search reads it: the loader reads it the first time a transfer is priced (data-transfer.ts). Pure: types
// and constants, and the note of which table belongs to which catalogue.

import type {NetworkPath, ShapeCatalogue} from '../domain/model-types.js';
import type {RealCloud} from '../domain/types.js';

/** Bumped when the table's layout changes; the loader refuses another one. */
export const transferFormat = 1;

/** Who pays: the sender only, or both ends (AWS between AZs: "$0.01/GB in each direction"). */
export type ChargedOn = 'sender' | 'each-direction';

/** A rate's basis: [unit, chargedOn, asOf, source id (the catalogue's sources), status, short label]. */
export type TransferBasis = readonly [
	unit: 'GB' | 'GiB',
	chargedOn: ChargedOn,
	asOf: string,
	source: string,
	status: string,
	label: string,
];

/**
 * One rate: [path, from, to, tierStart, tierEnd, usd per unit, basis index].
 * `from`: a Region, `*` (any Region of the cloud) or, OCI's internet rows, a source-region group
 * (`na-eu-uk`, `apac-japan-sa`, `me-africa`). `to`: a Region (AWS between Regions), a class (GCP between
 * Regions: `us-canada`, `europe`, `asia`, `south-america`, `indonesia-oceania`, `intercontinental`), a
 * destination group (GCP internet: `worldwide`, `australia`, `china`) or empty. Tier bounds are monthly
 * volumes in the basis's unit (null start: untiered; null end: no upper bound). A null rate: a row the
 * sources name without a price (unverified, or "contact us").
 */
export type TransferRow = readonly [
	path: NetworkPath,
	from: string,
	to: string,
	tierStart: number | null,
	tierEnd: number | null,
	usd: number | null,
	basis: number,
];

export interface TransferFile {
	readonly format: typeof transferFormat;
	/** The catalogue file's `generatedAt`: a table of another catalogue is refused. */
	readonly generatedAt: string;
	readonly bases: readonly TransferBasis[];
	readonly rates: Readonly<Record<RealCloud, readonly TransferRow[]>>;
}

/** The table's name beside a catalogue file's: `catalogue.json` -> `catalogue-transfer.json`. */
export function transferFileName(catalogueFile: string): string {
	return catalogueFile.replace(/(\.json)?$/, '-transfer.json');
}

const tables = new WeakMap<ShapeCatalogue, () => TransferFile>();

/**
 * Give `catalogue` its data-transfer table, read by `read` the first time a transfer is priced and not again.
 * The table must be the catalogue's (same generatedAt) and of this layout, or reading it throws.
 */
export function attachTransferTable(catalogue: ShapeCatalogue, read: () => TransferFile): void {
	let table: TransferFile | undefined;
	tables.set(catalogue, () => {
		table ??= checkedTransfer(catalogue, read());
		return table;
	});
}

/** The catalogue's data-transfer table (read now if not yet), or null when it has none (a test's catalogue). */
export function transferTableOf(catalogue: ShapeCatalogue): TransferFile | null {
	return tables.get(catalogue)?.() ?? null;
}

function checkedTransfer(catalogue: ShapeCatalogue, table: TransferFile): TransferFile {
	if (table.format !== transferFormat || table.generatedAt !== catalogue.generatedAt) {
		throw new Error(
			`the catalogue's data-transfer table (format ${String(table.format)}, ${table.generatedAt}) is not the catalogue's (format ${transferFormat}, ${catalogue.generatedAt}): regenerate them`,
		);
	}

	return table;
}

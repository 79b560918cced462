// OCI records: every row of the shapes table transcribed from Oracle's docs (Flex shapes as OCPU ranges
// with Gbps per OCPU and a maximum; fixed shapes with one figure), prices from the SkyPilot extract: fixed
// shapes it lists priced as listed; Flex shapes at $/OCPU-h + $/GB-h from Oracle's price list (flex_prices_*.csv:
// A1, A2, A4, Optimized3, E4, E5, E6, Standard3, DenseIO E4/E5), else solved from SkyPilot's vCPU x GiB grid.
// Anything else: no price (null). Pure.

import type {Arch, FlexRange} from '../../source/domain/model-types.js';
import type {DraftShape} from './draft.js';
import {csvRows, numberOrNull, significant} from './text.js';

export interface OciBuild {
	readonly shapes: DraftShape[];
	readonly priceRegions: string[];
	/** Flex shapes whose unit prices were solved, with the grid rows that did not fit them. */
	readonly flexPriceChecks: {readonly shape: string; readonly rows: number; readonly misfits: number}[];
}

interface GridRow {
	readonly ocpus: number;
	readonly memoryGib: number;
	readonly price: number;
}

/**
 * Unit prices of a Flex shape from priced (OCPUs, GiB) points: least squares for price = a*ocpus + b*gib,
 * rounded to 1e-5; `misfits` counts rows the rounded rates do not reproduce to the cent's tenth.
 */
export function solveFlexUnitPrices(
	rows: readonly GridRow[],
): {perOcpu: number; perGib: number; misfits: number} | null {
	if (rows.length < 2) {
		return null;
	}

	let oo = 0;
	let om = 0;
	let mm = 0;
	let op = 0;
	let mp = 0;
	for (const row of rows) {
		oo += row.ocpus * row.ocpus;
		om += row.ocpus * row.memoryGib;
		mm += row.memoryGib * row.memoryGib;
		op += row.ocpus * row.price;
		mp += row.memoryGib * row.price;
	}

	const determinant = oo * mm - om * om;
	if (Math.abs(determinant) < 1e-9) {
		return null;
	}

	const perOcpu = Math.round(((op * mm - om * mp) / determinant) * 1e5) / 1e5;
	const perGib = Math.round(((oo * mp - om * op) / determinant) * 1e5) / 1e5;
	const misfits = rows.filter(
		(row) => Math.abs(perOcpu * row.ocpus + perGib * row.memoryGib - row.price) > 0.001,
	).length;
	return {perOcpu, perGib, misfits};
}

/**
 * The TCP NICs of a shape from the shapes table's layout column: "2 x 50 Gbps" is two NICs (NIC 0 and NIC 1,
 * both active) of 50 each; "1 x 100 Gbps + ... RDMA" one of 100 (the RDMA NICs carry no TCP between hosts).
 */
export function ociNicsOf(layout: string): {readonly cards: number; readonly perCard: number} | null {
	const match = /^\s*(\d+)\s*x\s*(\d+(?:\.\d+)?)\s*Gbps(?!\s*RDMA)/i.exec(layout);
	if (match === null) return null;
	return {cards: Number(match[1]), perCard: Number(match[2])};
}

/**
 * Default memory per OCPU (GB) where a source states it, with that source's id: Flex prices are per OCPU plus
 * memory, so a configuration is priced at this default. E4/Standard3 16, A1 6: oracle/oci-cli issue #986 (the
 * CLI launching "VM.Standard.E4.Flex: 32 GB (16 GB per OCPU default) ... VM.Standard3.Flex: 32 GB (16 GB per
 * OCPU default) ... VM.Standard.A1.Flex: 12 GB (6 GB per OCPU default)" for 2 OCPUs). E5 12: Oracle's own
 * oci-compute-mcp-server 1.2.0 launches VM.Standard.E5.Flex at its defaults, 1 OCPU and 12 GB
 * (consts.py: DEFAULT_OCPU_COUNT = 1, DEFAULT_MEMORY_IN_GBS = 12). The live API's
 * `memoryOptions.defaultPerOcpuInGBs` (listShapes) is the authority; shapes not listed stay unknown.
 */
export const ociDefaultMemoryPerOcpu: Readonly<Record<string, {readonly gib: number; readonly source: string}>> = {
	'VM.Standard.E4.Flex': {gib: 16, source: 'oci-cli-flex-memory'},
	'VM.Standard3.Flex': {gib: 16, source: 'oci-cli-flex-memory'},
	'VM.Standard.A1.Flex': {gib: 6, source: 'oci-cli-flex-memory'},
	'VM.Standard.E5.Flex': {gib: 12, source: 'oci-mcp-compute-defaults'},
};

/** A Flex shape's default memory per OCPU and its source, or unknown (null, no source). */
function flexMemory(shape: string): Pick<FlexRange, 'memoryGibPerOcpu' | 'memoryGibPerOcpuSource'> {
	const known = ociDefaultMemoryPerOcpu[shape];
	return known === undefined
		? {memoryGibPerOcpu: null}
		: {memoryGibPerOcpu: known.gib, memoryGibPerOcpuSource: known.source};
}

/** `VM.Standard.E5.Flex` -> `VM.Standard.E5`; `BM.Standard3.64` -> `BM.Standard3`; `VM.GPU.A10.1` -> `VM.GPU.A10`. */
export function ociFamilyOf(shape: string): string {
	return shape.replace(/\.(Flex|Micro|\d+(\.\d+)?)$/, '').replace(/\.\d+$/, '');
}

function ociArch(processor: string): Arch | null {
	if (/ampere/i.test(processor)) {
		return 'arm64';
	}

	return /intel|amd/i.test(processor) ? 'x86_64' : null;
}

/** $/OCPU-h and $/GB-h per Flex shape from oci/flex_prices_*.csv (Oracle's price list, A1 from its page). */
export function ociFlexPricesOf(text: string): Map<string, {readonly perOcpu: number; readonly perGib: number}> {
	const prices = new Map<string, {perOcpu: number; perGib: number}>();
	for (const row of csvRows(text)) {
		const shape = (row.shape ?? '').replace(/\s*\(reference\)$/, '').trim();
		const perOcpu = numberOrNull(row.usd_per_ocpu_hour);
		const perGib = numberOrNull(row.usd_per_gb_hour);
		if (shape !== '' && perOcpu !== null && perGib !== null) prices.set(shape, {perOcpu, perGib});
	}

	return prices;
}

/**
 * A Flex shape's unit prices: Oracle's price list (`oci-flex-prices`) where it names the shape, else the
 * rates solved from SkyPilot's grid (`skypilot-oci`), else unknown.
 */
function flexPrices(
	listed: {readonly perOcpu: number; readonly perGib: number} | undefined,
	solved: {readonly perOcpu: number; readonly perGib: number} | null,
): Pick<FlexRange, 'pricePerOcpuHour' | 'pricePerGibHour' | 'priceSource'> {
	if (listed) return {pricePerOcpuHour: listed.perOcpu, pricePerGibHour: listed.perGib, priceSource: 'oci-flex-prices'};
	if (solved) return {pricePerOcpuHour: solved.perOcpu, pricePerGibHour: solved.perGib, priceSource: 'skypilot-oci'};
	return {pricePerOcpuHour: null, pricePerGibHour: null};
}

export function buildOci(shapesCsv: string, pricesCsv: string, flexPricesCsv: string): OciBuild {
	const listedFlex = ociFlexPricesOf(flexPricesCsv);
	const priceRows = csvRows(pricesCsv);
	const region = priceRows[0]?.Region ?? 'af-casablanca-1';
	const grids = new Map<string, GridRow[]>();
	const fixedPrices = new Map<string, number>();
	for (const row of priceRows) {
		const [name = '', grid] = (row.InstanceType ?? '').split('$_');
		const price = numberOrNull(row.Price);
		const vcpus = numberOrNull(row.vCPUs);
		const memoryGib = numberOrNull(row.MemoryGiB);
		if (price === null) {
			continue;
		}

		if (grid !== undefined && vcpus !== null && memoryGib !== null) {
			// The extract counts vCPUs; these x86 Flex shapes have two per OCPU.
			grids.set(name, [...(grids.get(name) ?? []), {ocpus: vcpus / 2, memoryGib, price}]);
		} else {
			fixedPrices.set(name, price);
		}
	}

	const flexPriceChecks: {shape: string; rows: number; misfits: number}[] = [];
	const shapes = csvRows(shapesCsv).map((row): DraftShape => {
		const shape = row.shape ?? '';
		const vcpusPerOcpu = numberOrNull(row.vcpu_per_ocpu) ?? 2;
		const minOcpus = numberOrNull(row.ocpu_min) ?? 1;
		const maxOcpus = numberOrNull(row.ocpu_max) ?? minOcpus;
		const perOcpu = numberOrNull(row.gbps_per_ocpu);
		const maxGbps = numberOrNull(row.max_gbps);
		const fixed = numberOrNull(row.fixed_gbps);
		let flex: FlexRange | undefined;
		if (perOcpu !== null && maxGbps !== null) {
			const grid = grids.get(shape) ?? [];
			const solved = solveFlexUnitPrices(grid);
			if (solved) {
				flexPriceChecks.push({shape, rows: grid.length, misfits: solved.misfits});
			}

			flex = {
				minOcpus,
				maxOcpus,
				vcpusPerOcpu,
				gbpsPerOcpu: perOcpu,
				maxGbps,
				...flexPrices(listedFlex.get(shape), solved),
				...flexMemory(shape),
			};
		}

		const atMinimum = flex ? Math.min(flex.gbpsPerOcpu * minOcpus, flex.maxGbps) : fixed;
		const nics = ociNicsOf(row.nic_layout ?? '');
		const cards = nics !== null && nics.cards > 1 ? {cards: nics.cards, cardBaseline: nics.perCard} : {};
		const price = fixedPrices.get(shape);
		return {
			cloud: 'oci',
			shape,
			family: ociFamilyOf(shape),
			vcpus: minOcpus * vcpusPerOcpu,
			memoryGib: null,
			arch: ociArch(row.processor ?? ''),
			bandwidth: {
				baseline: atMinimum === null ? null : significant(atMinimum),
				peak: atMinimum === null ? null : significant(atMinimum),
				kind: flex ? 'per-ocpu' : 'base-and-peak',
				source: 'oci-shapes-doc',
				...cards,
			},
			placements: ['default', 'spread', 'cluster'],
			...(price === undefined ? {} : {prices: {source: 'skypilot-oci', perHour: [price]}}),
			...(flex ? {flex} : {}),
		};
	});
	return {
		shapes: shapes.sort((left, right) => (left.shape < right.shape ? -1 : 1)),
		priceRegions: [region],
		flexPriceChecks,
	};
}

// GCP records: machine types from gcloud's list (Cyclenerd's CSV) plus any the price file adds (custom
// types excluded, OBSOLETE types dropped, DEPRECATED kept and flagged), architecture from Flexera, the
// documented per-vCPU rule (providers/gcp/bandwidth-rules.ts) cross-checked against Google's image-test targets, Tier_1,
// on-demand $/h per region, availability per region. Where Google's general-purpose page documents a machine
// type's default and Tier_1 maximum egress (C3, C3D, C4, C4A, C4D, N4), that figure and that eligibility win
// over the series rule. Pure: texts in, records and a disagreement list out.

import {parse} from 'yaml';
import type {Arch} from '../../source/domain/model-types.js';
import type {Placement} from '../../source/domain/types.js';
import {gcpSeriesOf} from '../../source/providers/gcp/bandwidth.js';
import {gcpRuleGbps, gcpTier1} from '../../source/providers/gcp/bandwidth-rules.js';
import {leadPriceRegion} from '../../source/sizing/cloud-models.js';
import type {DraftShape} from './draft.js';
import {csvRows, numberOrNull, significant} from './text.js';

/**
 * The series a compact (COLLOCATED) placement policy is known to take, and who says so: the study's own
 * placement check (C4A, 2026-08-18), Google's PerfKitBenchmarker (pkb-gce-placement: the series it builds
 * COLLOCATED groups for, and those it names as compact without same-rack placement: N1, N2, N4, M1 to M3) and
 * Google's compact-placement pages (gcp-compact-placement-docs: GKE's and AI Hypercomputer's series lists).
 * Google's own list for Compute Engine was not among the sources read: a series none of these names (E2,
 * N4A, T2D, Z3, the shared-core types ...) is searched with it as unknown (placementsUnknown), never as no.
 */
export const gcpCompactSeries: ReadonlySet<string> = new Set([
	// The study's placement check.
	'c4a',
	// PerfKitBenchmarker: the series it builds COLLOCATED groups for, then those compact without same-rack.
	...['c2', 'c2d', 'c3', 'c3a', 'c3d', 'c4', 'c4d', 'n2', 'n2d', 'a2', 'a3', 'g2', 'h3'],
	...['n1', 'n4', 'm1', 'm2', 'm3'],
	// Google's GKE and AI Hypercomputer pages, beyond those.
	...['h4d', 'a4', 'a4x', 'g4'],
]);

/** Default and spread for every type; compact (collocated) too, as unknown where no source names the series. */
export function gcpPlacementsOf(name: string): Pick<DraftShape, 'placements' | 'placementsUnknown'> {
	const placements: Placement[] = ['default', 'collocated', 'spread'];
	return gcpCompactSeries.has(gcpSeriesOf(name)) ? {placements} : {placements, placementsUnknown: ['collocated']};
}

export interface GcpTexts {
	readonly machineTypes: string;
	readonly regions: string;
	readonly pricing: string;
	readonly flexera: string;
	readonly defaultTargets: string;
	readonly tier1Targets: string;
	/** gcp/default_egress_by_type_*.csv: Google's per-type default and Tier_1 maxima. */
	readonly documented: string;
}

/** One machine type's egress as Google's general-purpose page documents it. */
export interface DocumentedEgress {
	readonly defaultGbps: number;
	readonly tier1: {readonly eligible: boolean; readonly capGbps: number | null};
}

const documentedSource = 'gcp-general-purpose-docs';

/** Per machine type: the documented default-tier maximum and Tier_1 eligibility and maximum. */
export function documentedEgressOf(csv: string): Map<string, DocumentedEgress> {
	const documented = new Map<string, DocumentedEgress>();
	for (const row of csvRows(csv)) {
		const name = row.machine_type?.trim();
		const defaultGbps = numberOrNull(row.default_egress_gbps_max);
		if (!name || defaultGbps === null) continue;
		const eligible = row.tier1_eligible?.trim() === 'yes';
		documented.set(name, {
			defaultGbps,
			tier1: {eligible, capGbps: eligible ? numberOrNull(row.tier1_egress_gbps_max) : null},
		});
	}

	return documented;
}

/** The record's bandwidth and Tier_1: the documented per-type figures where Google's page gives them, else the rule's. */
function egressOf(
	documented: DocumentedEgress | undefined,
	ruleGbps: number | null,
	tier1: DraftShape['tier1'],
): Pick<DraftShape, 'bandwidth' | 'tier1'> {
	if (documented === undefined) {
		const bandwidth = {
			baseline: ruleGbps,
			peak: ruleGbps,
			kind: 'derived-per-vcpu',
			source: 'gcp-bandwidth-docs',
		} as const;
		return {bandwidth, tier1};
	}

	const gbps = documented.defaultGbps;
	return {
		bandwidth: {baseline: gbps, peak: gbps, kind: 'base-and-peak', source: documentedSource},
		tier1: {...documented.tier1, source: documentedSource},
	};
}

/** Where the documented rule and Google's image-test target for the same machine type differ. */
export interface GcpDisagreement {
	readonly shape: string;
	readonly tier: 'default' | 'tier1';
	readonly ruleGbps: number | null;
	readonly targetGbps: number;
	readonly rule: string;
}

export interface GcpBuild {
	readonly shapes: DraftShape[];
	readonly priceRegions: string[];
	readonly offerRegions: string[];
	readonly disagreements: GcpDisagreement[];
}

interface PricedType {
	readonly cpu?: number;
	readonly ram?: number;
	readonly cost?: Readonly<Record<string, {readonly hour?: number}>>;
}

interface FlexeraGcpType {
	readonly name: string;
	readonly specs?: {readonly architecture?: string};
}

interface MachineType {
	readonly name: string;
	readonly vcpus: number | null;
	readonly memoryGib: number | null;
	readonly sharedCore: boolean;
	readonly status: string;
}

/** Google's targets files: a JSON map of machine type -> Gbps. */
export function targetsOf(text: string): Map<string, number> {
	return new Map(Object.entries(JSON.parse(text) as Record<string, number>));
}

function machineTypesOf(csv: string, priced: Readonly<Record<string, PricedType>>): Map<string, MachineType> {
	const types = new Map<string, MachineType>();
	for (const row of csvRows(csv, ';')) {
		const name = row.NAME ?? '';
		types.set(name, {
			name,
			vcpus: numberOrNull(row.CPUS),
			memoryGib: numberOrNull(row.MEMORY_GB),
			sharedCore: row.SHARED_CPU === 'True',
			status: (row.DEPRECATED ?? '').trim(),
		});
	}

	for (const [name, entry] of Object.entries(priced)) {
		if (!types.has(name) && !name.startsWith('custom-')) {
			types.set(name, {name, vcpus: entry.cpu ?? null, memoryGib: entry.ram ?? null, sharedCore: false, status: ''});
		}
	}

	return types;
}

function archOf(architecture: string | undefined): Arch | null {
	if (architecture === 'ARM64') {
		return 'arm64';
	}

	return architecture === 'X86_64' ? 'x86_64' : null;
}

/**
 * Architecture per machine type; where Flexera leaves it out, the architecture every listed member of the
 * same series shares (a series is one CPU platform). Series with no member marked at all are older than
 * the API's architecture field (N1, N2, E2, C2, ...): every Arm series (T2A, C4A, N4A, A4X) is marked
 * ARM64, so those are x86_64. A type of no listed series: null.
 */
export function archesOf(entries: readonly FlexeraGcpType[]): (machineType: string) => Arch | null {
	const own = new Map(entries.map((entry) => [entry.name, archOf(entry.specs?.architecture)]));
	const bySeries = new Map<string, Set<Arch>>();
	for (const [name, arch] of own) {
		if (arch !== null) {
			bySeries.set(gcpSeriesOf(name), (bySeries.get(gcpSeriesOf(name)) ?? new Set()).add(arch));
		}
	}

	const listedSeries = new Set([...own.keys()].map(gcpSeriesOf));
	return (machineType) => {
		const series = [...(bySeries.get(gcpSeriesOf(machineType)) ?? [])];
		if (series.length > 1) {
			return own.get(machineType) ?? null;
		}

		return own.get(machineType) ?? series[0] ?? (listedSeries.has(gcpSeriesOf(machineType)) ? 'x86_64' : null);
	};
}

/** Price columns: us-central1 (read when no --region is given) first, then by name (catalogue-format.ts). */
function leadFirst(regions: readonly string[]): string[] {
	const rest = regions.filter((region) => region !== leadPriceRegion('gcp')).sort();
	return rest.length < regions.length ? [leadPriceRegion('gcp'), ...rest] : rest;
}

export function buildGcp(texts: GcpTexts): GcpBuild {
	const pricing = parse(texts.pricing) as {compute?: {instance?: Record<string, PricedType>}};
	const priced = pricing.compute?.instance ?? {};
	const types = machineTypesOf(texts.machineTypes, priced);
	const archFor = archesOf(JSON.parse(texts.flexera) as FlexeraGcpType[]);
	const defaultTargets = targetsOf(texts.defaultTargets);
	const tier1Targets = targetsOf(texts.tier1Targets);
	const documented = documentedEgressOf(texts.documented);
	const offered = new Map<string, Set<string>>();
	for (const row of csvRows(texts.regions, ';')) {
		const name = row.NAME ?? '';
		offered.set(name, (offered.get(name) ?? new Set()).add(row.ZONE ?? ''));
	}

	const live = [...types.values()]
		.filter((type) => type.status !== 'OBSOLETE')
		.sort((a, b) => (a.name < b.name ? -1 : 1));
	const priceRegions = leadFirst([...new Set(live.flatMap((type) => Object.keys(priced[type.name]?.cost ?? {})))]);
	const offerRegions = [...new Set(live.flatMap((type) => [...(offered.get(type.name) ?? [])]))].sort();
	const disagreements: GcpDisagreement[] = [];
	const shapes = live.map((type): DraftShape => {
		const vcpus = type.vcpus ?? 0;
		const figure = gcpRuleGbps(type.name, vcpus, type.sharedCore);
		const expected = defaultTargets.get(type.name);
		const stated = documented.get(type.name);
		const egress = egressOf(stated, figure.gbps, gcpTier1(type.name, vcpus, tier1Targets));
		if (expected !== undefined && egress.bandwidth.baseline !== expected) {
			disagreements.push({
				shape: type.name,
				tier: 'default',
				ruleGbps: egress.bandwidth.baseline,
				targetGbps: expected,
				rule: stated === undefined ? figure.rule : "Google's general-purpose page",
			});
		}

		const cost = priced[type.name]?.cost;
		const hours = priceRegions.map((region) => {
			const hour = cost?.[region]?.hour;
			return typeof hour === 'number' ? significant(hour) : null;
		});
		const regions = [...(offered.get(type.name) ?? [])]
			.map((region) => offerRegions.indexOf(region))
			.sort((a, b) => a - b);
		return {
			cloud: 'gcp',
			shape: type.name,
			family: gcpSeriesOf(type.name),
			vcpus: type.vcpus,
			memoryGib: type.memoryGib === null ? null : significant(type.memoryGib),
			arch: archFor(type.name),
			bandwidth: {...egress.bandwidth, ...(expected === undefined ? {} : {expected})},
			...gcpPlacementsOf(type.name),
			tier1: egress.tier1,
			...(type.sharedCore ? {burstable: true} : {}),
			...(type.status === 'DEPRECATED' ? {deprecated: true} : {}),
			...(hours.some((hour) => hour !== null) ? {prices: {source: 'cyclenerd-pricing', perHour: hours}} : {}),
			...(regions.length > 0 ? {regions} : {}),
		};
	});
	for (const [shape, targetGbps] of tier1Targets) {
		const record = shapes.find((candidate) => candidate.shape === shape);
		if (!record) {
			disagreements.push({shape, tier: 'tier1', ruleGbps: null, targetGbps, rule: 'not in the machine-type list'});
		}
	}

	for (const [shape, targetGbps] of defaultTargets) {
		if (!types.has(shape)) {
			disagreements.push({shape, tier: 'default', ruleGbps: null, targetGbps, rule: 'not in the machine-type list'});
		}
	}

	return {shapes, priceRegions, offerRegions, disagreements};
}

// Which shapes, placements, options and OCPU counts a workload allows: the search's enumeration rules.
// Fault isolation is honoured on every cloud (AWS spread, GCP spread policy, OCI fault domains at default
// placement); single-zone placements are dropped off the same-zone path; OCI cluster placement is not
// assumed (the study's tenancy got 404). Pure.

import {cloudsInScope, cloudTerms} from '../domain/clouds.js';
import type {ConfigurationOptions, ShapeRecord} from '../domain/model-types.js';
import {remembered} from '../domain/remembered.js';
import {placementAvailabilityOf} from '../domain/study-cells.js';
import type {Placement, RealCloud, Workload} from '../domain/types.js';
import {cloudSizing} from './cloud-models.js';
import {cloudOfRegion} from './cloud-regions.js';
import {enaExpressMayApply} from './model-aws.js';
import {tier1Applies, tier1MayApply} from './model-gcp-oci.js';
import {notOfferedInPlan} from './offering.js';

/**
 * The placements the search tries. Partition (AWS) is a fault-isolation placement: each partition on its own
 * racks, for groups larger than a spread group's seven instances per zone; tried where isolation is asked (or
 * it is pinned). The study did not measure it: it reads as default placement.
 */
const searchedPlacements: readonly Placement[] = ['default', 'cluster', 'spread', 'collocated', 'partition'];

/** The placements that isolate failures on a cloud (its entry's: AWS spread, and partition for larger groups). */
function isolating(record: ShapeRecord, placement: Placement): boolean {
	const terms = cloudTerms[record.cloud];
	return placement === terms.isolatingPlacement || terms.alsoIsolating.includes(placement);
}

/** Placements that put both hosts in one zone, close together. */
export const singleZonePlacements: readonly Placement[] = ['cluster', 'collocated'];

export function scopeClouds(workload: Workload): readonly RealCloud[] {
	const clouds = cloudsInScope(workload.cloud).filter((cloud): cloud is RealCloud => cloud !== 'lab');
	// A Region (or the far end's, --to-region) names its cloud: the plan runs there.
	const named = workload.region ?? workload.toRegion ?? null;
	const owner = named === null ? null : cloudOfRegion(named);
	return owner === null ? clouds : clouds.filter((cloud) => cloud === owner);
}

function shapeKey(name: string): string {
	return name.toLowerCase();
}

/** The record passes the shape list, arch, region and fixed-size vCPU/memory constraints. */
export function shapeAllowed(record: ShapeRecord, workload: Workload, clouds: readonly RealCloud[]): boolean {
	if (!clouds.includes(record.cloud)) return false;
	if (workload.shapes.length > 0 && !workload.shapes.some((name) => shapeKey(name) === shapeKey(record.shape))) {
		return false;
	}

	// Burstable-CPU types (AWS t*, GCP shared-core) run on CPU credits: their network peak is no capacity a
	// data path can be sized on. They are searched only when named with --shape.
	if (record.burstable && workload.shapes.length === 0) return false;
	// Accelerator machines (GPU, Trainium, Inferentia, Gaudi, FPGA) likewise: nobody buys one to move data.
	if (workload.shapes.length === 0 && isAccelerator(record)) return false;
	if (workload.arch !== null && record.arch !== workload.arch) return false;
	// A Region of the plan (--region, --to-region) that does not offer the shape; unknown is kept (offering.ts).
	if (notOfferedInPlan(record, workload)) return false;
	if (record.flex !== null) return true;
	// A figure the catalogue lacks is unknown, not "too small": the shape stays (unknown is not no).
	if (workload.minVcpus !== null && record.vcpus !== null && record.vcpus < workload.minVcpus) return false;
	return workload.minMemoryGib === null || record.memoryGib === null || record.memoryGib >= workload.minMemoryGib;
}

/** Accelerator machines (GPU, TPU, Trainium, FPGA…): each cloud's entry says which (sizing/clouds/). */
export function isAccelerator(record: ShapeRecord): boolean {
	return cloudSizing(record.cloud).isAccelerator(record);
}

/** Whether the search tries this placement for the shape under the workload (pins, path, isolation). */
export function placementAllowed(record: ShapeRecord, workload: Workload, placement: Placement): boolean {
	if (!searchedPlacements.includes(placement) || !record.placements.includes(placement)) return false;
	if (placementAvailabilityOf(record.cloud, placement)?.available === false) return false;
	if (workload.placement !== null && placement !== workload.placement) return false;
	if (workload.path !== 'same-zone' && singleZonePlacements.includes(placement)) return false;
	if (workload.faultIsolation && !isolating(record, placement)) return false;
	if (placement === 'partition' && !workload.faultIsolation && workload.placement !== 'partition') return false;
	return !(workload.keepLiveMigration && placement === cloudTerms[record.cloud].liveMigrationPlacement);
}

/** Every subset of the searched placements, in their order, by bit mask: one list each, shared. */
const placementLists = remembered((mask: number): readonly Placement[] =>
	searchedPlacements.filter((_, bit) => (mask & (1 << bit)) !== 0),
);

/** The placements the search tries for the shape, in the searched order (a shared list: the search asks per shape). */
export function allowedPlacements(record: ShapeRecord, workload: Workload): readonly Placement[] {
	let mask = 0;
	for (let bit = 0; bit < searchedPlacements.length; bit++) {
		if (placementAllowed(record, workload, searchedPlacements[bit] as Placement)) mask |= 1 << bit;
	}

	return placementLists(mask);
}

const on: readonly boolean[] = [true];
const off: readonly boolean[] = [false];
const either: readonly boolean[] = [false, true];
const none: readonly boolean[] = [];

function pinned(pin: boolean | null, applies: boolean): readonly boolean[] {
	if (pin === true) return applies ? on : none;
	if (pin === false || !applies) return off;
	return either;
}

/** The four option sets, shared by every configuration that has them (the search makes thousands). */
const optionSets: readonly ConfigurationOptions[] = [
	{enaExpress: false, tier1: false},
	{enaExpress: false, tier1: true},
	{enaExpress: true, tier1: false},
	{enaExpress: true, tier1: true},
];

function optionSet(enaExpress: boolean, tier1: boolean): ConfigurationOptions {
	return optionSets[(enaExpress ? 2 : 0) + (tier1 ? 1 : 0)] as ConfigurationOptions;
}

/** The option sets for each pair of pinned lists, made once (the search asks for every shape it enumerates). */
const optionLists = remembered((ena: readonly boolean[]) =>
	remembered((tier1: readonly boolean[]): readonly ConfigurationOptions[] =>
		ena.flatMap((enaExpress) => tier1.map((tier) => optionSet(enaExpress, tier))),
	),
);

export function allowedOptions(record: ShapeRecord, workload: Workload): readonly ConfigurationOptions[] {
	// Tried where support is documented or unknown (unknown is not no: the configuration is footed unknown and
	// ranks after known ones at equal cost, plan.ts).
	const sold = cloudTerms[record.cloud].options;
	const enaApplies = sold.includes('enaExpress') && enaExpressMayApply(record, workload);
	const ena = pinned(workload.enaExpress, enaApplies);
	const tier1Asked = workload.tier1 === true ? tier1MayApply(record) : tier1Applies(record);
	const tier1 = pinned(workload.tier1, sold.includes('tier1') && tier1Asked);
	return optionLists(ena)(tier1);
}

/** The OCPU range a Flex shape may take under the vCPU and memory minimums, or null if none fits. */
export function ocpuRange(record: ShapeRecord, workload: Workload): {low: number; high: number} | null {
	const flex = record.flex;
	if (flex === null) return null;
	let low = flex.minOcpus;
	if (workload.minVcpus !== null) low = Math.max(low, Math.ceil(workload.minVcpus / flex.vcpusPerOcpu));
	// Memory per OCPU unknown: memory is chosen at launch, so the minimum does not exclude the shape.
	if (workload.minMemoryGib !== null && flex.memoryGibPerOcpu !== null) {
		low = Math.max(low, Math.ceil(workload.minMemoryGib / flex.memoryGibPerOcpu));
	}

	return low <= flex.maxOcpus ? {low, high: flex.maxOcpus} : null;
}

/**
 * The vCPU and memory minimums a configuration of the shape passes only because the catalogue lacks the
 * figure (shapeAllowed keeps such a shape: missing is not "no"), each said (nor is it "yes").
 */
export function uncheckedMinimums(record: ShapeRecord, workload: Workload): string[] {
	const unchecked: string[] = [];
	const {minVcpus, minMemoryGib} = workload;
	if (minVcpus !== null && record.flex === null && record.vcpus === null) {
		unchecked.push(`the catalogue has no vCPU count for ${record.shape}: --min-vcpus ${String(minVcpus)} is unchecked`);
	}

	const memoryKnown = record.flex === null ? record.memoryGib !== null : record.flex.memoryGibPerOcpu !== null;
	if (minMemoryGib !== null && !memoryKnown) {
		unchecked.push(
			`the catalogue has no memory figure for ${record.shape}${record.flex === null ? '' : ' per OCPU'}: --min-memory ${String(minMemoryGib)} is unchecked`,
		);
	}

	return unchecked;
}

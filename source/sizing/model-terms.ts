// The model's two terms (a per-flow figure and an instance limit for the path), and the evidence that
// replaces them: a study cell or the user's probe of the same cloud, shape, placement (and OCPUs). Pure.

import type {EvidenceView} from '../domain/evidence.js';
import {footingOf} from '../domain/evidence.js';
import {gbps} from '../domain/format.js';
import type {Configuration, Footing, InterfaceUse, NetworkPath, ShapeRecord} from '../domain/model-types.js';
import type {Measurement} from '../domain/types.js';
import {flowBoundShare} from './study.js';
import type {TransferSpan} from './transfer.js';

export interface Term {
	readonly gbps: number;
	readonly footing: Footing;
}

/** One kind of configuration of a shape and the most it is predicted to carry: one flow, and the instance. */
export interface Carriage {
	readonly cluster: boolean;
	readonly enaExpress: boolean;
	readonly tier1: boolean;
	readonly flow: number;
	readonly instance: number;
	/** ENA Express on a shape whose support the catalogue lacks: tried only when the user asks for it. */
	readonly unknownEligibility?: true;
}

/** The interfaces a configuration can use and what one carries (documented), beside the instance figure. */
export interface Interfaces {
	readonly kind: InterfaceUse['kind'];
	/** What one carries, as a term; null when one reaches the instance figure. */
	readonly perInterface: Term | null;
	/** How many the configuration can use for TCP (AWS: one ENI per network card; OCI: NICs of "2 x N"). */
	readonly usable: number;
}

export interface CloudLimits {
	/**
	 * What one flow can carry; null when nothing is known. Footing `bound`: a lower bound only (GCP and OCI
	 * above the link the study measured one flow on).
	 */
	readonly perFlow: Term | null;
	/** Absent: one interface reaches the instance figure. */
	readonly interfaces?: Interfaces;
	/** Resting on the baseline of an "up to" shape: the peak it bursts to. */
	readonly burstGbps?: number;
	/** What the instance carries over this path; null when no figure is published. */
	readonly instance: Term | null;
	/** What the instance term is, when it binds. */
	readonly instanceLimit: 'instance-baseline' | 'instance-peak' | 'path-limit';
	/** What the flows are, when they bind: a documented cap (AWS) or the measured single flow (GCP, OCI). */
	readonly flowLimit: 'per-flow-cap' | 'flows';
	readonly restsOn?: 'baseline' | 'peak';
	/** An aggregate measured at exactly this many streams (a study cell or a probe). */
	readonly measuredAt?: {readonly streams: number; readonly gbps: number};
	readonly basis: readonly string[];
}

export interface ModelContext {
	readonly path: NetworkPath;
	/** How long the transfer runs (null: as long as a probe's run, inside the burst window). */
	readonly span: TransferSpan | null;
	readonly region: string | null;
	/** Write the basis lines (off while the search ranks thousands of configurations; on for the ones shown). */
	readonly explain: boolean;
}

/**
 * Basis lines while explaining, undefined while the search ranks thousands of configurations: a line is
 * written with `basis?.push(\`...\`)`, which builds it only when explaining (no line, no closure otherwise).
 */
export type Basis = string[] | undefined;

export const basisFor = (explain: boolean): Basis => (explain ? [] : undefined);

const noLines: readonly string[] = [];

/** The lines written, for a CloudLimits (the quiet search's limits share one empty list). */
export const linesOf = (basis: Basis): readonly string[] => basis ?? noLines;

const shapeSets = new WeakMap<EvidenceView, ReadonlySet<string>>();

/** The shapes the evidence has a cell for (a quick no for the thousands it has none of). */
function shapesIn(evidence: EvidenceView): ReadonlySet<string> {
	let shapes = shapeSets.get(evidence);
	if (shapes === undefined) {
		shapes = new Set(evidence.cells.map((cell) => cell.shape));
		shapeSets.set(evidence, shapes);
	}

	return shapes;
}

/** Whether the evidence has a cell for any configuration of this shape. */
export function evidenceHasShape(evidence: EvidenceView, shape: string): boolean {
	return shapesIn(evidence).has(shape);
}

/** The OCPUs a Flex measurement ran at, from its published per-OCPU figure. */
function measuredOcpus(measurement: Measurement, record: ShapeRecord): number | null {
	const flex = record.flex;
	if (flex === null || measurement.publishedGbps === null || flex.gbpsPerOcpu <= 0) return null;
	return measurement.publishedKind === 'per-ocpu' ? Math.round(measurement.publishedGbps / flex.gbpsPerOcpu) : null;
}

/**
 * The evidence cell for a configuration: only for the stock configuration (a Measurement records no
 * ENA Express or Tier_1) over the path the study and the probes measure (two hosts in one zone).
 */
export function evidenceCell(
	configuration: Configuration,
	path: NetworkPath,
	record: ShapeRecord,
	evidence: EvidenceView,
): Measurement | undefined {
	if (path !== 'same-zone' || configuration.options.enaExpress || configuration.options.tier1) return undefined;
	if (!evidenceHasShape(evidence, configuration.shape)) return undefined;
	const cell = evidence.cell(configuration.cloud, configuration.shape, configuration.placement);
	if (cell === undefined) return undefined;
	if (record.flex !== null && measuredOcpus(cell, record) !== configuration.ocpus) return undefined;
	return cell;
}

function whoMeasured(cell: Measurement): string {
	// An import's footing names it: "one sample, imported im-…, us-east-1".
	const run =
		cell.source === 'probe'
			? `your probe${cell.runId ? ` ${cell.runId}` : ''}`
			: cell.source === 'imported'
				? 'a test run elsewhere (netplace explain --save)'
				: 'the study';
	return `${run} (${footingOf(cell)})`;
}

/** The model's terms with a measured cell's figures in place of the modelled ones. */
export function measuredLimits(
	configuration: Configuration,
	path: NetworkPath,
	record: ShapeRecord,
	evidence: EvidenceView,
	modelled: CloudLimits,
	explain = true,
): CloudLimits {
	const cell = evidenceCell(configuration, path, record, evidence);
	if (cell === undefined) return modelled;
	const basis = basisFor(explain);
	const baseline = modelled.restsOn === 'baseline' ? modelled.instance : null;
	const perFlow = measuredFlow(cell, modelled.perFlow, baseline, basis);
	const {instance, measuredAt} = measuredInstance(cell, modelled.instance, perFlow, baseline, basis);
	return {
		...modelled,
		perFlow,
		instance,
		...(measuredAt ? {measuredAt} : {}),
		basis: basis ? [...basis, ...modelled.basis] : modelled.basis,
	};
}

/** One flow as measured, where the cell has the figure; else the modelled term. */
function measuredFlow(
	cell: Measurement,
	modelled: Term | null,
	baseline: Term | null,
	basis: string[] | undefined,
): Term | null {
	if (cell.singleFlowGbps === null) return modelled;
	const above = baseline !== null && baseline.gbps < cell.singleFlowGbps;
	basis?.push(
		`one flow ${gbps(cell.singleFlowGbps)} Gbps${above ? '' : ','} measured by ${whoMeasured(cell)}${above ? ', over a shorter run than yours' : ''}`,
	);
	return {gbps: cell.singleFlowGbps, footing: 'measured'};
}

/** The instance as measured: the limit when the measurement was instance-bound, at least it when flow-bound. */
function measuredInstance(
	cell: Measurement,
	modelled: Term | null,
	perFlow: Term | null,
	baseline: Term | null,
	basis: string[] | undefined,
): {instance: Term | null; measuredAt?: CloudLimits['measuredAt']} {
	const aggregate = cell.aggregateGbps;
	if (aggregate === null) return {instance: modelled};
	if (baseline !== null && baseline.gbps < aggregate) {
		// Sustained on an "up to" shape: a short measurement above the baseline does not carry past the burst window.
		basis?.push(
			`${String(cell.streams)} streams ${gbps(aggregate)} Gbps measured by ${whoMeasured(cell)}, over a shorter run than yours`,
		);
		return {instance: modelled};
	}

	const measuredAt = {streams: cell.streams, gbps: aggregate};
	basis?.push(`${String(cell.streams)} streams ${gbps(aggregate)} Gbps, measured by ${whoMeasured(cell)}`);
	const flowBound = perFlow !== null && cell.streams > 1 && aggregate >= flowBoundShare * cell.streams * perFlow.gbps;
	// An instance-bound measurement is the instance limit; a flow-bound one only shows the limit is at least that.
	const instanceBound = !flowBound || modelled === null || modelled.gbps <= aggregate;
	return {instance: instanceBound ? {gbps: aggregate, footing: 'measured'} : modelled, measuredAt};
}

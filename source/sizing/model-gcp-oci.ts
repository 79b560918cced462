// GCP: the per-VM egress rule (or the Tier_1 cap) at the study's measured share, no per-flow cap
// detected. OCI: Gbps per OCPU x OCPUs up to the shape's maximum, one flow at the study's 95%. Pure.

import {gbps, percent} from '../advisor/format.js';
import {gcpEgressRule, gcpInternetReported, ociBandwidthRule} from './documented-limits.js';
import {
	type Basis,
	basisFor,
	type Carriage,
	type CloudLimits,
	linesOf,
	type ModelContext,
	type Term,
} from './model-terms.js';
import {gcpAggregateEfficiency, gcpFlowShare, ociAggregateEfficiency, ociFlowShare} from './study.js';
import type {Configuration, NetworkPath, ShapeRecord} from './types.js';

/** Whether Tier_1 can be enabled on this shape (eligible, with a cap the catalogue knows). */
export function tier1Applies(record: ShapeRecord): boolean {
	return record.tier1?.eligible === true && record.tier1.capGbps !== null;
}

function gcpEgress(configuration: Configuration, record: ShapeRecord, basis: Basis): number | null {
	if (configuration.options.tier1) {
		const cap = tier1Applies(record) ? (record.tier1?.capGbps ?? null) : null;
		if (cap !== null) {
			basis?.push(`Tier_1 per-VM egress cap ${gbps(cap)} Gbps (documented; an extra SKU)`);
			return cap;
		}

		basis?.push('Tier_1 is not available on this shape: default tier');
	}

	const figure = record.bandwidth.baselineGbps;
	if (figure !== null) basis?.push(`per-VM egress ${gbps(figure)} Gbps by the documented rule (${gcpEgressRule})`);
	return figure;
}

export function gcpLimits(configuration: Configuration, record: ShapeRecord, context: ModelContext): CloudLimits {
	const basis = basisFor(context.explain);
	const egress = gcpEgress(configuration, record, basis);
	if (egress === null)
		return {perFlow: null, instance: null, instanceLimit: 'instance-baseline', basis: linesOf(basis)};
	const efficiency = gcpAggregateEfficiency(configuration.placement);
	basis?.push(`instance at the study's ${efficiency.basis} (modelled)`);
	let instance: Term = {gbps: gcpInstanceGbps(egress, efficiency.share), footing: 'modelled'};
	let instanceLimit: CloudLimits['instanceLimit'] = 'instance-baseline';
	if (context.path === 'internet' && gcpInternetReported.gbps < instance.gbps) {
		instance = {gbps: gcpInternetReported.gbps, footing: 'modelled'};
		instanceLimit = 'path-limit';
		basis?.push(`internet: ${gbps(gcpInternetReported.gbps)} Gbps ${gcpInternetReported.source}`);
	}

	const flow = gcpFlowShare();
	basis?.push(
		`one flow: no per-flow cap detected (the study's ${flow.basis}, on a ${gbps(flow.overGbps)} Gbps link; one flow above that is unmeasured)`,
	);
	return {
		perFlow: {gbps: instance.gbps * Math.min(1, flow.share), footing: 'modelled'},
		instance,
		instanceLimit,
		basis: linesOf(basis),
	};
}

function ociPublished(configuration: Configuration, record: ShapeRecord, basis: Basis): number | null {
	const flex = record.flex;
	if (flex === null) return record.bandwidth.baselineGbps;
	const ocpus = configuration.ocpus ?? flex.minOcpus;
	const figure = Math.min(ocpus * flex.gbpsPerOcpu, flex.maxGbps);
	basis?.push(
		`${gbps(figure)} Gbps: ${gbps(flex.gbpsPerOcpu)} Gbps per OCPU x ${String(ocpus)} OCPUs, at most ${gbps(flex.maxGbps)} (documented)`,
	);
	return figure;
}

export function ociLimits(configuration: Configuration, record: ShapeRecord, context: ModelContext): CloudLimits {
	const basis = basisFor(context.explain);
	const figure = ociPublished(configuration, record, basis);
	if (figure === null)
		return {perFlow: null, instance: null, instanceLimit: 'instance-baseline', basis: linesOf(basis)};
	if (record.flex === null) basis?.push(`${gbps(figure)} Gbps published (${ociBandwidthRule})`);
	const efficiency = ociAggregateEfficiency();
	// Above 100% the study measured "marginally above a round published figure": the plan is the figure itself.
	const capped = efficiency.share >= 1;
	basis?.push(
		capped
			? `instance at the published figure (the study's ${efficiency.basis})`
			: `instance at the study's ${efficiency.basis} (modelled)`,
	);
	const instance: Term = {gbps: ociInstanceGbps(figure), footing: capped ? 'documented' : 'modelled'};
	if (context.path === 'internet') basis?.push('internet: no documented OCI limit found; the instance figure stands');
	const flow = ociFlowShare();
	basis?.push(`one flow at ${percent(flow.share)} of the instance (the study's ${flow.basis})`);
	return {
		perFlow: {gbps: ociFlowGbps(instance.gbps), footing: 'modelled'},
		instance,
		instanceLimit: 'instance-baseline',
		basis: linesOf(basis),
	};
}

const gcpInstanceGbps = (egress: number, share: number) => egress * Math.min(1, share);
const ociInstanceGbps = (figure: number) => figure * Math.min(1, ociAggregateEfficiency().share);
const ociFlowGbps = (instance: number) => instance * Math.min(1, ociFlowShare().share);

/**
 * The kinds of configuration of a GCP or OCI shape (Tier_1 on or off) and the most each is predicted to
 * carry (the figures gcpLimits and ociLimits give, at the most favourable placement and OCPUs). One flow on
 * GCP carries the instance (no per-flow cap); on OCI a share of it. None when nothing is published.
 */
export function gcpOciCarriage(record: ShapeRecord, path: NetworkPath): Carriage[] {
	const kind = (tier1: boolean, flow: number, instance: number): Carriage => ({
		cluster: false,
		enaExpress: false,
		tier1,
		flow,
		instance,
	});
	const baseline = record.bandwidth.baselineGbps;
	if (record.cloud === 'oci') {
		const figure = record.flex === null ? baseline : record.flex.maxGbps;
		if (figure === null) return [];
		const instance = ociInstanceGbps(figure);
		return [kind(false, ociFlowGbps(instance), instance)];
	}

	const instanceOf = (egress: number) => {
		const instance = gcpInstanceGbps(egress, largestGcpShare());
		return path === 'internet' ? Math.min(instance, gcpInternetReported.gbps) : instance;
	};
	const kinds: Carriage[] = [];
	const cap = tier1Applies(record) ? (record.tier1?.capGbps ?? null) : null;
	for (const [tier1, egress] of [
		[false, baseline],
		[true, cap],
	] as const) {
		if (egress === null) continue;
		const instance = instanceOf(egress);
		kinds.push(kind(tier1, instance, instance));
	}

	return kinds;
}

let gcpShare: number | undefined;

/** The study's largest GCP aggregate share over the placements the search tries there. */
function largestGcpShare(): number {
	gcpShare ??= Math.max(
		...(['default', 'spread', 'collocated'] as const).map((placement) => gcpAggregateEfficiency(placement).share),
	);
	return gcpShare;
}

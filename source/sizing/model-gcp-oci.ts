// GCP: the per-VM egress rule (or the Tier_1 cap) at the study's measured share; bandwidth per VM. OCI:
// Gbps per OCPU x OCPUs up to the shape's maximum; "2 x N" bare metal as two VNICs of N. Neither documents a
// per-flow cap: one flow is the study's measured share up to the link it was measured on (GCP 21.69 on
// 21.06, OCI 15.5 on 16.32), and above it a lower bound (footing `bound`: at least the measured flow). Pure.

import {gbps, percent} from '../domain/format.js';
import type {Configuration, NetworkPath, ShapeRecord} from '../domain/model-types.js';
import {remembered} from '../domain/remembered.js';
import {gcpEgressRule, gcpInternetReported, ociBandwidthRule} from './documented-limits.js';
import {
	type Basis,
	basisFor,
	type Carriage,
	type CloudLimits,
	type Interfaces,
	linesOf,
	type ModelContext,
	type Term,
} from './model-terms.js';
import {
	type Efficiency,
	gcpAggregateEfficiency,
	gcpFlowShare,
	measuredSingleFlow,
	ociAggregateEfficiency,
	ociFlowShare,
} from './study.js';

/** Whether Tier_1 can be enabled on this shape (eligible, with a cap the catalogue knows). */
export function tier1Applies(record: ShapeRecord): boolean {
	return record.tier1?.eligible === true && record.tier1.capGbps !== null;
}

/**
 * Whether Tier_1 may be tried when asked for: eligible, its cap known or not (unknown is not no: the
 * configuration is `unknown`-footed at the default tier's figure, with how to check).
 */
export function tier1MayApply(record: ShapeRecord): boolean {
	return record.tier1?.eligible === true;
}

/** Tier_1 asked for on an eligible shape whose Tier_1 cap the catalogue lacks. */
function tier1CapUnknown(configuration: Configuration, record: ShapeRecord): boolean {
	return configuration.options.tier1 && tier1MayApply(record) && !tier1Applies(record);
}

function gcpEgress(configuration: Configuration, record: ShapeRecord, basis: Basis): number | null {
	if (configuration.options.tier1) {
		const cap = tier1Applies(record) ? (record.tier1?.capGbps ?? null) : null;
		if (cap !== null) {
			basis?.push(`Tier_1 per-VM egress cap ${gbps(cap)} Gbps (documented; an extra SKU)`);
			return cap;
		}

		if (tier1MayApply(record)) {
			basis?.push(
				`Tier_1 is supported on ${record.shape} but its per-VM cap is not in the bundled catalogue: unknown, not no; planned at the default tier's figure (Tier_1 does not lower it); check the series' Tier_1 figure (cloud.google.com/compute/docs/network-bandwidth) or the console`,
			);
		} else {
			basis?.push('Tier_1 is not available on this shape: default tier');
		}
	}

	const figure = record.bandwidth.baselineGbps;
	if (figure !== null) basis?.push(`per-VM egress ${gbps(figure)} Gbps by the documented rule (${gcpEgressRule})`);
	return figure;
}

/** A cloud's one flow in the study: the flow it measured (and on what link), and its share of eight flows. */
interface StudyFlow {
	readonly measured: () => {readonly gbps: number; readonly basis: string};
	readonly share: () => Efficiency;
}

const gcpStudyFlow: StudyFlow = {measured: () => measuredSingleFlow('gcp'), share: gcpFlowShare};
const ociStudyFlow: StudyFlow = {measured: () => measuredSingleFlow('oci'), share: ociFlowShare};

/**
 * One flow on GCP or OCI: the study's share of the instance up to the link it measured one flow on; above it
 * a lower bound, the measured flow itself (never a cap: neither cloud documents one).
 */
export function studyFlow(study: StudyFlow, instanceGbps: number): Term {
	const modelled = instanceGbps * Math.min(1, study.share().share);
	return modelled <= study.measured().gbps ? {gbps: modelled, footing: 'modelled'} : boundFlow(study);
}

const boundFlow = remembered((study: StudyFlow): Term => ({gbps: study.measured().gbps, footing: 'bound'}));

function flowLine(study: StudyFlow, flow: Term): string {
	const measured = study.measured();
	if (flow.footing === 'bound') {
		return `one flow: at least ${gbps(measured.gbps)} Gbps (the study's ${measured.basis}); no per-flow cap is documented, and above that link one flow is unmeasured: a lower bound, not a prediction`;
	}

	const share = study.share();
	return `one flow at ${percent(Math.min(1, share.share))} of the instance (the study's ${share.basis}), within the link it was measured on`;
}

/** No published figure: nothing known, with the lines written so far. */
const nothingKnown = (basis: Basis): CloudLimits => ({
	perFlow: null,
	instance: null,
	instanceLimit: 'instance-baseline',
	flowLimit: 'flows',
	basis: linesOf(basis),
});

/** GCP: bandwidth is per VM (one object). */
const perVm: Interfaces = {kind: 'vm', perInterface: null, usable: 1};

export function gcpLimits(configuration: Configuration, record: ShapeRecord, context: ModelContext): CloudLimits {
	const basis = basisFor(context.explain);
	const egress = gcpEgress(configuration, record, basis);
	if (egress === null) return nothingKnown(basis);
	const efficiency = gcpAggregateEfficiency(configuration.placement);
	basis?.push(`instance at the study's ${efficiency.basis} (modelled)`);
	const footing = tier1CapUnknown(configuration, record) ? 'unknown' : 'modelled';
	let instance: Term = {gbps: gcpInstanceGbps(egress, efficiency.share), footing};
	let instanceLimit: CloudLimits['instanceLimit'] = 'instance-baseline';
	if (context.path === 'internet' && gcpInternetReported.gbps < instance.gbps) {
		instance = {gbps: gcpInternetReported.gbps, footing: 'modelled'};
		instanceLimit = 'path-limit';
		basis?.push(`internet: ${gbps(gcpInternetReported.gbps)} Gbps ${gcpInternetReported.source}`);
	}

	const flow = studyFlow(gcpStudyFlow, instance.gbps);
	basis?.push(flowLine(gcpStudyFlow, flow));
	basis?.push(
		'interfaces: bandwidth is per VM; a second vNIC buys nothing (cloud.google.com/compute/docs/network-bandwidth)',
	);
	return {perFlow: flow, interfaces: perVm, instance, instanceLimit, flowLimit: 'flows', basis: linesOf(basis)};
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
	if (figure === null) return nothingKnown(basis);
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
	const nics = ociInterfaces(record);
	const flow = studyFlow(ociStudyFlow, Math.min(instance.gbps, nics?.perInterface?.gbps ?? instance.gbps));
	basis?.push(flowLine(ociStudyFlow, flow));
	if (nics !== undefined) {
		basis?.push(
			`interfaces: "${String(nics.usable)} x ${gbps(nics.perInterface?.gbps ?? 0)} Gbps" published: both NICs active, one VNIC on each reaches ${gbps(nics.perInterface?.gbps ?? 0)} (${ociBandwidthRule})`,
		);
	}

	return {
		perFlow: flow,
		instance,
		instanceLimit: 'instance-baseline',
		flowLimit: 'flows',
		basis: linesOf(basis),
		interfaces: nics,
	};
}

/** OCI "2 x N Gbps" shapes: two VNICs (NIC 0 and NIC 1), N each (the catalogue's network cards). */
function ociInterfaces(record: ShapeRecord): Interfaces | undefined {
	const {networkCards, perCardBaselineGbps} = record.bandwidth;
	if (networkCards === null || networkCards < 2 || perCardBaselineGbps === null) return undefined;
	return ociNics(networkCards)(perCardBaselineGbps);
}

const ociNics = remembered((cards: number) =>
	remembered(
		(per: number): Interfaces => ({kind: 'vnic', perInterface: {gbps: per, footing: 'documented'}, usable: cards}),
	),
);

const gcpInstanceGbps = (egress: number, share: number) => egress * Math.min(1, share);
const ociInstanceGbps = (figure: number) => figure * Math.min(1, ociAggregateEfficiency().share);

/** A kind of configuration: Tier_1 or not, the most one flow and the instance carry. */
const kind = (tier1: boolean, flow: number, instance: number): Carriage => ({
	cluster: false,
	enaExpress: false,
	tier1,
	flow,
	instance,
});

/**
 * The kind of configuration of an OCI shape and the most it is predicted to carry (the figures ociLimits
 * gives, at its most OCPUs): one flow a share of the instance. None when nothing is published.
 */
export function ociCarriage(record: ShapeRecord): Carriage[] {
	const figure = record.flex === null ? record.bandwidth.baselineGbps : record.flex.maxGbps;
	if (figure === null) return [];
	const instance = ociInstanceGbps(figure);
	const per = ociInterfaces(record)?.perInterface?.gbps ?? instance;
	return [kind(false, studyFlow(ociStudyFlow, Math.min(instance, per)).gbps, instance)];
}

/**
 * The kinds of configuration of a GCP shape (Tier_1 on or off) and the most each is predicted to carry (the
 * figures gcpLimits gives, at the most favourable placement): one flow carries the instance (no per-flow
 * cap). None when nothing is published.
 */
export function gcpCarriage(record: ShapeRecord, path: NetworkPath): Carriage[] {
	const baseline = record.bandwidth.baselineGbps;
	const instanceOf = (egress: number) => {
		const instance = gcpInstanceGbps(egress, largestGcpShare());
		return path === 'internet' ? Math.min(instance, gcpInternetReported.gbps) : instance;
	};
	const kinds: Carriage[] = [];
	// Tier_1 with its cap unknown: planned at the default tier's figure.
	const cap = tier1Applies(record) ? (record.tier1?.capGbps ?? null) : tier1MayApply(record) ? baseline : null;
	for (const [tier1, egress] of [
		[false, baseline],
		[true, cap],
	] as const) {
		if (egress === null) continue;
		const instance = instanceOf(egress);
		kinds.push(kind(tier1, studyFlow(gcpStudyFlow, instance).gbps, instance));
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

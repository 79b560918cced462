// AWS records: Flexera's DescribeInstanceTypes dump (vCPUs, memory, arch, first card's baseline/peak),
// Karpenter's baseline table (multi-card totals), network cards, us-east-1 prices, ENA Express per type
// (AWS's spec tables and support list, 2026).
// Pure: texts in, stored records out.

import type {Arch} from '../../source/domain/model-types.js';
import type {Placement} from '../../source/domain/types.js';
import type {DraftShape} from './draft.js';
import {csvRows, goInlineNumberPairs, goNumberMap, significant} from './text.js';

interface FlexeraType {
	readonly name: string;
	readonly family?: string;
	readonly cpu?: {readonly vcpus?: number; readonly architectures?: readonly string[]};
	readonly memory?: {readonly sizeInMiB?: number};
	readonly network?: {readonly baselineBandwidthInGbps?: number | null; readonly peakBandwidthInGbps?: number | null};
	readonly properties?: {readonly currentGeneration?: boolean; readonly cpuBurstModel?: string | null};
}

export interface AwsTexts {
	readonly flexera: string;
	readonly bandwidth: string;
	readonly vpcLimits: string;
	readonly pricing: string;
	readonly enaExpress: string;
}

export interface AwsBuild {
	readonly shapes: DraftShape[];
	readonly priceRegions: string[];
	/** Multi-card types whose total replaced the first card's figure. */
	readonly multiCard: string[];
}

/** Network cards per type, from the `NetworkCards: []NetworkCard{...}` blocks of vpclimits.go. */
export function networkCardsOf(text: string): Map<string, number> {
	const cards = new Map<string, number>();
	for (const block of text.split(/\n\t"/).slice(1)) {
		const name = block.slice(0, block.indexOf('"'));
		cards.set(name, (block.match(/^\s*NetworkCardIndex:/gm) ?? []).length);
	}

	return cards;
}

/** One type's ENA Express answer: yes or no, flagged where the two AWS pages disagree or the answer is inferred. */
export interface EnaExpressAnswer {
	readonly supported: boolean;
	/** `conflict`: the spec table (older copy) says no, the support list (newer) yes, kept; `inferred`: a size neither copy lists. */
	readonly flag?: 'conflict' | 'inferred';
}

/** ENA Express per type from aws/ena_express_support_*.csv (yes/no); types the file does not list are absent (unknown). */
export function enaExpressOf(text: string): Map<string, EnaExpressAnswer> {
	const support = new Map<string, EnaExpressAnswer>();
	for (const row of csvRows(text)) {
		const answer = row.ena_express?.trim();
		const name = row.instance_type?.trim();
		if (!name || (answer !== 'yes' && answer !== 'no')) continue;
		const note = row.note ?? '';
		const flag = note.startsWith('CONFLICT') ? 'conflict' : /absent from both/.test(note) ? 'inferred' : undefined;
		support.set(name, {supported: answer === 'yes', ...(flag ? {flag} : {})});
	}

	return support;
}

/** Burstable-CPU families (T1, T2, T3, T3a, T4g, ...). */
export const isBurstableAws = (family: string): boolean => /^t\d+[a-z]*$/.test(family);

// The cluster placement group rule (aws-placement-docs): current generation except burstable and Mac1,
// plus these previous-generation families and types.
const clusterPreviousFamilies = new Set(['a1', 'c3', 'g2', 'i2', 'r3']);
const clusterPreviousTypes = new Set(['cc2.8xlarge', 'cr1.8xlarge', 'hs1.8xlarge']);

export function awsPlacements(name: string, family: string, currentGeneration: boolean | null): Placement[] {
	const cluster =
		!isBurstableAws(family) &&
		family !== 'mac1' &&
		(currentGeneration !== false || clusterPreviousFamilies.has(family) || clusterPreviousTypes.has(name));
	return cluster ? ['default', 'cluster', 'spread', 'partition'] : ['default', 'spread', 'partition'];
}

/**
 * The placements whose support the rule cannot settle: a cluster group where no source gives the type's
 * generation (Karpenter-only types), its family not among the previous generations the rule lists. Spread
 * and partition groups name no type they exclude (Dedicated Instances aside): supported, documented.
 */
export function awsPlacementsUnknown(name: string, family: string, currentGeneration: boolean | null): Placement[] {
	if (currentGeneration !== null || isBurstableAws(family) || family === 'mac1') return [];
	return clusterPreviousFamilies.has(family) || clusterPreviousTypes.has(name) ? [] : ['cluster'];
}

function unknownPlacementsField(unknown: Placement[]): Pick<DraftShape, 'placementsUnknown'> {
	return unknown.length === 0 ? {} : {placementsUnknown: unknown};
}

function archOf(architectures: readonly string[] | undefined): Arch | null {
	const names = architectures ?? [];
	if (names.some((name) => name.startsWith('x86_64'))) {
		return 'x86_64';
	}

	return names.some((name) => name.startsWith('arm64')) ? 'arm64' : null;
}

/**
 * The published figures: Flexera's first-card baseline/peak, unless Karpenter's multi-card total is
 * higher than the first card's peak on a type with several cards (p5, trn1, c8gn.48xlarge, ...): then the
 * total is the instance figure and the card's figures are kept beside it.
 */
export function awsBandwidth(
	first: {readonly baseline: number | null; readonly peak: number | null} | null,
	totalBaseline: number | null,
	cards: number | null,
): DraftShape['bandwidth'] {
	const cardsField = cards === null ? {} : {cards};
	if (first === null || first.baseline === null) {
		// Only Karpenter's baseline is known: no peak figure is published in the sources.
		return {baseline: totalBaseline, peak: null, kind: 'base-and-peak', source: 'karpenter-bandwidth', ...cardsField};
	}

	const peak = first.peak ?? first.baseline;
	if (totalBaseline !== null && (cards ?? 1) > 1 && totalBaseline > peak * 1.01) {
		return {
			baseline: totalBaseline,
			peak: totalBaseline,
			kind: 'base-and-peak',
			source: 'karpenter-bandwidth',
			...cardsField,
			cardBaseline: first.baseline,
			cardPeak: peak,
		};
	}

	const kind = first.baseline < peak ? 'peak-over-baseline' : 'base-and-peak';
	return {baseline: first.baseline, peak, kind, source: 'flexera-aws', ...cardsField};
}

export function buildAws(texts: AwsTexts): AwsBuild {
	const types = JSON.parse(texts.flexera) as FlexeraType[];
	const totals = goNumberMap(texts.bandwidth);
	const cards = networkCardsOf(texts.vpcLimits);
	const prices = goInlineNumberPairs(texts.pricing);
	const ena = enaExpressOf(texts.enaExpress);
	const byName = new Map(types.map((type) => [type.name, type]));
	const names = [...new Set([...byName.keys(), ...totals.keys()])].sort();
	const multiCard: string[] = [];
	const shapes = names.map((name): DraftShape => {
		const type = byName.get(name);
		const family = type?.family ?? name.split('.')[0] ?? name;
		const mbps = totals.get(name);
		const network = type?.network;
		const bandwidth = awsBandwidth(
			network ? {baseline: network.baselineBandwidthInGbps ?? null, peak: network.peakBandwidthInGbps ?? null} : null,
			mbps === undefined ? null : mbps / 1000,
			cards.get(name) ?? null,
		);
		if (bandwidth.cardBaseline !== undefined) {
			multiCard.push(name);
		}

		const price = prices.get(name);
		const support = ena.get(name);
		const memory = type?.memory?.sizeInMiB;
		return {
			cloud: 'aws',
			shape: name,
			family,
			vcpus: type?.cpu?.vcpus ?? null,
			memoryGib: memory === undefined ? null : significant(memory / 1024),
			arch: archOf(type?.cpu?.architectures),
			bandwidth,
			placements: awsPlacements(name, family, type?.properties?.currentGeneration ?? null),
			...unknownPlacementsField(awsPlacementsUnknown(name, family, type?.properties?.currentGeneration ?? null)),
			...(support === undefined ? {} : {enaExpress: {...support, source: 'aws-ena-express-docs'}}),
			...(isBurstableAws(family) ? {burstable: true} : {}),
			...(price === undefined ? {} : {prices: {source: 'karpenter-pricing', perHour: [significant(price)]}}),
		};
	});
	return {shapes, priceRegions: ['us-east-1'], multiCard};
}

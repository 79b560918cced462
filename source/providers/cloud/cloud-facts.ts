// The facts every cloud provider shares (billed, SSH CIDR, shape names, placements), built per cloud from a
// few differences. Pure: no SDK; the request layer reads these before any provider loads.

import {optionKeys} from '../../domain/clouds/cloud-terms.js';
import {cloudTerms} from '../../domain/clouds.js';
import type {Placement, RealCloud} from '../../domain/types.js';
import type {CloudField} from '../cloud-probe-fields.js';
import type {ProbeFieldId, ProbeFieldSpec, ProbeTarget, ProviderFacts, TargetProblem} from '../provider.js';
import {checkShapeName, type ShapeNameRule} from './shape-name.js';
import {parseSshCidr} from './ssh-cidr.js';

export interface CloudFactsSpec {
	readonly id: RealCloud;
	readonly summary: string;
	readonly placements: readonly Placement[];
	readonly placementChoices: readonly string[];
	/** Where a run is located: --region, --zone or both, in form order (its own location fields follow). */
	readonly locationFields: readonly ('region' | 'zone')[];
	/** Its own fields (its probe-fields.ts): location ones after `locationFields`, network ones after those. */
	readonly ownFields: readonly CloudField[];
	readonly defaultShape: string;
	/** Flex shapes: the OCPUs the form offers; with it the cloud takes --ocpus (after its own fields). */
	readonly defaultOcpus?: number;
	/** IPv6 SSH CIDRs: only where the run's network has IPv6. */
	readonly ipv6Ssh: boolean;
	/** Hints for the form's fields here (its own fields carry theirs). */
	readonly hints: Readonly<Partial<Record<ProbeFieldId, string>>>;
	/** Where the cloud's SDK looks for credentials, and how to set them up (credentials.ts's one line). */
	readonly credentials: CredentialsChain;
	/** The pattern its shape names follow, with an example (shape-name.ts). */
	readonly shapeName: ShapeNameRule;
	/** How its managed Kubernetes begins a node's `spec.providerID` (k8s/node-pairs.ts finds a node's cloud). */
	readonly nodeProviderIds: readonly string[];
}

export interface CredentialsChain {
	readonly chain: string;
	readonly setup: string;
}

/** A cloud's facts: a provider's, with the cloud's credential chain and shape names. */
export interface CloudProviderFacts extends ProviderFacts {
	readonly id: RealCloud;
	readonly credentials: CredentialsChain;
	readonly shapeName: ShapeNameRule;
	readonly nodeProviderIds: readonly string[];
}

function flagLabel(id: ProbeFieldId): string {
	return `--${id.replaceAll(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/**
 * The fields between --shape and --price, in form order: location, the cloud's own, --ocpus where its shapes
 * are Flex, the options it sells (its terms, domain/clouds/<cloud>.ts: --ena-express, --tier1).
 */
function cloudOrder(spec: CloudFactsSpec): ProbeFieldId[] {
	const own = (group: CloudField['group']) => spec.ownFields.filter((field) => field.group === group);
	return [
		...spec.locationFields,
		...own('location').map((field) => field.id),
		...own('network').map((field) => field.id),
		...(spec.defaultOcpus === undefined ? [] : (['ocpus'] as const)),
		...cloudTerms[spec.id].options,
	];
}

function formFields(spec: CloudFactsSpec): readonly ProbeFieldSpec[] {
	const text = (id: ProbeFieldId): ProbeFieldSpec => {
		const hint = spec.hints[id] ?? spec.ownFields.find((field) => field.id === id)?.hint;
		return {
			id,
			label: flagLabel(id),
			kind: optionKeys.some((option) => option === id) ? 'switch' : 'text',
			...(hint ? {hint} : {}),
		};
	};
	return [
		{id: 'shape', label: '--shape', kind: 'text', hint: `empty: ${spec.defaultShape}`},
		...cloudOrder(spec).map(text),
		{id: 'price', label: '--price', kind: 'text', hint: '$/h per instance; empty: the catalogue or pricing API'},
		{id: 'sshCidr', label: '--ssh-cidr', kind: 'text', hint: 'required: who may SSH in, e.g. 203.0.113.7/32'},
		{id: 'placements', label: '--placement', kind: 'choice', choices: spec.placementChoices},
	];
}

function problems(spec: CloudFactsSpec, target: ProbeTarget): TargetProblem[] {
	const found: TargetProblem[] = [];
	for (const placement of target.placements) {
		if (!spec.placements.includes(placement)) {
			found.push({
				field: 'placements',
				message: `placement ${placement} is not available on ${spec.id}`,
				hint: `${spec.id} placements: ${spec.placements.join(', ')}`,
			});
		}
	}

	if (target.sshCidr !== undefined && !spec.ipv6Ssh && parseSshCidr(target.sshCidr).family === 6) {
		found.push({field: 'sshCidr', message: `--ssh-cidr must be IPv4 for ${spec.id} (its run network is IPv4 only)`});
	}

	return found;
}

export function cloudFacts(spec: CloudFactsSpec): CloudProviderFacts {
	return {
		id: spec.id,
		credentials: spec.credentials,
		shapeName: spec.shapeName,
		nodeProviderIds: spec.nodeProviderIds,
		billed: true,
		summary: spec.summary,
		placements: spec.placements,
		placementChoices: spec.placementChoices,
		fields: ['shape', ...cloudOrder(spec), 'price', 'sshCidr'],
		cloudFields: spec.ownFields,
		cleanupFields: [
			...spec.locationFields,
			...spec.ownFields.filter((field) => field.group === 'location').map((field) => field.id),
		],
		defaults: {shape: spec.defaultShape, ...(spec.defaultOcpus === undefined ? {} : {ocpus: spec.defaultOcpus})},
		defaultPlacements: () => ['default'],
		formFields: () => formFields(spec),
		resolveShape: (raw) => checkShapeName(spec.id, spec.shapeName, raw?.trim()),
		problems: (target) => problems(spec, target),
	};
}

// The one probe request and its one builder: the CLI's flags (probe-flags.ts) and the wizard's probe form both
// hand it field values as text, and get back a validated ProbeRequest or one RequestError naming every bad
// field. Provider-specific answers come from the provider's facts. Pure: no provider (or SDK) is loaded.

import {type BoundName, requestBounds} from '../domain/bounds.js';
import {optionKeys} from '../domain/clouds/cloud-terms.js';
import {isRealCloud} from '../domain/clouds.js';
import {UserError} from '../domain/errors.js';
import {
	placements as allPlacements,
	type CongestionControl,
	congestionControls,
	type Placement,
} from '../domain/types.js';
import {parseSshCidr} from '../providers/cloud/ssh-cidr.js';
import type {CloudFieldId} from '../providers/cloud-probe-fields.js';
import {providerFacts} from '../providers/facts.js';
import {labProfileForShape} from '../providers/lab/facts.js';
import {
	type K8sTarget,
	type LabTarget,
	type ProbeFieldId,
	type ProbeFieldValues,
	type ProbeTarget,
	type ProviderFacts,
	type ProviderId,
	providerIds,
	type ShapeOptionFields,
	type SshTarget,
} from '../providers/provider.js';
import {kebabFlag} from './flags.js';
import {checkObjectName, parseContext, parseImage, parseK8sNetwork, parseNodes, parseZones} from './k8s-request.js';
import {checkTotalTests, defaultProbeSettings, type ProbeSettings} from './probe-settings.js';
import {checkRegion, zoneProblem} from './region.js';
import {ProblemList} from './request-errors.js';
import {boundedList, boundedNumber} from './request-number.js';
import {defaultKnownHosts, parseNetworkPath, parseSshHosts, parseSshPort} from './ssh-request.js';
import {userPath} from './user-path.js';

/** What to probe and how: the same for `netplace probe` and the probe screen. */
export interface ProbeRequest {
	readonly provider: ProviderId;
	readonly target: ProbeTarget;
	readonly settings: ProbeSettings;
}

/** The fields every provider takes, beside its own (`ProviderFacts.fields`). */
export const commonProbeFields: readonly ProbeFieldId[] = [
	'provider',
	'placements',
	'streams',
	'duration',
	'repeat',
	'sustained',
	'reverse',
	'processes',
	'cc',
];

/** A number field of the probe: its entry in the bounds table; a list (`1,8`); a word it takes as well. */
export interface ProbeNumberField {
	readonly bound: BoundName;
	readonly list?: true;
	readonly word?: string;
}

/** Every number the probe takes, flag and form field alike, and its bound: what the form lets be typed too. */
export const probeNumberFields = {
	streams: {bound: 'probeStreams', list: true},
	duration: {bound: 'duration'},
	repeat: {bound: 'repeat'},
	sustained: {bound: 'sustained'},
	processes: {bound: 'processes', word: 'auto'},
	ocpus: {bound: 'ocpus'},
	price: {bound: 'price'},
	labScale: {bound: 'labScale'},
	flowCap: {bound: 'flowCap'},
	aggregateCap: {bound: 'aggregateCap'},
	rtt: {bound: 'rtt'},
	jitter: {bound: 'jitter'},
	loss: {bound: 'loss'},
} as const satisfies Partial<Record<ProbeFieldId, ProbeNumberField>>;

type NumberFieldId = keyof typeof probeNumberFields;

/** The number field `id` is, or null for a text, choice or switch field. */
export function probeNumberField(id: ProbeFieldId): ProbeNumberField | null {
	return (probeNumberFields as Partial<Record<ProbeFieldId, ProbeNumberField>>)[id] ?? null;
}

/** Names safe to pass to SDK calls and printed delete commands: no shell metacharacters, no spaces. */
const safeName = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}$/;

/** `--region` etc.: letters, digits and . _ : / - only (UserError otherwise). */
export function checkSafeName(flag: string, value: string): string {
	if (!safeName.test(value)) {
		throw new UserError(
			`--${flag} ${JSON.stringify(value)} has characters netplace does not accept`,
			'letters, digits and . _ : / - only',
		);
	}

	return value;
}

/** A switch's text in a form or from a flag: yes/true/on/1 or no/false/off/0 (empty: off). */
export function switchValue(flag: string, raw: string | undefined): boolean {
	const text = raw?.trim().toLowerCase() ?? '';
	if (['', 'no', 'false', 'off', '0'].includes(text)) return false;
	if (['yes', 'true', 'on', '1'].includes(text)) return true;
	throw new UserError(`--${flag} is a switch: yes or no, got ${JSON.stringify(raw)}`);
}

function textOf(values: ProbeFieldValues, id: ProbeFieldId): string | undefined {
	const text = values[id]?.trim();
	return text === undefined || text === '' ? undefined : text;
}

function parseProvider(raw: string | undefined): ProviderId {
	if (raw === undefined) throw new UserError('--provider is required', `one of ${providerIds.join(', ')}`);
	const id = providerIds.find((candidate) => candidate === raw);
	if (id === undefined) throw new UserError(`unknown provider "${raw}"`, `use one of ${providerIds.join(', ')}`);
	return id;
}

function parsePlacements(raw: string): Placement[] {
	const chosen: Placement[] = [];
	for (const value of raw
		.split(',')
		.map((item) => item.trim())
		.filter((item) => item !== '')) {
		const placement = allPlacements.find((candidate) => candidate === value);
		if (placement === undefined) {
			throw new UserError(
				`unknown placement "${value}"`,
				`use ${allPlacements.join(', ')} (repeat the flag or give a comma list)`,
			);
		}

		if (!chosen.includes(placement)) chosen.push(placement);
	}

	if (chosen.length === 0) throw new UserError('--placement needs a value', `one of ${allPlacements.join(', ')}`);
	return chosen;
}

class FieldReader {
	constructor(
		readonly values: ProbeFieldValues,
		readonly problems: ProblemList,
	) {}

	number(id: NumberFieldId): number | undefined {
		const text = textOf(this.values, id);
		const bound = requestBounds[probeNumberFields[id].bound];
		return text === undefined ? undefined : this.problems.check(id, () => boundedNumber(bound, text));
	}

	safe(id: ProbeFieldId, flag: string): string | undefined {
		const text = textOf(this.values, id);
		return text === undefined ? undefined : this.problems.check(id, () => checkSafeName(flag, text));
	}

	switch(id: ProbeFieldId, flag: string): boolean {
		return this.problems.check(id, () => switchValue(flag, this.values[id])) ?? false;
	}
}

function settingsOf(read: FieldReader): ProbeSettings {
	const streamsText = textOf(read.values, 'streams');
	const streams =
		streamsText === undefined
			? undefined
			: read.problems.check('streams', () => boundedList(requestBounds[probeNumberFields.streams.bound], streamsText));
	return {
		streams: streams ?? defaultProbeSettings.streams,
		durationSeconds: read.number('duration') ?? defaultProbeSettings.durationSeconds,
		repeat: read.number('repeat') ?? defaultProbeSettings.repeat,
		sustainedSeconds: read.number('sustained') ?? null,
		pingCount: defaultProbeSettings.pingCount,
		...(read.switch('reverse', 'reverse') ? {reverse: true} : {}),
		...processesOf(read),
		...congestionControlOf(read),
	};
}

/** `--cc cubic|bbr|reno`: the congestion control each test's sender runs (iperf3 -C); absent: the host's own. */
function congestionControlOf(read: FieldReader): {congestionControl?: CongestionControl} {
	const text = textOf(read.values, 'cc')?.toLowerCase();
	if (text === undefined) return {};
	const cc = congestionControls.find((candidate) => candidate === text);
	if (cc === undefined) {
		read.problems.add('cc', `--cc must be one of ${congestionControls.join(', ')}, got ${JSON.stringify(text)}`);
		return {};
	}

	return {congestionControl: cc};
}

/** `--processes auto|N` (default auto): iperf3 processes per test. */
function processesOf(read: FieldReader): {processes?: number} {
	const text = textOf(read.values, 'processes');
	if (text === undefined || text === probeNumberFields.processes.word) return {};
	const processes = read.number('processes');
	return processes === undefined ? {} : {processes};
}

/**
 * The lab's `--shape S`: that shape's cell, as `--lab-profile` (lab facts labProfileForShape); refused beside
 * --lab-profile naming another shape, or beside custom caps: never ignored.
 */
function labProfileOf(read: FieldReader, custom: boolean): string | undefined {
	const profile = read.safe('labProfile', 'lab-profile');
	const shape = textOf(read.values, 'shape');
	if (shape === undefined) return profile;
	const fromShape = read.problems.check('shape', () => labProfileForShape(shape));
	if (fromShape === undefined) return profile;
	if (custom) {
		read.problems.add(
			'shape',
			`--shape ${shape} reproduces that shape's cell; --flow-cap/--aggregate-cap set caps of their own: give one or the other`,
		);
		return profile;
	}

	if (profile !== undefined && !`${profile}/`.startsWith(`${fromShape}/`)) {
		read.problems.add('shape', `--shape ${shape} and --lab-profile ${profile} name different shapes: give one`);
	}

	return profile ?? fromShape;
}

function labOf(read: FieldReader, takes: (id: ProbeFieldId) => boolean): LabTarget | undefined {
	if (!takes('labProfile')) return undefined;
	const scale = read.number('labScale');
	const flowCapGbps = read.number('flowCap');
	const aggregateCapGbps = read.number('aggregateCap');
	const profile = labProfileOf(read, flowCapGbps !== undefined || aggregateCapGbps !== undefined);
	const rttMs = read.number('rtt');
	const jitterMs = read.number('jitter');
	const lossPercent = takes('loss') ? read.number('loss') : undefined;
	if (jitterMs !== undefined && rttMs !== undefined && jitterMs > rttMs) {
		read.problems.add(
			'jitter',
			`--jitter ${jitterMs} is above --rtt ${rttMs} (jitter spreads the RTT, at most all of it)`,
		);
	}

	return {
		...(profile === undefined ? {} : {profile}),
		...(scale === undefined ? {} : {scale}),
		...(flowCapGbps === undefined ? {} : {flowCapGbps}),
		...(aggregateCapGbps === undefined ? {} : {aggregateCapGbps}),
		...(rttMs === undefined ? {} : {rttMs}),
		...(jitterMs === undefined || jitterMs === 0 ? {} : {jitterMs}),
		...(lossPercent === undefined ? {} : {lossPercent}),
		...(takes('overSsh') && read.switch('overSsh', 'over-ssh') ? {overSsh: true} : {}),
	};
}

/** `--provider ssh`: the two hosts (required), the key, the port, the known_hosts file. */
function sshOf(read: FieldReader): SshTarget | undefined {
	const hostsText = textOf(read.values, 'hosts');
	if (hostsText === undefined) {
		read.problems.add(
			'hosts',
			'--provider ssh needs --hosts A,B: the sender and the receiver, each [user@]HOST',
			'e.g. --hosts ubuntu@10.0.0.5,ubuntu@10.0.0.6',
		);
	}

	const hosts = hostsText === undefined ? undefined : read.problems.check('hosts', () => parseSshHosts(hostsText));
	const port = read.problems.check('port', () => parseSshPort(textOf(read.values, 'port')));
	const identity = textOf(read.values, 'identity');
	const knownHosts = textOf(read.values, 'knownHosts');
	const acceptNewHostKey = read.switch('acceptNewHostKey', 'accept-new-host-key');
	if (hosts === undefined || port === undefined) return undefined;
	return {
		hosts,
		port,
		...(identity === undefined ? {} : {identity: userPath(identity)}),
		knownHosts: knownHosts === undefined ? defaultKnownHosts() : userPath(knownHosts),
		acceptNewHostKey,
	};
}

/** `--provider k8s`: the nodes (default auto), which pairs, which network (default pod), the image. */
function k8sOf(read: FieldReader): K8sTarget | undefined {
	const nodes = read.problems.check('nodes', () => parseNodes(textOf(read.values, 'nodes')));
	const zones = read.problems.check('zones', () => parseZones(textOf(read.values, 'zones')));
	const network = read.problems.check('network', () => parseK8sNetwork(textOf(read.values, 'network')));
	const image = read.problems.check('image', () => parseImage(textOf(read.values, 'image')));
	if (nodes === undefined || network === undefined || image === undefined) return undefined;
	return {nodes, network, image, ...(zones === undefined ? {} : {zones})};
}

/** `--context` and `--namespace`: where in the user's kubeconfig a k8s probe (and its cleanup) goes. */
function clusterOf(
	read: FieldReader,
	takes: (id: ProbeFieldId) => boolean,
): Pick<ProbeTarget, 'context' | 'namespace'> {
	const context = textOf(read.values, 'context');
	const namespace = textOf(read.values, 'namespace');
	const checkedContext =
		takes('context') && context !== undefined ? read.problems.check('context', () => parseContext(context)) : undefined;
	const checkedNamespace =
		takes('namespace') && namespace !== undefined
			? read.problems.check('namespace', () => checkObjectName('namespace', namespace))
			: undefined;
	return {
		...(checkedContext === undefined ? {} : {context: checkedContext}),
		...(checkedNamespace === undefined ? {} : {namespace: checkedNamespace}),
	};
}

function targetFields(
	read: FieldReader,
	takes: (id: ProbeFieldId) => boolean,
	facts: ProviderFacts,
): Omit<ProbeTarget, 'shape' | 'placements'> {
	const where = whereFields(read, takes, facts);
	const ocpus = takes('ocpus') ? read.number('ocpus') : undefined;
	const pricePerHour = takes('price') ? read.number('price') : undefined;
	const sshCidr = takes('sshCidr')
		? read.problems.check('sshCidr', () => parseSshCidr(read.values.sshCidr).cidr)
		: undefined;
	const lab = labOf(read, takes);
	const path = takes('path')
		? read.problems.check('path', () => parseNetworkPath(textOf(read.values, 'path')))
		: undefined;
	const ssh = takes('hosts') ? sshOf(read) : undefined;
	const k8s = takes('nodes') ? k8sOf(read) : undefined;
	return {
		...where,
		...clusterOf(read, takes),
		...(k8s === undefined ? {} : {k8s}),
		...(ocpus === undefined ? {} : {ocpus}),
		...(pricePerHour === undefined ? {} : {pricePerHour}),
		...(sshCidr === undefined ? {} : {sshCidr}),
		...optionsOf(read, takes),
		...(lab === undefined ? {} : {lab}),
		...(path === undefined ? {} : {path}),
		...(ssh === undefined ? {} : {ssh}),
	};
}

/** The shape's options the provider takes and the fields switch on (--ena-express, --tier1), each `true`. */
function optionsOf(read: FieldReader, takes: (id: ProbeFieldId) => boolean): ShapeOptionFields {
	const on = optionKeys.filter((key) => takes(key) && read.switch(key, kebabFlag(key)));
	return Object.fromEntries(on.map((key) => [key, true]));
}

/**
 * Where the run goes: region (checked against the provider's), zone (in that region, for a cloud), and the
 * cloud's own fields (its probe-fields.ts: project, compartment, network, ...), each a name safe to hand its SDK.
 */
function whereFields(
	read: FieldReader,
	takes: (id: ProbeFieldId) => boolean,
	facts: ProviderFacts,
): Pick<ProbeTarget, 'region' | 'zone' | CloudFieldId> {
	const text = (id: 'region' | 'zone'): string | undefined => (takes(id) ? read.safe(id, id) : undefined);
	const typedRegion = text('region');
	const region =
		typedRegion === undefined ? undefined : read.problems.check('region', () => checkRegion(facts.id, typedRegion));
	const zone = text('zone');
	if (zone !== undefined && isRealCloud(facts.id)) {
		const problem = zoneProblem(facts.id, zone.toLowerCase(), region);
		if (problem !== null) read.problems.add('zone', problem, 'name a zone of the region, e.g. us-east-1a in us-east-1');
	}

	const own = (facts.cloudFields ?? []).map((field) => [field.id, read.safe(field.id, kebabFlag(field.id))] as const);
	const fields = [['region', region] as const, ['zone', zone] as const, ...own];
	return Object.fromEntries(fields.filter(([, value]) => value !== undefined));
}

/**
 * Field values (text; empty or absent fields take their defaults) -> the request, or one RequestError naming every
 * problem. Fields the provider does not take are ignored here (a form keeps values of hidden fields); the CLI
 * refuses them beforehand (`probeFieldsFromFlags`). `problems` may already hold the caller's own findings.
 */
export function buildProbeRequest(values: ProbeFieldValues, problems: ProblemList = new ProblemList()): ProbeRequest {
	const read = new FieldReader(values, problems);
	const provider = problems.check('provider', () => parseProvider(textOf(values, 'provider')));
	const settings = settingsOf(read);
	const placementsText = textOf(values, 'placements');
	const chosen =
		placementsText === undefined ? undefined : problems.check('placements', () => parsePlacements(placementsText));
	if (provider === undefined) {
		problems.throwIfAny();
		throw new Error('unreachable: a missing provider is a problem');
	}

	const facts = providerFacts(provider);
	const takes = (id: ProbeFieldId): boolean => facts.fields.includes(id);
	const rest = targetFields(read, takes, facts);
	const placements = chosen ?? facts.defaultPlacements(rest);
	if (problems.empty) checkTotalTests(settings, placements.length, problems);
	const shape = problems.check('shape', () =>
		facts.resolveShape(takes('shape') ? values.shape : undefined, {...rest, placements}),
	);
	if (problems.empty && shape !== undefined) {
		for (const problem of facts.problems({shape, placements, ...rest})) {
			problems.add(problem.field, problem.message, problem.hint);
		}
	}

	problems.throwIfAny();
	return {provider, target: {shape: shape ?? '', placements, ...rest}, settings};
}

// `netplace probe` flags -> a validated probe request (pure). Every bad value is one UserError line (exit 2)
// naming the flag, before any provider (or SDK) is loaded.

import {placements as allPlacements, type Placement, type RealCloud} from '../advisor/types.js';
import {
	type CliFlags,
	type FlagName,
	integerFlag,
	integerListFlag,
	kebabFlag,
	listFlag,
	numberFlag,
	requiredValue,
} from '../commands/flags.js';
import {UserError} from '../errors.js';
import {validateShape, validateSshCidr} from '../providers/cloud/validate.js';
import {resolveLabShaping} from '../providers/lab/shaping-spec.js';
import {type LabTarget, type ProbeTarget, type ProviderId, providerIds} from '../providers/provider.js';
import {defaultProbeSettings, type ProbeSettings} from './types.js';

export interface ProbeRequest {
	readonly provider: ProviderId;
	readonly target: ProbeTarget;
	readonly settings: ProbeSettings;
	readonly dryRun: boolean;
	readonly yes: boolean;
	readonly json: boolean;
}

/** iperf3 accepts at most 128 parallel streams. */
export const maxStreams = 128;
const labOnlyFlags: readonly FlagName[] = [
	'labProfile',
	'labScale',
	'flowCap',
	'aggregateCap',
	'rtt',
	'jitter',
	'overSsh',
];
/** Names safe to pass to SDK calls and printed delete commands: no shell metacharacters, no spaces. */
const safeName = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}$/;
const labShapePattern = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;

export function safeValue(name: FlagName, raw: string | undefined): string | undefined {
	const value = requiredValue(name, raw)?.trim();
	if (value !== undefined && !safeName.test(value)) {
		throw new UserError(
			`--${kebabFlag(name)} ${JSON.stringify(value)} has characters netplace does not accept`,
			'letters, digits and . _ : / - only',
		);
	}

	return value;
}

function parseProvider(raw: string | undefined): ProviderId {
	const value = requiredValue('provider', raw)?.trim();
	if (value === undefined) throw new UserError('--provider is required', `one of ${providerIds.join(', ')}`);
	if (!(providerIds as readonly string[]).includes(value)) {
		throw new UserError(`unknown provider "${value}"`, `use one of ${providerIds.join(', ')}`);
	}

	return value as ProviderId;
}

function parsePlacements(raw: readonly string[]): Placement[] {
	const values = listFlag(raw);
	if (raw.length > 0 && values.length === 0)
		throw new UserError('--placement needs a value', `one of ${allPlacements.join(', ')}`);
	const chosen: Placement[] = [];
	for (const value of values) {
		if (!(allPlacements as readonly string[]).includes(value)) {
			throw new UserError(
				`unknown placement "${value}"`,
				`use ${allPlacements.join(', ')} (repeat the flag or give a comma list)`,
			);
		}

		if (!chosen.includes(value as Placement)) chosen.push(value as Placement);
	}

	return chosen.length > 0 ? chosen : ['default'];
}

function parseSettings(flags: CliFlags): ProbeSettings {
	const streamList = integerListFlag('streams', requiredValue('streams', flags.streams), {min: 1, max: maxStreams});
	const streams = streamList === undefined ? defaultProbeSettings.streams : [...new Set(streamList)];
	const durationSeconds =
		integerFlag('duration', requiredValue('duration', flags.duration), {min: 1, max: 3600}) ??
		defaultProbeSettings.durationSeconds;
	const repeat =
		integerFlag('repeat', requiredValue('repeat', flags.repeat), {min: 1, max: 20}) ?? defaultProbeSettings.repeat;
	const sustainedSeconds =
		integerFlag('sustained', requiredValue('sustained', flags.sustained), {min: 2, max: 3600}) ?? null;
	const processes = parseProcesses(requiredValue('processes', flags.processes));
	return {
		streams,
		durationSeconds,
		repeat,
		sustainedSeconds,
		pingCount: defaultProbeSettings.pingCount,
		...(flags.reverse ? {reverse: true} : {}),
		...(processes === 'auto' ? {} : {processes}),
	};
}

/** `--processes auto|N`: iperf3 processes per test (N from 1 to the most streams iperf3 takes). */
function parseProcesses(raw: string | undefined): 'auto' | number {
	if (raw === undefined || raw.trim() === 'auto') return 'auto';
	return integerFlag('processes', raw, {min: 1, max: maxStreams}) ?? 'auto';
}

function parseLab(flags: CliFlags, placements: readonly Placement[]): LabTarget {
	const profile = safeValue('labProfile', flags.labProfile);
	const scale = numberFlag('labScale', requiredValue('labScale', flags.labScale), {above: 0, max: 1});
	const flowCapGbps = numberFlag('flowCap', requiredValue('flowCap', flags.flowCap), {above: 0});
	const aggregateCapGbps = numberFlag('aggregateCap', requiredValue('aggregateCap', flags.aggregateCap), {above: 0});
	const rttMs = numberFlag('rtt', requiredValue('rtt', flags.rtt), {above: 0});
	const jitterMs = numberFlag('jitter', requiredValue('jitter', flags.jitter), {min: 0});
	const lab: LabTarget = {
		...(profile === undefined ? {} : {profile}),
		...(scale === undefined ? {} : {scale}),
		...(flowCapGbps === undefined ? {} : {flowCapGbps}),
		...(aggregateCapGbps === undefined ? {} : {aggregateCapGbps}),
		...(rttMs === undefined ? {} : {rttMs}),
		...(jitterMs === undefined || jitterMs === 0 ? {} : {jitterMs}),
		...(flags.overSsh ? {overSsh: true} : {}),
	};
	// The lab's own checks (profile exists, flow cap <= aggregate cap, no profile + custom caps), now.
	for (const placement of placements) resolveLabShaping(lab, placement);
	return lab;
}

/** The shape a lab run reports: `--shape`, else the profile's cloud/shape, else "custom". */
function labShape(flags: CliFlags, lab: LabTarget): string {
	const shape = requiredValue('shape', flags.shape)?.trim();
	if (shape !== undefined) {
		if (!labShapePattern.test(shape))
			throw new UserError(
				`--shape ${JSON.stringify(shape)} is not a valid lab shape name`,
				'letters, digits and . _ / - only',
			);
		return shape;
	}

	if (lab.profile === undefined) return 'custom';
	const [cloud, cellShape] = lab.profile.split('/');
	return cellShape === undefined ? lab.profile : `${cloud}/${cellShape}`;
}

export function parseProbeFlags(flags: CliFlags): ProbeRequest {
	const provider = parseProvider(flags.provider);
	const placements = parsePlacements(flags.placement);
	const settings = parseSettings(flags);
	const region = safeValue('region', flags.region);
	const zone = safeValue('zone', flags.zone);
	const project = safeValue('project', flags.project);
	const compartment = safeValue('compartment', flags.compartment);
	const ocpus = integerFlag('ocpus', requiredValue('ocpus', flags.ocpus), {min: 1, max: 512});
	const pricePerHour = numberFlag('price', requiredValue('price', flags.price), {min: 0});
	const networkFlags = {
		vpc: safeValue('vpc', flags.vpc),
		subnet: safeValue('subnet', flags.subnet),
		network: safeValue('network', flags.network),
		subnetwork: safeValue('subnetwork', flags.subnetwork),
	};
	const common = {
		placements,
		...(region === undefined ? {} : {region}),
		...(zone === undefined ? {} : {zone}),
		...(project === undefined ? {} : {project}),
		...(compartment === undefined ? {} : {compartment}),
		...(ocpus === undefined ? {} : {ocpus}),
		...(pricePerHour === undefined ? {} : {pricePerHour}),
		...Object.fromEntries(Object.entries(networkFlags).filter(([, value]) => value !== undefined)),
		...(flags.enaExpress ? {enaExpress: true} : {}),
		...(flags.tier1 ? {tier1: true} : {}),
	};
	const output = {settings, dryRun: flags.dryRun, yes: flags.yes, json: flags.json};
	if (provider === 'lab') {
		const lab = parseLab(flags, placements);
		return {provider, target: {shape: labShape(flags, lab), ...common, lab}, ...output};
	}

	const labFlag = labOnlyFlags.find((name) => {
		const value = flags[name];
		return typeof value === 'boolean' ? value : value !== undefined;
	});
	if (labFlag !== undefined) throw new UserError(`--${kebabFlag(labFlag)} is for --provider lab only`);
	if (ocpus !== undefined && provider !== 'oci') throw new UserError('--ocpus is for --provider oci only');
	if (flags.enaExpress && provider !== 'aws') throw new UserError('--ena-express is for --provider aws only');
	if (flags.tier1 && provider !== 'gcp') throw new UserError('--tier1 is for --provider gcp only');
	for (const [name, cloud] of [
		['vpc', 'aws'],
		['subnet', 'aws'],
		['network', 'gcp'],
		['subnetwork', 'gcp'],
	] as const) {
		if (networkFlags[name] !== undefined && provider !== cloud)
			throw new UserError(`--${name} is for --provider ${cloud} only`);
	}
	const shape = validateShape(provider as RealCloud, flags.shape?.trim());
	const sshCidr = validateSshCidr(flags.sshCidr);
	return {provider, target: {shape, ...common, sshCidr}, ...output};
}

// The probe screen's setup form as data: which fields a provider needs, their defaults, and turning the
// values into a ProbeTarget and ProbeSettings (the CLI's own flag validators, one message per problem). Pure.

import {labProfileCells} from '../../advisor/index.js';
import {type Placement, placements} from '../../advisor/types.js';
import {integerFlag, integerListFlag, listFlag, numberFlag} from '../../commands/flags.js';
import {defaultProbeSettings, type ProbeSettings} from '../../probe/types.js';
import {validateShape, validateSshCidr} from '../../providers/cloud/validate.js';
import type {LabTarget, ProbeTarget, ProviderId} from '../../providers/provider.js';

export type FieldId =
	| 'provider'
	| 'labProfile'
	| 'labScale'
	| 'flowCap'
	| 'aggregateCap'
	| 'rtt'
	| 'jitter'
	| 'shape'
	| 'region'
	| 'zone'
	| 'project'
	| 'compartment'
	| 'ocpus'
	| 'sshCidr'
	| 'placements'
	| 'streams'
	| 'duration'
	| 'repeat'
	| 'sustained';

export interface FieldSpec {
	readonly id: FieldId;
	/** The matching CLI flag, shown as the label. */
	readonly label: string;
	readonly kind: 'choice' | 'text';
	readonly choices?: readonly string[];
	readonly hint?: string;
}

export type FormValues = Readonly<Record<FieldId, string>>;

export const customLabProfile = 'custom';
const providerChoices: readonly ProviderId[] = ['lab', 'aws', 'gcp', 'oci'];

const defaultShapes: Readonly<Record<Exclude<ProviderId, 'lab'>, string>> = {
	aws: 'c8g.4xlarge',
	gcp: 'c4a-standard-16',
	oci: 'VM.Standard.A1.Flex',
};

const placementChoices: Readonly<Record<Exclude<ProviderId, 'lab'>, readonly string[]>> = {
	aws: ['default', 'cluster', 'spread', 'partition', 'default,cluster', 'default,cluster,spread'],
	gcp: ['default', 'collocated', 'default,collocated'],
	oci: ['default', 'cluster', 'default,cluster'],
};

export function labProfileChoices(): readonly string[] {
	return [...labProfileCells().map((entry) => entry.id), customLabProfile];
}

export function initialFormValues(): FormValues {
	return {
		provider: 'lab',
		labProfile: labProfileChoices()[0] ?? customLabProfile,
		labScale: '',
		flowCap: '',
		aggregateCap: '2',
		rtt: '',
		jitter: '',
		shape: '',
		region: '',
		zone: '',
		project: '',
		compartment: '',
		ocpus: '16',
		sshCidr: '',
		placements: 'default',
		streams: defaultProbeSettings.streams.join(','),
		duration: String(defaultProbeSettings.durationSeconds),
		repeat: String(defaultProbeSettings.repeat),
		sustained: '',
	};
}

function providerOf(values: FormValues): ProviderId {
	return providerChoices.find((id) => id === values.provider) ?? 'lab';
}

/** The fields shown for the chosen provider, in order. */
export function visibleFields(values: FormValues): readonly FieldSpec[] {
	const provider = providerOf(values);
	const fields: FieldSpec[] = [
		{id: 'provider', label: '--provider', kind: 'choice', choices: providerChoices, hint: providerHint(provider)},
	];
	if (provider === 'lab') {
		fields.push({id: 'labProfile', label: '--lab-profile', kind: 'choice', choices: labProfileChoices()});
		if (values.labProfile === customLabProfile) {
			fields.push(
				{id: 'flowCap', label: '--flow-cap', kind: 'text', hint: 'Gbps per flow; empty: no per-flow cap'},
				{id: 'aggregateCap', label: '--aggregate-cap', kind: 'text', hint: 'Gbps'},
				{id: 'rtt', label: '--rtt', kind: 'text', hint: 'ms; empty: the lab floor'},
				{id: 'jitter', label: '--jitter', kind: 'text', hint: 'ms'},
			);
		} else {
			fields.push({id: 'labScale', label: '--lab-scale', kind: 'text', hint: 'empty: the lab default'});
		}
	} else {
		fields.push({id: 'shape', label: '--shape', kind: 'text', hint: `empty: ${defaultShapes[provider]}`});
		if (provider === 'aws' || provider === 'oci') {
			fields.push({id: 'region', label: '--region', kind: 'text', hint: 'empty: the SDK default'});
		}

		if (provider === 'aws' || provider === 'gcp') {
			fields.push({id: 'zone', label: '--zone', kind: 'text'});
		}

		if (provider === 'gcp') {
			fields.push({id: 'project', label: '--project', kind: 'text'});
		}

		if (provider === 'oci') {
			fields.push(
				{id: 'compartment', label: '--compartment', kind: 'text', hint: 'empty: the tenancy'},
				{id: 'ocpus', label: '--ocpus', kind: 'text'},
			);
		}

		fields.push(
			{id: 'sshCidr', label: '--ssh-cidr', kind: 'text', hint: 'required: who may SSH in, e.g. 203.0.113.7/32'},
			{id: 'placements', label: '--placement', kind: 'choice', choices: placementChoices[provider]},
		);
	}

	fields.push(
		{id: 'streams', label: '--streams', kind: 'text', hint: 'stream counts, e.g. 1,8'},
		{id: 'duration', label: '--duration', kind: 'text', hint: 'seconds per test'},
		{id: 'repeat', label: '--repeat', kind: 'text'},
		{id: 'sustained', label: '--sustained', kind: 'text', hint: 'seconds; empty: none'},
	);
	return fields;
}

function providerHint(provider: ProviderId): string {
	switch (provider) {
		case 'lab': {
			return 'local namespaces shaped by tc; needs root';
		}

		case 'aws': {
			return 'real instances, billed: needs AWS credentials, --ssh-cidr; --region, --zone';
		}

		case 'gcp': {
			return 'real instances, billed: needs application default credentials, --project, --zone, --ssh-cidr';
		}

		case 'oci': {
			return 'real instances, billed: needs ~/.oci/config, --region, --compartment, --ssh-cidr';
		}
	}
}

export interface ProbeRequest {
	readonly provider: ProviderId;
	readonly target: ProbeTarget;
	readonly settings: ProbeSettings;
}

export type FormCheck =
	| {readonly ok: true; readonly request: ProbeRequest}
	| {readonly ok: false; readonly errors: readonly string[]};

function optionalText(value: string): string | undefined {
	const text = value.trim();
	return text === '' ? undefined : text;
}

function labTarget(values: FormValues): {
	readonly shape: string;
	readonly placement: Placement;
	readonly lab: LabTarget;
} {
	if (values.labProfile === customLabProfile) {
		return {
			shape: 'custom',
			placement: 'default',
			lab: {
				flowCapGbps: numberFlag('flowCap', optionalText(values.flowCap), {above: 0}) ?? null,
				aggregateCapGbps: numberFlag('aggregateCap', optionalText(values.aggregateCap), {above: 0}) ?? null,
				rttMs: numberFlag('rtt', optionalText(values.rtt), {min: 0}) ?? null,
				jitterMs: numberFlag('jitter', optionalText(values.jitter), {min: 0}) ?? null,
			},
		};
	}

	const entry = labProfileCells().find((candidate) => candidate.id === values.labProfile);
	const scale = numberFlag('labScale', optionalText(values.labScale), {above: 0, max: 1});
	return {
		shape: entry?.cell.shape ?? 'custom',
		placement: entry?.cell.placement ?? 'default',
		lab: scale === undefined ? {profile: values.labProfile} : {profile: values.labProfile, scale},
	};
}

function cloudTarget(provider: Exclude<ProviderId, 'lab'>, values: FormValues): ProbeTarget {
	const shape = validateShape(provider, optionalText(values.shape) ?? defaultShapes[provider]);
	const sshCidr = validateSshCidr(values.sshCidr);
	const chosen = listFlag(values.placements).filter((name): name is Placement =>
		(placements as readonly string[]).includes(name),
	);
	const shown = new Set(visibleFields(values).map((field) => field.id));
	const text = (id: FieldId): string | undefined => (shown.has(id) ? optionalText(values[id]) : undefined);
	const region = text('region');
	const zone = text('zone');
	const project = text('project');
	const compartment = text('compartment');
	return {
		shape,
		placements: chosen.length > 0 ? chosen : ['default'],
		sshCidr,
		...(region === undefined ? {} : {region}),
		...(zone === undefined ? {} : {zone}),
		...(project === undefined ? {} : {project}),
		...(compartment === undefined ? {} : {compartment}),
		...(provider === 'oci' ? {ocpus: integerFlag('ocpus', text('ocpus'), {min: 1, max: 256}) ?? 16} : {}),
	};
}

/** Every problem with the form, or the request it describes. */
export function checkForm(values: FormValues): FormCheck {
	const errors: string[] = [];
	const attempt = <T>(run: () => T): T | undefined => {
		try {
			return run();
		} catch (error: unknown) {
			errors.push(error instanceof Error ? error.message : String(error));
			return undefined;
		}
	};

	const provider = providerOf(values);
	const target = attempt((): ProbeTarget => {
		if (provider === 'lab') {
			const {shape, placement, lab} = labTarget(values);
			return {shape, placements: [placement], lab};
		}

		return cloudTarget(provider, values);
	});
	const streams = attempt(() => integerListFlag('streams', values.streams, {min: 1, max: 128}));
	const duration = attempt(() => integerFlag('duration', values.duration, {min: 1, max: 3600}));
	const repeat = attempt(() => integerFlag('repeat', values.repeat, {min: 1, max: 20}));
	const sustained = attempt(() => integerFlag('sustained', optionalText(values.sustained), {min: 30, max: 3600}));
	if (errors.length > 0 || !target || !streams || duration === undefined || repeat === undefined) {
		return {ok: false, errors};
	}

	return {
		ok: true,
		request: {
			provider,
			target,
			settings: {
				...defaultProbeSettings,
				streams,
				durationSeconds: duration,
				repeat,
				sustainedSeconds: sustained ?? null,
			},
		},
	};
}

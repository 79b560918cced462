// The probe screen's setup form as data: the fields come from the provider's facts (the same the CLI's
// probe flags take), the values are text, and the request is built by the one request builder
// (source/request/probe-request.ts), which names every bad or missing field at once. Pure.

import {defaultProbeSettings} from '../../../probe/types.js';
import {type CloudFieldId, cloudFields} from '../../../providers/cloud-probe-fields.js';
import {providerFacts} from '../../../providers/facts.js';
import {customLabProfile, labProfileChoices} from '../../../providers/lab/facts.js';
import {
	type ProbeFieldId,
	type ProbeFieldSpec,
	type ProbeFieldValues,
	type ProviderId,
	providerIds,
} from '../../../providers/provider.js';
import {buildProbeRequest, type ProbeRequest} from '../../../request/probe-request.js';
import {problemsOf} from '../../../request/request-errors.js';

export type {ProbeRequest};
export {customLabProfile, labProfileChoices};
export type FieldId = ProbeFieldId;
export type FieldSpec = ProbeFieldSpec;
export type FormValues = Readonly<Record<FieldId, string>>;

/** A switch (e.g. --ena-express) cycles between these. */
export const switchChoices: readonly string[] = ['no', 'yes'];

/** The form opens on a provider that spends nothing (the lab). */
const freeProvider: ProviderId = providerIds.find((id) => !providerFacts(id).billed) ?? 'lab';
/** Each cloud's own fields (its probe-fields.ts) open empty. */
const cloudFieldValues = Object.fromEntries(cloudFields.map((field) => [field.id, ''])) as Record<CloudFieldId, string>;
/** --ocpus opens on the default of the provider that takes it (its facts say). */
const defaultOcpus = providerIds.map((id) => providerFacts(id).defaults.ocpus).find((ocpus) => ocpus !== undefined);

export function initialFormValues(): FormValues {
	return {
		...cloudFieldValues,
		network: '',
		provider: freeProvider,
		labProfile: labProfileChoices()[0] ?? customLabProfile,
		labScale: '',
		flowCap: '',
		aggregateCap: '2',
		rtt: '',
		jitter: '',
		loss: '',
		cc: '',
		overSsh: 'no',
		shape: '',
		region: '',
		zone: '',
		ocpus: defaultOcpus === undefined ? '' : String(defaultOcpus),
		sshCidr: '',
		price: '',
		enaExpress: 'no',
		placements: 'default',
		streams: defaultProbeSettings.streams.join(','),
		duration: String(defaultProbeSettings.durationSeconds),
		repeat: String(defaultProbeSettings.repeat),
		sustained: '',
		reverse: 'no',
		processes: '',
		tier1: 'no',
		hosts: '',
		identity: '',
		port: '',
		knownHosts: '',
		acceptNewHostKey: 'no',
		path: 'same-zone',
		context: '',
		namespace: '',
		nodes: 'auto',
		zones: '',
		image: '',
	};
}

function providerOf(values: FormValues): ProviderId {
	return providerIds.find((id) => id === values.provider) ?? freeProvider;
}

/** The fields shown for the chosen provider, in order: provider, its own fields, then the test settings. */
export function visibleFields(values: FormValues): readonly FieldSpec[] {
	const facts = providerFacts(providerOf(values));
	return [
		{id: 'provider', label: '--provider', kind: 'choice', choices: providerIds, hint: facts.summary},
		...facts.formFields(values),
		{id: 'streams', label: '--streams', kind: 'text', hint: 'stream counts, e.g. 1,8'},
		{id: 'duration', label: '--duration', kind: 'text', hint: 'seconds per test'},
		{id: 'repeat', label: '--repeat', kind: 'text'},
		{id: 'sustained', label: '--sustained', kind: 'text', hint: 'seconds; empty: none'},
		{id: 'cc', label: '--cc', kind: 'text', hint: "cubic, bbr or reno (iperf3 -C); empty: the sender's own"},
	];
}

/** The choices a field cycles through with ←/→ (none for a text field). */
export function choicesOf(field: FieldSpec): readonly string[] {
	if (field.kind === 'switch') return switchChoices;
	return field.kind === 'choice' ? (field.choices ?? []) : [];
}

export type FormCheck =
	| {readonly ok: true; readonly request: ProbeRequest}
	| {readonly ok: false; readonly errors: readonly string[]};

/** Every problem with the form (all fields at once), or the request it describes. Hidden fields are left out. */
export function checkForm(values: FormValues): FormCheck {
	const shown: Partial<Record<FieldId, string>> = {};
	for (const field of visibleFields(values)) shown[field.id] = values[field.id];
	// "custom" is the form's own choice: no profile, the caps typed below it.
	if (shown.labProfile === customLabProfile) delete shown.labProfile;
	try {
		return {ok: true, request: buildProbeRequest(shown as ProbeFieldValues)};
	} catch (error: unknown) {
		return {
			ok: false,
			errors: problemsOf(error).map((problem) =>
				problem.hint ? `${problem.message} (${problem.hint})` : problem.message,
			),
		};
	}
}

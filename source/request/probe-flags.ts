// `netplace probe` flags -> the one ProbeRequest (source/request/probe-request.ts), plus the command's own
// switches. Every bad value, empty value and flag the provider does not take is one problem; all of them come
// back in one UserError line (exit 2), before any provider (or SDK) is loaded.

import {providerFacts} from '../providers/facts.js';
import {type ProbeFieldId, type ProbeFieldValues, providerIds} from '../providers/provider.js';
import {type CliFlags, kebabFlag} from './flags.js';
import {fieldFlag, fieldIds} from './probe-field-flags.js';
import {buildProbeRequest, commonProbeFields, type ProbeRequest} from './probe-request.js';
import {ProblemList} from './request-errors.js';

/** The probe command's request: what to probe, and how the command runs it. */
export interface ProbeCommandRequest extends ProbeRequest {
	readonly dryRun: boolean;
	readonly yes: boolean;
	readonly json: boolean;
}

/** A flag's value as probe field text: switches `yes` when on, lists joined, absent flags absent. */
function fieldText(flags: CliFlags, id: ProbeFieldId): string | undefined {
	const value = flags[fieldFlag(id)];
	if (typeof value === 'boolean') return value ? 'yes' : undefined;
	if (typeof value === 'string') return value;
	return value === undefined || value.length === 0 ? undefined : value.join(',');
}

/** The providers whose probe takes `id`. */
function providersTaking(id: ProbeFieldId): string {
	return providerIds.filter((provider) => providerFacts(provider).fields.includes(id)).join(', ');
}

/** Flags given empty, and flags the chosen provider does not take, as problems. */
function flagProblems(values: ProbeFieldValues, problems: ProblemList): void {
	const provider = providerIds.find((id) => id === values.provider?.trim());
	for (const id of fieldIds) {
		const text = values[id];
		if (text === undefined) continue;
		const flag = `--${kebabFlag(fieldFlag(id))}`;
		if (text.trim() === '') problems.add(id, `${flag} needs a value`);
		if (provider === undefined || commonProbeFields.includes(id)) continue;
		if (!providerFacts(provider).fields.includes(id)) {
			problems.add(id, `${flag} is not a --provider ${provider} flag (it is for --provider ${providersTaking(id)})`);
		}
	}
}

export function parseProbeFlags(flags: CliFlags): ProbeCommandRequest {
	const values: Partial<Record<ProbeFieldId, string>> = {};
	for (const id of fieldIds) {
		const text = fieldText(flags, id);
		if (text !== undefined) values[id] = text;
	}

	const problems = new ProblemList();
	flagProblems(values, problems);
	const request = buildProbeRequest(values, problems);
	return {...request, dryRun: flags.dryRun, yes: flags.yes, json: flags.json};
}

// What names a GCP run's resources and marks them as the run's: names, labels, the description firewalls and
// policies carry (they have no labels), paths, and the gcloud command that deletes each by hand.

import type {Placement} from '../../domain/types.js';
import {expiresTagKey, labelSafe, runTagKey} from '../cloud/run-tags.js';
import type {GcpPolicyPlacement, GcpTarget} from './target.js';

/** Names: lowercase, start with a letter, at most 63 characters (run ids are `np-…`). */
export const gcpNames = {
	sshRule: (runId: string) => `${runId}-ssh`,
	probeRule: (runId: string) => `${runId}-probe`,
	denyRule: (runId: string) => `${runId}-deny`,
	policy: (runId: string, placement: GcpPolicyPlacement = 'collocated') => `${runId}-${placement}`,
	instance: (runId: string, placement: Placement, role: 'server' | 'client') =>
		`${runId}-${placement === 'collocated' ? 'col' : placement}-${role === 'server' ? 's' : 'c'}`,
};

/** The description that marks firewalls and policies (which have no labels) as a run's. */
export function runDescription(runId: string): string {
	return `${runTagKey}=${runId}`;
}

export function runIdFromDescription(description: string | null | undefined): string | null {
	const match = /^netplace-run=([a-z0-9-]+)/.exec(description ?? '');
	return match?.[1] ?? null;
}

export function gcpLabels(runId: string, expiresAt: string): Record<string, string> {
	return {[runTagKey]: labelSafe(runId), [expiresTagKey]: labelSafe(expiresAt)};
}

/** The ISO time back from its label-safe form (`2026-12-03t23-45-00-000z`), null when it is not one. */
export function labelTime(label: string | null | undefined): string | null {
	const match = /^(\d{4}-\d{2}-\d{2})t(\d{2})-(\d{2})-(\d{2})-(\d{3})z$/.exec(label ?? '');
	return match ? `${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z` : null;
}

export function networkPath(network: string): string {
	return `global/networks/${network}`;
}

export function policyUrl(target: GcpTarget, name: string): string {
	return `projects/${target.project}/regions/${target.region}/resourcePolicies/${name}`;
}

export const gcpDeleteCommands = {
	instance: (name: string, project: string, zone: string) =>
		`gcloud compute instances delete ${name} --project ${project} --zone ${zone} --quiet`,
	policy: (name: string, project: string, region: string) =>
		`gcloud compute resource-policies delete ${name} --project ${project} --region ${region} --quiet`,
	firewall: (name: string, project: string) =>
		`gcloud compute firewall-rules delete ${name} --project ${project} --quiet`,
	osLoginKey: (fingerprint: string, project: string) =>
		`gcloud compute os-login ssh-keys remove --key ${fingerprint} --project ${project}`,
	keyFolder: (folder: string) => `rm -rf ${folder}`,
};

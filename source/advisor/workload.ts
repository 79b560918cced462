// The cloud scope a workload (or `table --cloud`) names. The whole workload is built by the request layer
// (source/requests/workload-request.ts: one bounds table for flags, answers and profiles).

import {UserError} from '../errors.js';
import {type CloudScope, cloudScopes, defaultWorkload} from './types.js';

function shown(value: unknown): string {
	return JSON.stringify(typeof value === 'number' ? String(value) : value) ?? String(value);
}

export function parseCloudScope(value: string | null | undefined): CloudScope {
	if (value === undefined || value === null) {
		return defaultWorkload.cloud;
	}

	const normalised = value.trim().toLowerCase();
	const scope = cloudScopes.find((candidate) => candidate === normalised);
	if (scope === undefined) {
		throw new UserError(`unknown cloud ${shown(value)} (use aws, gcp, oci or any)`);
	}

	return scope;
}

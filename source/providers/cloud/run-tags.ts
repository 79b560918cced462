// Every cloud resource a run creates carries these tags (labels on GCP, freeform tags on OCI), so
// `cleanup` can find what a crashed run left, and anyone can see when it was meant to be gone.

export const runTagKey = 'netplace-run';
export const expiresTagKey = 'netplace-expires';

export interface RunTags {
	readonly [runTagKey]: string;
	readonly [expiresTagKey]: string;
}

/** Tags for a run: its id and when its hosts shut themselves down (ISO 8601, UTC). */
export function runTags(runId: string, ttlSeconds: number, now: Date = new Date()): RunTags {
	return {
		[runTagKey]: runId,
		[expiresTagKey]: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
	};
}

/** A run id is safe in names, tags and labels: lowercase letters, digits, dashes. */
export function isSafeRunId(runId: string): boolean {
	return /^[a-z0-9][a-z0-9-]{0,40}$/.test(runId);
}

/** GCP label values allow only [a-z0-9_-]: the ISO time with ':' and '.' replaced. */
export function labelSafe(value: string): string {
	return value.toLowerCase().replaceAll(/[^a-z0-9_-]/g, '-');
}

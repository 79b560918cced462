// Which of the resources `cleanup` found may be deleted: those of a run that has expired (the latest
// `netplace-expires` among its resources is past) or whose process is provably gone (its record here says
// so). A run recorded here and still running is never touched, expired or not; a run not known here and not
// expired is kept too (it may be running on another machine). Pure: the records and the clock are passed in.

import type {Orphan} from '../provider.js';
import type {RunRecord} from './run-record.js';

function latestExpiry(orphans: readonly Orphan[], runId: string): number | null {
	const times = orphans
		.filter((orphan) => orphan.runId === runId && orphan.expiresAt)
		.map((orphan) => Date.parse(orphan.expiresAt ?? ''))
		.filter((time) => Number.isFinite(time));
	return times.length > 0 ? Math.max(...times) : null;
}

/** Why the run's resources must be kept, or undefined when they may go. */
function keepReason(
	runId: string | null,
	expiry: number | null,
	record: RunRecord | undefined,
	dead: boolean,
	now: number,
): string | undefined {
	if (runId === null) return 'it names no run';
	if (record && !dead) return `run ${runId} is still running here (pid ${record.owner.pid})`;
	if (record && dead) return undefined;
	if (expiry !== null && expiry <= now) return undefined;
	const until = expiry === null ? 'carries no expiry' : `expires ${new Date(expiry).toISOString()}`;
	return `run ${runId} is not known here and ${until}`;
}

export function triageOrphans(
	orphans: readonly Orphan[],
	records: readonly RunRecord[],
	isDead: (record: RunRecord) => boolean,
	now: Date = new Date(),
): Orphan[] {
	const byRun = new Map(records.map((record) => [record.runId, record]));
	return orphans.map((orphan) => {
		const record = orphan.runId === null ? undefined : byRun.get(orphan.runId);
		const expiry = orphan.runId === null ? null : latestExpiry(orphans, orphan.runId);
		const keep = keepReason(orphan.runId, expiry, record, record ? isDead(record) : false, now.getTime());
		const {keep: _old, ...rest} = orphan;
		return keep === undefined ? rest : {...rest, keep};
	});
}

// `netplace shapes --live`: ask each cloud's API about the shapes listed and report where it differs from
// the bundled catalogue. Each cloud is asked only when its credentials load (AWS: the SDK's chain; GCP:
// application default credentials and a project; OCI: the config file); otherwise nothing is called and
// the report says why. Each cloud's adapter is in its folder (providers/<cloud>/live-catalogue.ts); tests
// inject sessions over fake clients (aws-sdk-client-mock, the repo's GCP/OCI fakes).

import {clouds, type RealCloud} from '../domain/clouds.js';
import {UserError} from '../domain/errors.js';
import type {ShapeRecord} from '../domain/model-types.js';
import type {LiveSession} from '../providers/live-catalogue.js';
import {type LiveReport, liveReport, liveShapeLimit, skippedReport} from '../sizing/catalogue-live.js';

/** Each cloud's session, or a string saying why nothing may be called (no credentials, ...). */
export type LiveSessions = Readonly<Record<RealCloud, () => Promise<LiveSession | string>>>;

/** Refuse (exit 2, before any call) a live check of more shapes than one run asks about. */
export function assertLiveScope(records: readonly ShapeRecord[]): void {
	for (const cloud of clouds) {
		const count = records.filter((record) => record.cloud === cloud).length;
		if (count > liveShapeLimit) {
			throw new UserError(
				`--live checks at most ${liveShapeLimit} shapes per cloud; the search lists ${count} ${cloud} shapes`,
				'narrow it with --cloud and --search',
			);
		}
	}
}

/** One report per cloud among the records: its API's figures beside the bundled ones, or why none. */
export async function liveCheck(records: readonly ShapeRecord[], sessions: LiveSessions): Promise<LiveReport[]> {
	assertLiveScope(records);
	const reports: LiveReport[] = [];
	for (const cloud of clouds) {
		const asked = records.filter((record) => record.cloud === cloud);
		if (asked.length === 0) {
			continue;
		}

		const live = await sessions[cloud]();
		const names = asked.map((record) => record.shape);
		reports.push(
			typeof live === 'string'
				? skippedReport(cloud, live)
				: liveReport(cloud, live.calledAs, asked, await live.figures(names)),
		);
	}

	return reports;
}

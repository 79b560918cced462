// The real sessions for `shapes --live`: each cloud's live-catalogue adapter (providers/<cloud>/live-catalogue.ts),
// loaded on first use and opened where the flags say.

import {clouds} from '../domain/clouds.js';
import {cloudLocationFieldIds} from '../providers/cloud-probe-fields.js';
import type {LiveWhere} from '../providers/live-catalogue.js';
import {loadLiveCatalogue} from '../providers/load-provider.js';
import type {CliFlags} from '../request/flags.js';
import type {LiveSessions} from './shapes-live.js';

export function liveSessions(flags: CliFlags): LiveSessions {
	const where: LiveWhere = {
		region: flags.region,
		zone: flags.zone,
		...Object.fromEntries(cloudLocationFieldIds.map((id) => [id, flags[id]])),
	};
	return Object.fromEntries(
		clouds.map((cloud) => [cloud, async () => (await loadLiveCatalogue(cloud))(where)]),
	) as LiveSessions;
}

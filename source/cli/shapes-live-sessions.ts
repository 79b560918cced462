// The real sessions for `shapes --live`: each cloud's live-catalogue adapter (providers/<cloud>/live-catalogue.ts),
// loaded on first use and opened where the flags say.

import {clouds} from '../domain/clouds.js';
import {loadLiveCatalogue} from '../providers/load-provider.js';
import type {CliFlags} from '../request/flags.js';
import type {LiveSessions} from './shapes-live.js';

export function liveSessions(flags: CliFlags): LiveSessions {
	const where = {region: flags.region, zone: flags.zone, project: flags.project, compartment: flags.compartment};
	return Object.fromEntries(
		clouds.map((cloud) => [cloud, async () => (await loadLiveCatalogue(cloud))(where)]),
	) as LiveSessions;
}

// Capacity fallback for RunInstances. EC2 answers InsufficientInstanceCapacity ("We currently do not have
// sufficient <type> capacity in the Availability Zone you requested … you can try again later or … choose
// a different Availability Zone") per zone: the next standard zone is tried when the zone was not pinned.

import {firstLineOf, RuntimeError} from '../../domain/errors.js';

/**
 * RunInstances in the first zone; on InsufficientInstanceCapacity ("We currently do not have sufficient
 * <type> capacity in the Availability Zone you requested") the next standard zone, unless the zone is
 * pinned (--zone or --subnet). Each fallback is said in one line.
 */
export async function launchInSomeZone<T>(
	zones: readonly string[],
	pinned: boolean,
	launch: (zone: string, attempt: number) => Promise<T>,
	say: (text: string) => void,
): Promise<T> {
	for (const [index, zone] of zones.entries()) {
		try {
			const launched = await launch(zone, index);
			if (index > 0) say(`launched in ${zone}`);
			return launched;
		} catch (error: unknown) {
			const next = zones[index + 1];
			if (!/InsufficientInstanceCapacity/.test(firstLineOf(error)) || next === undefined || pinned) {
				if (/InsufficientInstanceCapacity/.test(firstLineOf(error))) {
					throw new RuntimeError(
						`aws has no capacity for this shape in ${pinned ? zone : zones.join(', ')} (InsufficientInstanceCapacity)`,
						pinned ? 'try another --zone, or later' : 'try later, or another region',
					);
				}

				throw error;
			}

			say(`InsufficientInstanceCapacity in ${zone}: trying ${next}`);
		}
	}

	throw new RuntimeError('aws RunInstances: no zone to try');
}

// The wizard's "measure it" for the path's round trip: ping from this machine, loaded on first use (the
// wizard's start does not load the probe layer).

import type {RttReading} from '../probe/ping-host.js';

export type {RttReading} from '../probe/ping-host.js';

/** Measures the round trip to a host; the wizard takes one so tests can pass their own. */
export type RttMeter = (host: string, signal?: AbortSignal) => Promise<RttReading>;

export const pingRttMeter: RttMeter = async (host, signal) =>
	(await import('../probe/ping-host.js')).pingHost(host, signal);

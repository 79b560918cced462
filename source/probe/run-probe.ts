// The probe runner: provision -> per pair: iperf3 server, client tests, ping, sustained -> teardown (always).

import type {ProbeTarget, Provider} from '../providers/provider.js';
import type {ProbeEvent, ProbeRun, ProbeSettings} from './types.js';

export interface RunProbeOptions {
	/** Defaults to a fresh `np-<base36 time>-<random>`. */
	readonly runId?: string;
	/** Aborting stops the current test; teardown still runs and the returned run has `aborted: true`. */
	readonly signal?: AbortSignal;
	readonly onEvent?: (event: ProbeEvent) => void;
}

export async function runProbe(
	provider: Provider,
	target: ProbeTarget,
	settings: ProbeSettings,
	options: RunProbeOptions = {},
): Promise<ProbeRun> {
	void provider;
	void target;
	void settings;
	void options;
	throw new Error('runProbe: not implemented yet');
}

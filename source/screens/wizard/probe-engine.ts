// What the probe screen needs from the probe engine and the providers, loaded on first use so the wizard's
// start imports neither the engine nor any cloud SDK. Tests inject fakes.

import type {Measurement} from '../../advisor/types.js';
import type {ProbeEvent, ProbeRun, ProbeSettings} from '../../probe/types.js';
import type {ProbeTarget, Provider, ProviderId} from '../../providers/provider.js';

export interface ProbeEngine {
	runProbe(
		provider: Provider,
		target: ProbeTarget,
		settings: ProbeSettings,
		options: {readonly runId?: string; readonly signal?: AbortSignal; readonly onEvent?: (event: ProbeEvent) => void},
	): Promise<ProbeRun>;
	toMeasurements(run: ProbeRun): readonly Measurement[];
	/** Keep the run so `table`, `advise` and profiles see it. */
	saveProbeRun(run: ProbeRun, target?: ProbeTarget): unknown;
}

export type ProbeEngineLoader = () => Promise<ProbeEngine>;
export type ProviderLoaders = Partial<Record<ProviderId, () => Promise<Provider>>>;

export const defaultProbeEngine: ProbeEngineLoader = async () => {
	const [{runProbe}, {toMeasurements}, {saveProbeRun}] = await Promise.all([
		import('../../probe/run-probe.js'),
		import('../../probe/to-measurements.js'),
		import('../../probe/results-store.js'),
	]);
	return {runProbe, toMeasurements, saveProbeRun};
};

async function load(id: ProviderId): Promise<Provider> {
	const {loadProvider} = await import('../../providers/load-provider.js');
	return loadProvider(id);
}

export const defaultProviders: ProviderLoaders = {
	lab: async () => load('lab'),
	aws: async () => load('aws'),
	gcp: async () => load('gcp'),
	oci: async () => load('oci'),
};

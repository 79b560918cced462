// What the probe screen needs from the probe engine and the providers, loaded on first use so the wizard's
// start imports neither the engine nor any cloud SDK. Tests inject fakes.

import {clouds} from '../../../domain/clouds.js';
import type {Measurement} from '../../../domain/types.js';
import type {ProbeRunner, ResultsStoreApi} from '../../../probe/probe-session.js';
import type {ProbeRun} from '../../../probe/types.js';
import type {Provider, ProviderId} from '../../../providers/provider.js';

/** The runner and the results store the probe session (source/probe/probe-session.ts) runs the screen's probe with. */
export interface ProbeEngine extends ResultsStoreApi {
	readonly runProbe: ProbeRunner;
}

/** What a finished probe gives the wizard: a complete run, its evidence, and whether the store kept it. */
export interface FinishedProbe {
	readonly runId: string;
	/** The run as the probe screen shows it (the Markdown export lays it out the same way). */
	readonly run: ProbeRun;
	readonly measurements: readonly Measurement[];
	readonly kept: boolean;
}

export type ProbeEngineLoader = () => Promise<ProbeEngine>;
export type ProviderLoaders = Partial<Record<ProviderId, () => Promise<Provider>>>;

export const defaultProbeEngine: ProbeEngineLoader = async () => {
	const [{runProbe}, {saveProbeRun}] = await Promise.all([
		import('../../../probe/run-probe.js'),
		import('../../../probe/probe-results.js'),
	]);
	return {runProbe, saveProbeRun};
};

async function load(id: ProviderId): Promise<Provider> {
	const {loadProvider} = await import('../../../providers/load-provider.js');
	return loadProvider(id);
}

/** The lab, every cloud and your cluster (the probe form's own hosts come in through --provider ssh on the CLI). */
export const defaultProviders: ProviderLoaders = Object.fromEntries(
	(['lab', ...clouds, 'k8s'] as const).map((id) => [id, async () => load(id)]),
);

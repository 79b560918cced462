// Commands on a lab host: inside its namespace (`ip netns exec`), or over its SSH transport in --over-ssh
// runs. A background process goes into its run's ledger, so teardown stops it.

import type {BackgroundProcess, ExecOptions, ExecResult, Host} from '../provider.js';
import {ipCommand, type LabState, runtimeOf} from './lab-state.js';
import {runCommand, startProcess} from './run-command.js';

export async function execOnHost(
	state: LabState,
	host: Host,
	argv: readonly string[],
	options: ExecOptions = {},
): Promise<ExecResult> {
	const runtime = runtimeOf(state, host);
	if (runtime.transport) return runtime.transport.exec(argv, options);
	return runCommand([ipCommand(), 'netns', 'exec', runtime.namespace, ...argv], options);
}

export async function startBackgroundOnHost(
	state: LabState,
	host: Host,
	argv: readonly string[],
): Promise<BackgroundProcess> {
	const runtime = runtimeOf(state, host);
	const background: BackgroundProcess = runtime.transport
		? await runtime.transport.startBackground(argv)
		: startProcess([ipCommand(), 'netns', 'exec', runtime.namespace, ...argv]);
	state.runs.get(runtime.runId)?.record({
		kind: 'process',
		id: `${runtime.namespace}/${argv.join(' ')}`,
		deleteCommand: `ip netns pids ${runtime.namespace} | xargs -r kill`,
		remove: async () => background.stop(),
	});
	return background;
}

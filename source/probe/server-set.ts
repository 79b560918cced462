// The iperf3 servers of one pair: one per port (base .. base+k-1), so a test can spread its streams over
// k client processes. Each is watched; one that died (e.g. "the server has terminated") is started again
// before the next test. Stopped together when the pair is done.

import type {BackgroundProcess, HostPair, Provider} from '../providers/provider.js';
import {iperf3ServerArgv, waitUntilListening} from './iperf3-server.js';

interface Watched {
	readonly port: number;
	process: BackgroundProcess | null;
	gone: boolean;
}

export interface ServerSet {
	/** Waits until every server listens (throws with the first server's own error). */
	ready(): Promise<void>;
	/** Starts again any server that exited; `note` says so. */
	restartGone(note: (text: string) => void): Promise<void>;
	stop(): Promise<void>;
	readonly ports: readonly number[];
}

export function startServers(
	provider: Provider,
	pair: HostPair,
	basePort: number,
	count: number,
	signal?: AbortSignal,
): ServerSet {
	const servers: Watched[] = Array.from({length: Math.max(1, count)}, (_, index) => ({
		port: basePort + index,
		process: null,
		gone: false,
	}));
	const launch = (server: Watched): Promise<BackgroundProcess> => {
		const started = provider.startBackground(pair.server, iperf3ServerArgv(server.port));
		started.then(
			(process) => {
				server.process = process;
				server.gone = false;
				const gone = (): void => {
					if (server.process === process) server.gone = true;
				};

				process.exited.then(gone, gone);
			},
			() => undefined,
		);
		return started;
	};

	const launched = servers.map((server) => launch(server));
	return {
		ports: servers.map((server) => server.port),
		async ready() {
			await Promise.all(
				launched.map(async (started, index) =>
					waitUntilListening(provider, pair.server, servers[index]!.port, await started, signal),
				),
			);
		},
		async restartGone(note) {
			for (const server of servers) {
				if (!server.gone || signal?.aborted) continue;
				note(`the iperf3 server on ${pair.server.name} port ${server.port} exited; starting it again`);
				const process = await launch(server);
				await waitUntilListening(provider, pair.server, server.port, process, signal);
			}
		},
		async stop() {
			await Promise.all(launched.map(async (started) => started.catch(() => undefined)));
			await Promise.all(servers.map(async (server) => server.process?.stop()));
		},
	};
}

// The part of provision -> SSH -> teardown all three clouds share. A backend creates the cloud resources
// (recording each in the run's ledger); this skeleton owns the run's key pair, the SSH sessions, exec, and
// teardown order: SSH sessions closed first, cloud resources in reverse, the local key folder last.

import {setTimeout as delay} from 'node:timers/promises';
import {InterruptedError, RuntimeError} from '../../domain/errors.js';
import type {RealCloud} from '../../domain/types.js';
import {providerFacts} from '../facts.js';
import {ResourceLedger} from '../ledger.js';
import type {
	Host,
	HostPair,
	Orphan,
	PlacementSupport,
	PriceBook,
	ProbePlanEstimate,
	ProbeTarget,
	Provider,
	ProvisionOptions,
	PublishedBandwidth,
	TeardownReport,
} from '../provider.js';
import type {HostKeyPolicy} from '../ssh/host-keys.js';
import {SshTransport, type SshTransportLike, type SshTransportOptions} from '../ssh/ssh-transport.js';
import {cloudCallError} from './credentials.js';
import {type ConsoleReader, hostKeyPolicyFor} from './host-key-pin.js';
import {triageOrphans} from './orphan-triage.js';
import type {RetryPolicy} from './retry.js';
import {forgetRun, recordedRuns, recordRun, runIsDead, runScope} from './run-record.js';
import {type EphemeralKeyPair, ephemeralKeyPair} from './ssh-keys.js';
import {readyCheckArgv, readyCheckFailedCode} from './startup-script.js';

export type SshFactory = (options: SshTransportOptions) => SshTransportLike;

/** Where to SSH to reach a host (its public address), as opposed to `Host.address` (the peer's view). */
export interface SshEndpoint {
	readonly host: string;
	readonly port?: number;
	readonly username: string;
	/** Reads the host's console through the cloud's API, where its host key fingerprints are printed. */
	readonly console?: ConsoleReader;
}

export interface CloudPair {
	readonly pair: HostPair;
	readonly serverSsh: SshEndpoint;
	readonly clientSsh: SshEndpoint;
}

export interface CloudRunContext {
	readonly runId: string;
	readonly ledger: ResourceLedger;
	readonly keyPair: EphemeralKeyPair;
	readonly signal?: AbortSignal;
	readonly onEvent?: ProvisionOptions['onEvent'];
	/** How long the probe expects to hold the hosts (ProvisionOptions.holdSeconds), for the TTL guard. */
	readonly holdSeconds?: number;
}

export interface CloudBackend {
	readonly id: RealCloud;
	publishedBandwidth(target: ProbeTarget): Promise<PublishedBandwidth>;
	placementSupport(target: ProbeTarget): Promise<readonly PlacementSupport[]>;
	plan(target: ProbeTarget, holdSeconds: number, prices?: PriceBook): Promise<ProbePlanEstimate>;
	/** Validate the target (UserError on bad input) before anything is created. */
	validate(target: ProbeTarget): void;
	/** Create every placement's pair at once, recording each resource in `context.ledger` as it exists. */
	createPairs(target: ProbeTarget, context: CloudRunContext): Promise<readonly CloudPair[]>;
	findOrphans(target?: Partial<ProbeTarget>): Promise<readonly Orphan[]>;
	deleteOrphans(orphans: readonly Orphan[]): Promise<TeardownReport>;
}

/**
 * The one options shape of every cloud provider factory (aws, gcp, oci): its injected clients, the SSH
 * factory, the shared skeleton's timing and its own API timing, nested the same way. Each provider adds
 * only its own defaults (region, project, zone, compartment…) beside them.
 */
export interface CloudFactoryOptions<Clients, Timing> {
	/** Injected clients (tests mock at the client boundary); the real ones are made on first use. */
	readonly clients?: Clients;
	/** How to open SSH to a host (tests pass a fake). */
	readonly ssh?: SshFactory;
	/** The shared skeleton's SSH retries and readiness polls (tests shorten them). */
	readonly cloud?: Omit<CloudProviderOptions, 'ssh'>;
	/** The provider's own API waits and retries (tests shorten them). */
	readonly timing?: Partial<Timing>;
	/** Retries of throttled and transient cloud calls (retry.ts; tests shorten the pauses). */
	readonly retry?: Partial<RetryPolicy>;
}

/** The skeleton's options from a factory's. */
export function skeletonOptions<Clients, Timing>(options: CloudFactoryOptions<Clients, Timing>): CloudProviderOptions {
	return {...options.cloud, ...(options.ssh ? {ssh: options.ssh} : {})};
}

export interface CloudProviderOptions {
	readonly ssh?: SshFactory;
	/** SSH connect retries while hosts boot (default 40, 5 s apart). */
	readonly sshRetries?: number;
	readonly sshDelayMs?: number;
	/** Readiness polls (iperf3 installed by the startup script; default 60, 5 s apart). */
	readonly readyPolls?: number;
	readonly readyDelayMs?: number;
	/** Console reads for the host key fingerprints before first use (default 24, 5 s apart). */
	readonly consolePolls?: number;
	readonly consoleDelayMs?: number;
}

interface CloudRun {
	readonly ledger: ResourceLedger;
	readonly sessions: Map<string, SshTransportLike>;
}

async function pause(ms: number, signal?: AbortSignal): Promise<void> {
	try {
		await delay(ms, undefined, {signal});
	} catch {
		throw new InterruptedError();
	}
}

/**
 * Polls the host until the startup script has finished (iperf3 present); returns what the host runs
 * ("Ubuntu 24.04.1 LTS, iperf 3.16 (cJSON 1.7.15)"), recorded with the run. When the script gave up, its
 * install error is reported at once rather than after every poll.
 */
async function waitUntilReady(
	session: SshTransportLike,
	name: string,
	options: CloudProviderOptions,
	signal?: AbortSignal,
): Promise<string> {
	const polls = options.readyPolls ?? 60;
	let last = '';
	for (let poll = 1; poll <= polls; poll++) {
		const result = await session.exec(readyCheckArgv, {signal, timeoutMs: 30_000});
		const lines = result.stdout
			.trim()
			.split('\n')
			.map((line) => line.trim())
			.filter(Boolean);
		if (result.code === 0) {
			const [iperf, image] = lines;
			return `${image ?? 'unknown image'}, ${iperf ?? 'iperf3'}`;
		}

		if (result.code === readyCheckFailedCode) {
			throw new RuntimeError(
				`${name}: the startup script could not install iperf3: ${lines.slice(1).join('; ') || 'no error recorded'}`,
			);
		}

		last = result.stderr.trim().split('\n')[0] ?? '';
		if (poll < polls) {
			await pause(options.readyDelayMs ?? 5000, signal);
		}
	}

	throw new RuntimeError(`${name}: iperf3 was not installed by the startup script in time${last ? ` (${last})` : ''}`);
}

/**
 * Like Promise.all, but on the first failure aborts the rest and waits for them to settle, so no call is
 * still creating something after the caller has moved on to teardown. Rethrows the first real failure.
 */
export async function settleAll<T>(work: ReadonlyArray<Promise<T>>, stopOthers: AbortController): Promise<T[]> {
	let first: unknown;
	let failed = false;
	const guarded = work.map(async (item) =>
		item.catch((error: unknown) => {
			if (!failed) {
				failed = true;
				first = error;
				stopOthers.abort();
			}

			throw error;
		}),
	);
	const settled = await Promise.allSettled(guarded);
	if (failed) {
		throw first;
	}

	return settled.map((result) => (result as PromiseFulfilledResult<T>).value);
}

export function createCloudProvider(backend: CloudBackend, options: CloudProviderOptions = {}): Provider {
	const runs = new Map<string, CloudRun>();
	const makeSsh: SshFactory = options.ssh ?? ((ssh) => new SshTransport(ssh));

	function sessionFor(host: Host): SshTransportLike {
		for (const run of runs.values()) {
			const session = run.sessions.get(host.id);
			if (session) {
				return session;
			}
		}

		throw new RuntimeError(`no SSH session to ${host.name} (${host.id}): was it provisioned by this process?`);
	}

	/** The host key the console printed (pinned), else first use with the fingerprint shown. */
	async function hostKeyPolicy(context: CloudRunContext, host: Host, endpoint: SshEndpoint): Promise<HostKeyPolicy> {
		const note = (text: string): void => context.onEvent?.({type: 'note', text});
		if (!endpoint.console) {
			return {firstUse: (seen) => note(`${host.name}: host key ${seen} accepted on first use (no console to read)`)};
		}

		context.onEvent?.({type: 'waiting', what: `host key of ${host.name} on its console`});
		return hostKeyPolicyFor(host.name, endpoint.console, {
			polls: options.consolePolls ?? 24,
			delayMs: options.consoleDelayMs ?? 5000,
			signal: context.signal,
			note,
		});
	}

	async function connect(context: CloudRunContext, run: CloudRun, host: Host, endpoint: SshEndpoint): Promise<string> {
		const {console: _console, ...address} = endpoint;
		const hostKey = await hostKeyPolicy(context, host, endpoint);
		const session = makeSsh({...address, privateKey: context.keyPair.privateKey, hostKeyPolicy: hostKey});
		run.sessions.set(host.id, session);
		context.ledger.record({
			kind: 'ssh-session',
			id: `${endpoint.username}@${endpoint.host}`,
			deleteCommand: '(nothing to delete: a local SSH connection)',
			remove: async () => {
				run.sessions.delete(host.id);
				await session.close();
			},
		});
		context.onEvent?.({type: 'waiting', what: `SSH to ${host.name} (${endpoint.host})`});
		await session.connect({
			retries: options.sshRetries ?? 40,
			delayMs: options.sshDelayMs ?? 5000,
			signal: context.signal,
		});
		context.onEvent?.({type: 'waiting', what: `iperf3 on ${host.name}`});
		return `${host.name}: ${await waitUntilReady(session, host.name, options, context.signal)}`;
	}

	const provider: Provider = {
		id: backend.id,
		facts: providerFacts(backend.id),
		publishedBandwidth: async (target) => backend.publishedBandwidth(target),
		placementSupport: async (target) => backend.placementSupport(target),
		plan: async (target, holdSeconds, prices) => backend.plan(target, holdSeconds, prices),

		async provision(target, runId, provisionOptions = {}) {
			try {
				return await provisionRun(target, runId, provisionOptions);
			} catch (error: unknown) {
				// netplace's own errors pass unchanged; credentials become one line; anything else names the cloud.
				throw cloudCallError(backend.id, 'provisioning', error);
			}
		},

		exec: async (host, argv, execOptions) => sessionFor(host).exec(argv, execOptions),
		startBackground: async (host, argv) => sessionFor(host).startBackground(argv),

		async teardown(runId: string): Promise<TeardownReport> {
			const run = runs.get(runId);
			if (!run) {
				return {complete: true, left: []};
			}

			const report = await run.ledger.teardown();
			runs.delete(runId);
			if (report.complete) forgetRun(runId);
			return report;
		},

		// Only what has expired or whose run is provably dead may go; a live run's resources are never touched.
		findOrphans: async (target) =>
			triageOrphans(await backend.findOrphans(target), recordedRuns(backend.id), runIsDead),
		deleteOrphans: async (orphans) => backend.deleteOrphans(orphans.filter((orphan) => orphan.keep === undefined)),
	};
	return provider;

	/** Key pair, the backend's resources, then SSH to every host; each resource in the ledger as it exists. */
	async function provisionRun(
		target: ProbeTarget,
		runId: string,
		provisionOptions: ProvisionOptions,
	): Promise<readonly HostPair[]> {
		backend.validate(target);
		if (runs.has(runId)) {
			throw new RuntimeError(`run ${runId} is already provisioned`);
		}

		const run: CloudRun = {ledger: new ResourceLedger(), sessions: new Map()};
		runs.set(runId, run);
		recordRun(runId, backend.id, runScope(target));
		const keyPair = await ephemeralKeyPair(`netplace-${runId}`);
		run.ledger.record({
			kind: 'local-key-folder',
			id: keyPair.folder,
			deleteCommand: `rm -rf ${keyPair.folder}`,
			remove: async () => keyPair.dispose(),
		});
		const context: CloudRunContext = {
			runId,
			ledger: run.ledger,
			keyPair,
			signal: provisionOptions.signal,
			onEvent: provisionOptions.onEvent,
			...(provisionOptions.holdSeconds === undefined ? {} : {holdSeconds: provisionOptions.holdSeconds}),
		};
		if (provisionOptions.signal?.aborted) {
			throw new InterruptedError();
		}

		const pairs = await backend.createPairs(target, context);
		// One host failing stops the others' retries at once, rather than minutes later.
		const stopOthers = new AbortController();
		const sshContext: CloudRunContext = {
			...context,
			signal: provisionOptions.signal
				? AbortSignal.any([provisionOptions.signal, stopOthers.signal])
				: stopOthers.signal,
		};
		const hosts = await settleAll(
			pairs.flatMap((cloudPair) => [
				connect(sshContext, run, cloudPair.pair.server, cloudPair.serverSsh),
				connect(sshContext, run, cloudPair.pair.client, cloudPair.clientSsh),
			]),
			stopOthers,
		);
		// Image and iperf3 version of every host go with the run (pair notes are saved with its results).
		return pairs.map((cloudPair, index) => ({
			...cloudPair.pair,
			notes: [...(cloudPair.pair.notes ?? []), ...hosts.slice(index * 2, index * 2 + 2)],
		}));
	}
}

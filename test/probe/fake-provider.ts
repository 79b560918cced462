import {labFacts} from '../../source/providers/lab/facts.js';
// A Provider for runner tests: answers exec with recorded outputs and records every call.

import type {
	BackgroundProcess,
	ExecOptions,
	ExecResult,
	Host,
	HostPair,
	Orphan,
	ProbeTarget,
	Provider,
	ProvisionOptions,
	TeardownReport,
} from '../../source/providers/provider.js';

import {answerGroup, groupCall, groupClients} from '../helpers/fake-group.js';
import {fixture} from './fixtures.js';

export interface FakeProviderOptions {
	/** stdout for an iperf3 client run, by its -P value and call index. */
	readonly iperf3?: (streams: number, call: number) => string;
	readonly ping?: (argv: readonly string[]) => ExecResult;
	readonly provisionError?: Error;
	/** Called at the start of every exec (e.g. to abort mid-run). */
	readonly onExec?: (argv: readonly string[]) => void;
	readonly teardown?: TeardownReport;
	readonly orphans?: readonly Orphan[];
	/** The server dies during this iperf3 call (0-based): that call reports "the server has terminated". */
	readonly serverDiesOnCall?: number;
	readonly deleteReport?: TeardownReport;
	/** `iperf3 --version` output (default: this build machine's 3.12 header line). */
	readonly iperf3Version?: string;
	/** `nproc` (default 1: one process per test). */
	readonly cores?: number;
	/** The /proc/stat sampler's stdout by host name and 0-based call on that host (default: no /proc/stat). */
	readonly procStat?: (host: string, call: number) => string;
}

export interface FakeProvider extends Provider {
	readonly calls: string[];
	readonly serversRunning: () => number;
	readonly serversStarted: () => number;
}

export function createFakeProvider(options: FakeProviderOptions = {}): FakeProvider {
	const calls: string[] = [];
	let running = 0;
	let iperfCalls = 0;
	let killServer: (() => void) | undefined;
	let serversStarted = 0;
	const statCalls = new Map<string, number>();
	const host = (name: string, address: string): Host => ({id: name, name, address});
	const client = (argv: readonly string[]): ExecResult => {
		const streams = Number(argv[argv.indexOf('-P') + 1]);
		if (options.serverDiesOnCall === iperfCalls) {
			iperfCalls++;
			killServer?.();
			return {code: 0, stdout: fixture('iperf3/server-terminated.json'), stderr: ''};
		}

		const stdout =
			options.iperf3?.(streams, iperfCalls++) ??
			fixture(streams === 1 ? 'iperf3/success-p1.json' : 'iperf3/success-p8.json');
		return {code: 0, stdout, stderr: ''};
	};
	const procStat = (name: string): ExecResult => {
		const call = statCalls.get(name) ?? 0;
		statCalls.set(name, call + 1);
		const stdout = options.procStat?.(name, call);
		return stdout === undefined
			? {code: 127, stdout: '', stderr: 'sh: 1: cat: not found'}
			: {code: 0, stdout, stderr: ''};
	};
	return {
		id: 'lab',
		facts: labFacts,
		calls,
		serversRunning: () => running,
		serversStarted: () => serversStarted,
		async publishedBandwidth() {
			return {gbps: 3, kind: 'lab-cap'};
		},
		async placementSupport() {
			return [];
		},
		async plan(target: ProbeTarget, holdSeconds: number) {
			calls.push(`plan ${holdSeconds}`);
			return {
				provider: 'lab',
				shape: target.shape,
				region: null,
				zone: null,
				resources: [],
				holdSeconds,
				instances: 2,
				pricePerHour: null,
				priceSource: null,
				estimatedCostUsd: null,
				warnings: [],
			};
		},
		async provision(
			target: ProbeTarget,
			runId: string,
			provisionOptions?: ProvisionOptions,
		): Promise<readonly HostPair[]> {
			calls.push(`provision ${runId} ${target.placements.join(',')}`);
			provisionOptions?.onEvent?.({type: 'resource-created', kind: 'netns', id: `${runId}-s`});
			if (options.provisionError) throw options.provisionError;
			return target.placements.map((placement, index) => ({
				placement,
				server: host(`server-${placement}`, `198.18.${index}.1`),
				client: host(`client-${placement}`, `198.18.${index}.2`),
				published: {gbps: 3, kind: 'lab-cap'},
			}));
		},
		async exec(target: Host, argv: readonly string[], execOptions?: ExecOptions): Promise<ExecResult> {
			const clients = groupClients(argv);
			calls.push(`exec ${target.name} ${clients ? groupCall(clients) : argv.join(' ')}`);
			options.onExec?.(argv);
			if (execOptions?.signal?.aborted) return {code: null, stdout: '', stderr: 'aborted'};
			if (clients) return answerGroup(clients, client);
			if (argv[0] === 'sh' && argv[2]?.includes('/proc/stat')) return procStat(target.name);
			if (argv[0] === 'ss') return {code: 0, stdout: 'LISTEN 0 4096 *:5201 *:*\n', stderr: ''};
			if (argv[0] === 'ping') return options.ping?.(argv) ?? {code: 0, stdout: fixture('ping/success.txt'), stderr: ''};
			if (argv[0] === 'nproc') return {code: 0, stdout: `${options.cores ?? 1}\n`, stderr: ''};
			if (argv[0] === 'iperf3' && argv[1] === '--version')
				return {code: 0, stdout: options.iperf3Version ?? 'iperf 3.12 (cJSON 1.7.15)\n', stderr: ''};
			if (argv[0] === 'iperf3') return client(argv);
			return {code: 127, stdout: '', stderr: `${argv[0]}: not found`};
		},
		async startBackground(target: Host, argv: readonly string[]): Promise<BackgroundProcess> {
			calls.push(`start ${target.name} ${argv.join(' ')}`);
			running++;
			let resolveExit: (result: ExecResult) => void = () => undefined;
			const exited = new Promise<ExecResult>((resolve) => {
				resolveExit = resolve;
			});
			let stopped = false;
			serversStarted++;
			killServer = () => {
				if (stopped) return;
				stopped = true;
				running--;
				resolveExit({code: 1, stdout: '', stderr: 'iperf3: interrupt - the server has terminated'});
			};
			return {
				exited,
				async stop() {
					if (stopped) return;
					stopped = true;
					running--;
					calls.push(`stop ${target.name}`);
					resolveExit({code: 0, stdout: '', stderr: ''});
				},
			};
		},
		async teardown(runId: string): Promise<TeardownReport> {
			calls.push(`teardown ${runId}`);
			return options.teardown ?? {complete: true, left: []};
		},
		async findOrphans() {
			calls.push('findOrphans');
			return options.orphans ?? [];
		},
		async deleteOrphans(orphans: readonly Orphan[]) {
			calls.push(`deleteOrphans ${orphans.map((orphan) => orphan.id).join(',')}`);
			return options.deleteReport ?? {complete: true, left: []};
		},
	};
}

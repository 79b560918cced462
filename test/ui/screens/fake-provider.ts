import {providerFacts} from '../../../source/providers/facts.js';
// A Provider that runs nothing: exec answers with recorded iperf3 / ping outputs (test/fixtures; iperf3 from a
// 1 Gbit-capped pair, so no test is CPU-bound), their receiver figures set to a chosen single-flow and aggregate rate; `cat /proc/net/dev` gives transmit counters
// rising at the aggregate rate. Records what was asked of it.

import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {vi} from 'vitest';
import {runStatus} from '../../../source/probe/results-cells.js';
import type {ProbeRun} from '../../../source/probe/types.js';
import type {
	BackgroundProcess,
	ExecOptions,
	ExecResult,
	Host,
	HostPair,
	ProbePlanEstimate,
	ProbeTarget,
	Provider,
	ProviderId,
} from '../../../source/providers/provider.js';

const fixtures = join(import.meta.dirname, '..', '..', 'fixtures');

/** A recording with its receiver rate set to `gbps`, and its length to the `-t` asked (a whole test, not a partial one). */
function iperf3Output(file: string, gbps: number, argv: readonly string[]): string {
	const report = JSON.parse(readFileSync(join(fixtures, 'iperf3', file), 'utf8')) as {
		end: {sum_received: {bits_per_second: number; seconds: number}};
	};
	report.end.sum_received.bits_per_second = gbps * 1e9;
	report.end.sum_received.seconds = Number(argv[argv.indexOf('-t') + 1]);
	return JSON.stringify(report);
}

export interface FakeProviderOptions {
	readonly id?: ProviderId;
	readonly singleGbps: number;
	readonly aggregateGbps: number;
	readonly publishedGbps: number;
	/** Hold the many-stream test until the run is aborted (to test Esc / Ctrl-C during a run). */
	readonly holdAggregate?: boolean;
}

export interface FakeProvider extends Provider {
	readonly calls: string[];
	readonly live: Set<string>;
}

export function fakeProvider(options: FakeProviderOptions): FakeProvider {
	const id = options.id ?? 'lab';
	const calls: string[] = [];
	const live = new Set<string>();
	const host = (name: string, address: string): Host => ({id: name, name, address});
	const published = {
		gbps: options.publishedGbps,
		kind: id === 'lab' ? ('lab-cap' as const) : ('base-and-peak' as const),
	};
	const ok = (stdout: string): ExecResult => ({code: 0, stdout, stderr: ''});

	// The client's transmit counters (the running Gbps): rising at the aggregate rate from the start.
	const started = performance.now();
	async function exec(_host: Host, argv: readonly string[], execOptions?: ExecOptions): Promise<ExecResult> {
		calls.push(argv.join(' '));
		if (argv[0] === 'ss') {
			return ok('LISTEN 0 4096 0.0.0.0:5201 0.0.0.0:*\n');
		}

		if (argv[0] === 'ip') {
			return ok('198.18.0.1 dev veth0 src 198.18.0.2 uid 0 \n    cache \n');
		}

		if (argv[0] === 'cat') {
			const tx = Math.round(((performance.now() - started) / 1000) * ((options.aggregateGbps * 1e9) / 8));
			return ok(
				`Inter-|   Receive |  Transmit\n face |bytes packets|bytes packets\n  veth0: 0 0 0 0 0 0 0 0 ${tx} 0 0 0 0 0 0 0\n`,
			);
		}

		if (argv[0] === 'ping') {
			return ok(readFileSync(join(fixtures, 'ping', 'success.txt'), 'utf8'));
		}

		// The host facts a pair reads first (probe/host-facts.ts): this build machine's iperf3, one core.
		if (argv[0] === 'nproc') return ok('1\n');
		// The host-CPU sampler (probe/host-cpu-reading.ts, `sh -c 'sleep …; cat /proc/stat …'`): this host has none.
		if (argv[0] === 'sh') return {code: 127, stdout: '', stderr: 'sh: 1: cat: not found'};
		if (argv[0] === 'iperf3' && argv[1] === '--version') return ok('iperf 3.12 (cJSON 1.7.15)\n');
		// The hosts' settings read before the tests (probe/host-settings.ts): Linux's defaults, as on Debian 12.
		if (argv[0] === 'sysctl') return ok('212992\n212992\n4096 131072 6291456\n4096 16384 4194304\ncubic\n');
		if (argv[0] === 'uname') return ok('6.1.0-28-cloud-amd64\n');

		const streams = Number(argv[argv.indexOf('-P') + 1]);
		if (streams === 1) {
			return ok(iperf3Output('capped-1g-p1.json', options.singleGbps, argv));
		}

		if (options.holdAggregate) {
			const signal = execOptions?.signal;
			await new Promise<void>((resolve) => {
				if (signal?.aborted) {
					resolve();
				}

				signal?.addEventListener('abort', () => resolve(), {once: true});
			});
			return {code: 1, stdout: readFileSync(join(fixtures, 'iperf3', 'client-interrupted.json'), 'utf8'), stderr: ''};
		}

		return ok(iperf3Output('capped-1g-p8.json', options.aggregateGbps, argv));
	}

	return {
		id,
		facts: providerFacts(id),
		calls,
		live,
		publishedBandwidth: async () => published,
		placementSupport: async (target) => target.placements.map((placement) => ({placement, available: true})),
		async plan(target: ProbeTarget, holdSeconds: number): Promise<ProbePlanEstimate> {
			const instances = target.placements.length * 2;
			const price = id === 'lab' ? null : 0.6381;
			return {
				provider: id,
				shape: target.shape,
				region: id === 'lab' ? null : 'us-west-2',
				zone: null,
				resources: target.placements.flatMap((placement) => [
					{kind: id === 'lab' ? 'namespace' : 'instance', name: `${placement}-server`},
					{kind: id === 'lab' ? 'namespace' : 'instance', name: `${placement}-client`},
				]),
				holdSeconds,
				instances,
				pricePerHour: price,
				priceSource: price === null ? null : 'reference catalogue',
				estimatedCostUsd: price === null ? null : Math.round(((instances * holdSeconds) / 3600) * price * 100) / 100,
				warnings: [],
			};
		},
		async provision(target: ProbeTarget, runId: string): Promise<readonly HostPair[]> {
			calls.push(`provision ${runId}`);
			return target.placements.map((placement) => {
				live.add(`${placement}-pair`);
				return {
					placement,
					server: host(`${placement}-server`, '198.18.0.1'),
					client: host(`${placement}-client`, '198.18.0.2'),
					published,
				};
			});
		},
		exec,
		async startBackground(_host: Host, argv: readonly string[]): Promise<BackgroundProcess> {
			calls.push(argv.join(' '));
			return {stop: async () => undefined, exited: new Promise<ExecResult>(() => undefined)};
		},
		async teardown(runId: string) {
			calls.push(`teardown ${runId}`);
			live.clear();
			return {complete: true, left: []};
		},
		findOrphans: async () => [],
		deleteOrphans: async () => ({complete: true, left: []}),
	};
}

/** The results store's save as a spy: answers as the store does (where, any problems, the run's status). */
export function fakeSaveProbeRun() {
	return vi.fn(async (run: ProbeRun, _target?: ProbeTarget) => ({
		path: '/fake/config/results',
		problems: [] as readonly string[],
		status: runStatus(run),
	}));
}

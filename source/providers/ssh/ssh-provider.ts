// `--provider ssh`: your own two hosts (any cloud, on-premises), reached over SSH. Nothing is created: it
// connects (host keys checked, ssh-connect.ts), checks iperf3 on both ends (how to install it when missing;
// nothing is installed), finds the address the sender reaches the receiver at, and hands the probe engine one
// pair. What it starts (the iperf3 servers) is recorded as it starts and stopped at teardown, and checked gone.

import {RuntimeError} from '../../domain/errors.js';
import {findShape, loadCatalogue} from '../../sizing/catalogue.js';
import {ResourceLedger} from '../ledger.js';
import type {
	BackgroundProcess,
	ExecOptions,
	ExecResult,
	Host,
	HostPair,
	ProbeTarget,
	Provider,
	ProvisionOptions,
	PublishedBandwidth,
	SshTarget,
} from '../provider.js';
import {ChannelLimit} from './channel-limit.js';
import {sshFacts} from './facts.js';
import {checkIperf3, type Exec, missingText} from './iperf3-check.js';
import {peerAddress} from './peer-address.js';
import {shellJoin} from './shell-quote.js';
import {connectHost, sshName, type TransportFactory} from './ssh-connect.js';
import {sshCredentials} from './ssh-credentials.js';
import {splitCloudShape} from './ssh-shape.js';
import type {SshTransport} from './ssh-transport.js';

export interface SshProviderOptions {
	/** Tests: make the transports (default: a real SshTransport). */
	readonly makeTransport?: TransportFactory;
	readonly readyTimeoutMs?: number;
}

interface SshRun {
	readonly ledger: ResourceLedger;
	readonly sessions: Map<string, {readonly transport: SshTransport; readonly channels: ChannelLimit}>;
	/** Per host id: the ssh command line a person would log in with (for delete commands). */
	readonly logins: Map<string, string>;
}

/** The published figure of the catalogue shape the hosts were named as; none named: not published. */
export function publishedOf(target: ProbeTarget): PublishedBandwidth {
	const named = splitCloudShape(target.shape);
	const record = named === null ? undefined : findShape(loadCatalogue(), named.cloud, named.shape);
	if (record === undefined) return {gbps: null, kind: 'measured-only', detail: 'no catalogue shape named (--shape)'};
	const {bandwidth, flex} = record;
	if (flex) {
		const gbps = target.ocpus === undefined ? null : Math.min(target.ocpus * flex.gbpsPerOcpu, flex.maxGbps);
		return {gbps, kind: 'per-ocpu', detail: `catalogue: ${flex.gbpsPerOcpu} Gbps per OCPU up to ${flex.maxGbps}`};
	}

	const peakOverBaseline = bandwidth.kind === 'peak-over-baseline';
	return {
		gbps: peakOverBaseline ? bandwidth.peakGbps : (bandwidth.baselineGbps ?? bandwidth.peakGbps),
		kind: bandwidth.kind,
		...(peakOverBaseline ? {baselineGbps: bandwidth.baselineGbps} : {}),
		detail: `catalogue (${bandwidth.source.id}, ${bandwidth.source.date})`,
	};
}

function sshOf(target: ProbeTarget): SshTarget {
	if (target.ssh === undefined) throw new RuntimeError('--provider ssh needs --hosts A,B');
	return target.ssh;
}

export function createSshProvider(options: SshProviderOptions = {}): Provider {
	const runs = new Map<string, SshRun>();

	function sessionFor(host: Host): {readonly transport: SshTransport; readonly channels: ChannelLimit} {
		for (const run of runs.values()) {
			const session = run.sessions.get(host.id);
			if (session) return session;
		}

		throw new RuntimeError(`no SSH session to ${host.name}: was it connected by this process?`);
	}

	/** A command on its own channel, when one is free (channel-limit.ts). */
	async function exec(host: Host, argv: readonly string[], execOptions?: ExecOptions): Promise<ExecResult> {
		const {transport, channels} = sessionFor(host);
		return channels.run(async () => transport.exec(argv, execOptions));
	}

	/** Records a started process: teardown stops it and checks, by its pid, that it is gone. */
	async function recordProcess(host: Host, argv: readonly string[], process: BackgroundProcess): Promise<void> {
		const run = [...runs.values()].find((candidate) => candidate.sessions.has(host.id));
		const pid = await Promise.race([process.remotePid ?? null, process.exited.then(() => null)]);
		const login = run?.logins.get(host.id) ?? `ssh ${host.name}`;
		run?.ledger.record({
			kind: 'process',
			id: `${shellJoin(argv)} on ${host.name}${pid === null ? '' : ` (pid ${pid})`}`,
			deleteCommand: pid === null ? `${login}, then stop ${shellJoin(argv)}` : `${login} kill ${pid}`,
			remove: async () => {
				await process.stop();
				if (pid === null) return;
				const alive = await exec(host, ['kill', '-0', String(pid)], {timeoutMs: 10_000});
				if (alive.code === 0) throw new RuntimeError(`pid ${pid} still runs after TERM and KILL`);
			},
		});
	}

	async function provisionPair(target: ProbeTarget, runId: string, run: SshRun, provision: ProvisionOptions) {
		const ssh = sshOf(target);
		const credentials = sshCredentials(ssh);
		const settings = {
			ssh,
			credentials,
			options: provision,
			...(options.makeTransport ? {makeTransport: options.makeTransport} : {}),
			...(options.readyTimeoutMs === undefined ? {} : {readyTimeoutMs: options.readyTimeoutMs}),
		};
		const hosts = ssh.hosts.map((host, index) => ({
			id: `${runId}/${index === 0 ? 'a' : 'b'}`,
			name: sshName(host, ssh.port),
			address: host.host,
		}));
		const execs: Exec[] = [];
		for (const [index, host] of ssh.hosts.entries()) {
			const made: SshTransport[] = [];
			provision.onEvent?.({type: 'waiting', what: `SSH to ${hosts[index]!.name} (host keys: ${ssh.knownHosts})`});
			const session = await connectHost(host, settings, (transport) => {
				made.push(transport);
				run.ledger.record({
					kind: 'ssh-connection',
					id: hosts[index]!.name,
					deleteCommand: '(nothing to delete: a local SSH connection)',
					remove: async () => transport.close(),
				});
			});
			const channels = new ChannelLimit();
			run.sessions.set(hosts[index]!.id, {transport: session, channels});
			run.logins.set(hosts[index]!.id, `ssh${ssh.port === 22 ? '' : ` -p ${ssh.port}`} ${host.user}@${host.host}`);
			execs.push(async (argv) => channels.run(async () => session.exec(argv, {timeoutMs: 15_000})));
		}

		const [sender, receiver] = execs as [Exec, Exec];
		const presence = await Promise.all([checkIperf3(sender), checkIperf3(receiver)]);
		const missing = presence.flatMap((found, index) => (found.found ? [] : [missingText(hosts[index]!.name, found)]));
		if (missing.length > 0) throw new RuntimeError(`${missing.join('; ')}; netplace installs nothing`);
		const [toReceiver, toSender] = await Promise.all([
			peerAddress(receiver, sender, ssh.hosts[1].host),
			peerAddress(sender, receiver, ssh.hosts[0].host),
		]);
		const versions = presence.map((found, index) => `${hosts[index]!.name} ${found.found ? found.version : ''}`);
		const pair: HostPair = {
			placement: target.placements[0] ?? 'default',
			client: {...hosts[0]!, address: toSender.address},
			server: {...hosts[1]!, address: toReceiver.address},
			published: publishedOf(target),
			notes: [
				`your own hosts: ${hosts[0]!.name} sends, ${hosts[1]!.name} receives (logged in with ${credentials.from})`,
				toReceiver.why,
				`iperf3: ${versions.join('; ')}`,
			],
		};
		return [pair];
	}

	return {
		id: 'ssh',
		facts: sshFacts,
		// No key to log in with: one line before anything connects.
		preflight: (target) => void sshCredentials(sshOf(target)),
		publishedBandwidth: async (target) => publishedOf(target),
		placementSupport: async (target) =>
			target.placements.map((placement) => ({placement, available: true, reason: 'your own hosts: as launched'})),
		async plan(target, holdSeconds) {
			const ssh = sshOf(target);
			return {
				provider: 'ssh',
				shape: target.shape,
				region: null,
				zone: null,
				resources: [],
				holdSeconds,
				instances: 2,
				pricePerHour: null,
				priceSource: 'your own hosts: netplace creates nothing and adds no cost',
				// Nothing is created: the run adds nothing to what the hosts already cost.
				estimatedCostUsd: 0,
				warnings: [
					`creates nothing: starts iperf3 servers on ${sshName(ssh.hosts[1], ssh.port)} (TCP 5201 upward must be open from the sender) and stops them when done; your hosts cost what they already cost`,
				],
				setup: [
					{
						label: 'login',
						text: `SSH to ${ssh.hosts.map((host) => sshName(host, ssh.port)).join(' and ')}, host keys checked against ${ssh.knownHosts}`,
					},
				],
			};
		},
		async provision(target, runId, provision = {}) {
			if (runs.has(runId)) throw new RuntimeError(`run ${runId} is already connected`);
			const run: SshRun = {ledger: new ResourceLedger(), sessions: new Map(), logins: new Map()};
			runs.set(runId, run);
			return provisionPair(target, runId, run, provision);
		},
		exec,
		async startBackground(host, argv) {
			const {transport, channels} = sessionFor(host);
			const release = await channels.acquire();
			try {
				const process = await transport.startBackground(argv);
				process.exited.then(release, release);
				await recordProcess(host, argv, process);
				return process;
			} catch (error: unknown) {
				release();
				throw error;
			}
		},
		async teardown(runId) {
			const run = runs.get(runId);
			if (!run) return {complete: true, left: []};
			const report = await run.ledger.teardown();
			runs.delete(runId);
			return report;
		},
		// Nothing is created, so nothing is left for cleanup to find.
		findOrphans: async () => [],
		deleteOrphans: async () => ({complete: true, left: []}),
	};
}

// A fake SSH transport for cloud provider tests (GCP and OCI): answers the ready check, `ss`, iperf3 and
// ping with recorded real outputs from test/fixtures/, and records who connected with what.

import {createHash} from 'node:crypto';
import {InterruptedError, RuntimeError} from '../../../source/domain/errors.js';
import type {SshFactory} from '../../../source/providers/cloud/backend.js';
import type {BackgroundProcess, ExecResult} from '../../../source/providers/provider.js';
import {checkHostKey, hostKeyFingerprint} from '../../../source/providers/ssh/host-keys.js';
import type {SshTransportLike, SshTransportOptions} from '../../../source/providers/ssh/ssh-transport.js';
import {fixture} from '../../probe/fixtures.js';

export interface FakeSshLog {
	readonly connections: SshTransportOptions[];
	readonly commands: Array<{readonly host: string; readonly argv: readonly string[]}>;
	readonly closed: string[];
	/** Background processes still running. */
	running: number;
	/** Called as each connection starts (e.g. to abort the run there). */
	onConnect: ((host: string) => void) | undefined;
	/** The startup script gave up: the ready check prints this (its /var/tmp/netplace-failed) and exits 3. */
	installFailure: string | undefined;
	/** Every host shows a key other than its own (a host in the middle). */
	impostor: boolean;
	/** `ethtool -S DEV` answers, by host and 0-based call on that host (default: ethtool not installed). */
	ethtool: ((host: string, call: number) => ExecResult) | undefined;
}

/** The Ed25519 host key (SSH wire format) a fake host at `address` shows: its own, derived from the address. */
export function fakeHostKey(address: string): Buffer {
	const type = Buffer.from('ssh-ed25519');
	const key = createHash('sha256').update(address).digest();
	const length = (value: number): Buffer => Buffer.from([0, 0, 0, value]);
	return Buffer.concat([length(type.length), type, length(key.length), key]);
}

/** What a console prints for that host (the startup script's line), for the fakes' console APIs. */
export function fakeConsole(address: string): string {
	return `[   14.2] netplace-host-key: 256 ${hostKeyFingerprint(fakeHostKey(address))} root@host (ED25519)\n`;
}

export function fakeSsh(): {factory: SshFactory; log: FakeSshLog} {
	const log: FakeSshLog = {
		connections: [],
		commands: [],
		closed: [],
		running: 0,
		onConnect: undefined,
		installFailure: undefined,
		ethtool: undefined,
		impostor: false,
	};
	const ethtoolCalls = new Map<string, number>();
	const factory: SshFactory = (options): SshTransportLike => ({
		async connect(connectOptions) {
			log.onConnect?.(options.host);
			if (connectOptions?.signal?.aborted) throw new InterruptedError();
			const target = {host: options.host, port: options.port ?? 22};
			const verdict = await checkHostKey(
				options.hostKeyPolicy,
				target,
				fakeHostKey(log.impostor ? 'impostor' : options.host),
			);
			if (!verdict.ok) throw new RuntimeError(verdict.reason);
			log.connections.push(options);
		},
		async exec(argv): Promise<ExecResult> {
			log.commands.push({host: options.host, argv});
			// The ready check: iperf3 --version's first line and /etc/os-release PRETTY_NAME (Ubuntu 24.04's).
			if (argv[0] === 'sh' && log.installFailure) return {code: 3, stdout: log.installFailure, stderr: ''};
			if (argv[0] === 'sh') return {code: 0, stdout: 'iperf 3.16 (cJSON 1.7.15)\nUbuntu 24.04.1 LTS\n', stderr: ''};
			if (argv[0] === 'ss') return {code: 0, stdout: 'LISTEN 0 4096 *:5201 *:*\n', stderr: ''};
			if (argv[0] === 'ping') return {code: 0, stdout: fixture('ping/success.txt'), stderr: ''};
			// The probe's host facts and route (Ubuntu 24.04's iperf3; `ip route get` as iproute2 prints it).
			if (argv[0] === 'iperf3' && argv[1] === '--version')
				return {code: 0, stdout: 'iperf 3.16 (cJSON 1.7.15)\n', stderr: ''};
			if (argv[0] === 'nproc') return {code: 0, stdout: '16\n', stderr: ''};
			if (argv[0] === 'ip' && argv[1] === 'route')
				return {code: 0, stdout: `${argv[3] ?? ''} dev ens5 src 10.0.0.9 uid 0 \n    cache \n`, stderr: ''};
			if (argv[0] === 'ethtool') {
				const call = ethtoolCalls.get(options.host) ?? 0;
				ethtoolCalls.set(options.host, call + 1);
				return log.ethtool?.(options.host, call) ?? {code: 127, stdout: '', stderr: 'sh: 1: ethtool: not found'};
			}

			if (argv[0] === 'iperf3') {
				const streams = Number(argv[argv.indexOf('-P') + 1]);
				return {
					code: 0,
					stdout: fixture(streams === 1 ? 'iperf3/success-p1.json' : 'iperf3/success-p8.json'),
					stderr: '',
				};
			}

			return {code: 127, stdout: '', stderr: `${argv[0] ?? ''}: not found`};
		},
		async startBackground(argv): Promise<BackgroundProcess> {
			log.commands.push({host: options.host, argv});
			log.running++;
			let resolveExit: (result: ExecResult) => void = () => undefined;
			const exited = new Promise<ExecResult>((resolve) => {
				resolveExit = resolve;
			});
			let stopped = false;
			return {
				exited,
				async stop() {
					if (stopped) return;
					stopped = true;
					log.running--;
					resolveExit({code: 0, stdout: '', stderr: ''});
				},
			};
		},
		async close() {
			log.closed.push(options.host);
		},
	});
	return {factory, log};
}

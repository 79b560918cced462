// Connecting a run's two hosts: SSH to each in turn (host keys checked, ssh-connect.ts; every transport made
// goes into the run's ledger), iperf3 checked on both ends (how to install it when missing; nothing is
// installed), and the address each reaches the other at. The result is the probe engine's one pair.

import {RuntimeError} from '../../domain/errors.js';
import type {Host, HostPair, ProbeTarget, ProvisionOptions, SshHostTarget, SshTarget} from '../provider.js';
import {publishedOf} from './catalogue-published.js';
import {ChannelLimit} from './channel-limit.js';
import {checkIperf3, type Exec, type Iperf3Presence, missingText} from './iperf3-check.js';
import {peerAddress} from './peer-address.js';
import {assertTwoMachines} from './same-machine.js';
import {type ConnectSettings, connectHost, sshName} from './ssh-connect.js';
import {sshCredentials} from './ssh-credentials.js';
import {type SshRun, type SshState, sshOf} from './ssh-state.js';

export async function connectPair(
	state: SshState,
	target: ProbeTarget,
	runId: string,
	run: SshRun,
	provision: ProvisionOptions,
): Promise<HostPair[]> {
	const ssh = sshOf(target);
	const settings = connectSettings(state, ssh, provision);
	const hosts = ssh.hosts.map((host, index) => hostOf(runId, ssh, host, index));
	const ends: Connected[] = [];
	for (const [index, host] of ssh.hosts.entries()) {
		ends.push(await connectOne(run, settings, host, hosts[index]!));
	}

	const [sender, receiver] = ends.map((end) => end.exec) as [Exec, Exec];
	const keys = [ends[0]?.hostKey, ends[1]?.hostKey] as const;
	// What each end lacks first (the user installs it either way), then whether the two ends are one machine.
	const presence = await iperf3OnBoth(sender, receiver, hosts);
	await assertTwoMachines(sender, receiver, [ssh.hosts[0].host, ssh.hosts[1].host], keys);
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
			`your own hosts: ${hosts[0]!.name} sends, ${hosts[1]!.name} receives (logged in with ${settings.credentials.from})`,
			toReceiver.why,
			`iperf3: ${versions.join('; ')}`,
		],
	};
	return [pair];
}

function connectSettings(state: SshState, ssh: SshTarget, provision: ProvisionOptions): ConnectSettings {
	const {options} = state;
	return {
		ssh,
		credentials: sshCredentials(ssh),
		options: provision,
		...(options.makeTransport ? {makeTransport: options.makeTransport} : {}),
		...(options.readyTimeoutMs === undefined ? {} : {readyTimeoutMs: options.readyTimeoutMs}),
	};
}

/** The first host sends (a), the second receives (b). */
function hostOf(runId: string, ssh: SshTarget, host: SshHostTarget, index: number): Host {
	return {id: `${runId}/${index === 0 ? 'a' : 'b'}`, name: sshName(host, ssh.port), address: host.host};
}

/** One end connected: how the checks run commands there, and the host key it showed. */
interface Connected {
	readonly exec: Exec;
	readonly hostKey: string | undefined;
}

/** SSH to one host, its transports in the run's ledger. */
async function connectOne(
	run: SshRun,
	settings: ConnectSettings,
	target: SshHostTarget,
	host: Host,
): Promise<Connected> {
	const {ssh} = settings;
	settings.options.onEvent?.({type: 'waiting', what: `SSH to ${host.name} (host keys: ${ssh.knownHosts})`});
	const session = await connectHost(target, settings, (transport) => {
		run.ledger.record({
			kind: 'ssh-connection',
			id: host.name,
			deleteCommand: '(nothing to delete: a local SSH connection)',
			remove: async () => transport.close(),
		});
	});
	const channels = new ChannelLimit();
	run.sessions.set(host.id, {transport: session, channels});
	run.logins.set(host.id, `ssh${ssh.port === 22 ? '' : ` -p ${ssh.port}`} ${target.user}@${target.host}`);
	const exec: Exec = async (argv) => channels.run(async () => session.exec(argv, {timeoutMs: 15_000}));
	return {exec, hostKey: session.hostKey};
}

/** iperf3 on both ends, or one error naming what each missing end needs. */
async function iperf3OnBoth(sender: Exec, receiver: Exec, hosts: readonly Host[]): Promise<Iperf3Presence[]> {
	const presence = await Promise.all([checkIperf3(sender), checkIperf3(receiver)]);
	const missing = presence.flatMap((found, index) => (found.found ? [] : [missingText(hosts[index]!.name, found)]));
	if (missing.length > 0) throw new RuntimeError(`${missing.join('; ')}; netplace installs nothing`);
	return presence;
}

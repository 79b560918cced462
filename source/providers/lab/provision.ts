// Provisioning a lab run: the owner file first (so a crash leaves an orphan, not a mystery), SSH keys in
// --over-ssh runs, then each placement's pair in turn: namespaces and shaping, the RTT delay line, sshd.
// Every resource goes into the run's ledger the moment it exists.

import {RuntimeError, UserError} from '../../domain/errors.js';
import type {Placement} from '../../domain/types.js';
import {ResourceLedger} from '../ledger.js';
import type {Host, HostPair, ProbeTarget, ProvisionOptions} from '../provider.js';
import type {SshTransport} from '../ssh/ssh-transport.js';
import {assertLabCapabilities, findExecutable, type LabCapabilities, toolPath} from './capabilities.js';
import {applyRtt} from './delay-line.js';
import type {LabState} from './lab-state.js';
import {labRunPrefix} from './names.js';
import {removeOwner, writeOwner} from './namespaces.js';
import {type LabTools, type PairNamespaces, type SetupContext, setUpPair} from './pair-setup.js';
import {published, specsFor} from './placement-specs.js';
import {describeShaping, type LabShapingSpec} from './shaping-spec.js';
import {createSshKeys, type SshKeys, startSshHost} from './ssh-mode.js';

/** One run being provisioned: what every pair's setup needs. */
interface LabRun {
	readonly state: LabState;
	readonly runId: string;
	readonly prefix: string;
	readonly capabilities: LabCapabilities;
	readonly context: SetupContext;
	readonly options: ProvisionOptions;
	/** Set in --over-ssh runs. */
	readonly keys: SshKeys | undefined;
	/** Management /30 blocks already handed out in this run. */
	readonly takenBlocks: Set<number>;
}

interface PairTransports {
	readonly server?: SshTransport;
	readonly client?: SshTransport;
}

const overSshNote = 'commands run over SSH (sshd in each namespace, management veth unshaped)';

export async function provisionLab(
	state: LabState,
	target: ProbeTarget,
	runId: string,
	options: ProvisionOptions = {},
): Promise<readonly HostPair[]> {
	const overSsh = target.lab?.overSsh === true;
	const capabilities = assertLabCapabilities({overSsh});
	const specs = specsFor(target);
	const prefix = labRunPrefix(runId);
	if (state.runs.has(runId)) throw new UserError(`lab run ${runId} already exists`);
	const tools = labTools(capabilities);
	const ledger = openRun(state, runId, prefix);
	const context: SetupContext = {tools, ledger, signal: options.signal, onEvent: options.onEvent};
	const keys = overSsh ? await createSshKeys(context, findExecutable('ssh-keygen') ?? 'ssh-keygen', prefix) : undefined;
	const run: LabRun = {state, runId, prefix, capabilities, context, options, keys, takenBlocks: new Set()};
	const pairs: HostPair[] = [];
	for (const [index, {placement, spec}] of specs.entries()) {
		if (options.signal?.aborted) throw new RuntimeError('provisioning interrupted');
		options.onEvent?.({type: 'waiting', what: `lab pair ${index} (${placement}): ${describeShaping(spec)}`});
		pairs.push(await provisionPair(run, index, placement, spec));
	}

	return pairs;
}

function labTools(capabilities: LabCapabilities): LabTools {
	return {
		ip: toolPath(capabilities, 'ip'),
		tc: toolPath(capabilities, 'tc'),
		nft: toolPath(capabilities, 'nft'),
		iptables: toolPath(capabilities, 'iptables'),
		ping: toolPath(capabilities, 'ping'),
		delayLine: capabilities.delayLine ?? 'delay-line',
	};
}

/** The run's ledger, its first entry the owner file (written before any namespace exists). */
function openRun(state: LabState, runId: string, prefix: string): ResourceLedger {
	const {stateDir} = state;
	const ledger = new ResourceLedger();
	state.runs.set(runId, ledger);
	writeOwner(stateDir, prefix, state.ownerPid);
	ledger.record({
		kind: 'owner-file',
		id: `${stateDir}/${prefix}.json`,
		deleteCommand: `rm -f ${stateDir}/${prefix}.json`,
		remove: async () => removeOwner(stateDir, prefix),
	});
	return ledger;
}

/** One pair: namespaces and shaping, the RTT delay line, sshd in --over-ssh runs; its hosts remembered. */
async function provisionPair(
	run: LabRun,
	index: number,
	placement: Placement,
	spec: LabShapingSpec,
): Promise<HostPair> {
	const {context, options} = run;
	const pair = await setUpPair(context, run.runId, index, spec);
	const rtt = await applyRtt(context, pair, run.prefix, spec.rttMs, spec.jitterMs);
	for (const text of rtt.notes) options.onEvent?.({type: 'note', text});
	const transports = await startSshHosts(run, index, pair);
	rememberHost(run, pair.server, transports.server);
	rememberHost(run, pair.client, transports.client);
	const server: Host = {id: pair.server, name: pair.server, address: pair.serverAddress};
	const client: Host = {id: pair.client, name: pair.client, address: pair.clientAddress};
	const notes = [describeShaping(spec), ...rtt.notes];
	if (run.keys) notes.push(overSshNote);
	return {placement, server, client, published: published(spec), notes};
}

/** sshd in the server's namespace, then the client's (none without --over-ssh). */
async function startSshHosts(run: LabRun, index: number, pair: PairNamespaces): Promise<PairTransports> {
	const {keys} = run;
	if (!keys) return {};
	const sshd = toolPath(run.capabilities, 'sshd');
	const common = {runId: run.runId, index, keys, sshd, takenBlocks: run.takenBlocks};
	const server = await startSshHost(run.context, {...common, role: 'srv', namespace: pair.server});
	const client = await startSshHost(run.context, {...common, role: 'cli', namespace: pair.client});
	return {server, client};
}

function rememberHost(run: LabRun, namespace: string, transport: SshTransport | undefined): void {
	run.state.hosts.set(namespace, {runId: run.runId, namespace, ...(transport ? {transport} : {})});
}

// One line of help per flag: what `netplace <command> --help` lists for each flag the command takes
// (request/command-flags.ts). A flag added to the schema without a line here is still listed, with its
// kind and bound, so the help never omits a flag a command takes. A table: one row per flag, one mapping to docs. Pure.

import {clouds} from '../domain/clouds.js';
import {listed} from '../domain/format.js';
import {cloudFields} from '../providers/cloud-probe-fields.js';
import {providerIds} from '../providers/provider.js';
import type {FlagName} from '../request/flags.js';

export interface FlagDoc {
	/** The value's placeholder: `N`, `C`, `1,8`; none for a switch. */
	readonly value?: string;
	readonly text: string;
}

/** A flag, its value's placeholder (`N`, `C`, `1,8`; null for a switch) and its line. */
type FlagRow = readonly [flag: FlagName, value: string | null, text: string];

const rows: readonly FlagRow[] = [
	['cloud', 'C', `${listed([...clouds, 'any'], 'or')} (default any)`],
	['streams', 'N', 'parallel connections the data path can really open (default 1)'],
	['latencySensitive', null, 'traffic is latency-sensitive'],
	['faultIsolation', null, 'correlated failure is the risk'],
	['minGbps', 'X', 'aggregate bandwidth needed'],
	['sustained', '', 'transfers run longer than five minutes (the burst window)'],
	['transfer', 'SIZE', 'how much data: 50TB, 500GB, 1.5TiB (with --within: the target Gbps)'],
	['within', 'TIME', 'the time it must finish in: 6h, 90m, 2d'],
	['keepLiveMigration', null, 'GCP: live migration must be kept'],
	['path', 'P', 'same-zone (default), cross-zone, cross-region or internet'],
	['arch', 'A', 'arm64 or x86_64'],
	['minVcpus', 'N', 'shapes with at least N vCPUs'],
	['minMemory', 'GIB', 'shapes with at least this much memory'],
	['tier1', null, 'GCP: Tier_1 networking (--no-tier1 pins it off)'],
	['profile', 'NAME', 'start from a saved workload (flags you type override it)'],
	['save', 'NAME', 'save the workload and advice as a profile'],
	['force', null, 'replace a profile of that name (a terminal asks)'],
	['json', null, 'machine-readable output'],
	['format', 'F', 'text, markdown (the session) or json'],
	['debug', null, 'stack traces on errors'],
	['help', null, 'this help'],
	['version', null, "netplace's version"],
	['provider', 'P', listed(providerIds, 'or')],
	['shape', 'S[,S]', 'evaluate only these shapes'],
	['placement', 'P', 'pin one placement: default, cluster, spread, partition (aws), collocated (gcp)'],
	['duration', 'SECONDS', 'per test (default 20)'],
	['repeat', 'K', 'repeats per test (default 1)'],
	['region', 'R', 'run and price in region R (one the cloud names; a typo gets a did-you-mean)'],
	['zone', 'Z', 'zone'],
	['ocpus', 'N', 'OCPUs of a Flex shape'],
	['sshCidr', 'CIDR', 'who may SSH in (a /0 needs a yes)'],
	['network', 'N', 'k8s: pod, host or both'],
	['dryRun', null, 'print the plan and cost, create nothing'],
	['yes', null, 'do not ask before spending money or deleting'],
	['price', 'USD', '$/h per instance (no catalogue price)'],
	['enaExpress', null, 'AWS: ENA Express (--no-ena-express pins it off)'],
	['reverse', null, 'also test the other direction (iperf3 -R)'],
	['processes', 'auto|N', 'iperf3 processes per test'],
	['overSsh', null, 'run the lab probe over SSH'],
	['hosts', 'A,B', 'ssh: your own [user@]HOST sender and receiver'],
	['identity', 'FILE', 'ssh: private key (default: the SSH agent, ~/.ssh/id_*)'],
	['port', 'N', 'ssh: SSH port of both hosts (default 22)'],
	['knownHosts', 'FILE', 'ssh: host keys to check against (default ~/.ssh/known_hosts)'],
	['acceptNewHostKey', null, 'ssh: add an unknown host key (shown); a changed one stops'],
	['context', 'C', 'k8s: the kubeconfig context (default: its current one)'],
	['namespace', 'N', 'k8s: where the pods go (default: the context’s, else default)'],
	['nodes', 'A,B|auto', 'k8s: sender and receiver nodes; auto: a same-zone and a cross-zone pair'],
	['zones', 'same|cross', 'k8s: with --nodes auto, only that pair'],
	['image', 'IMAGE', 'k8s: image with iperf3, ping, ip, ss (default nicolaka/netshoot:v0.13)'],
	['search', 'TEXT', 'shape names containing every word of TEXT'],
	['live', null, 'compare with the clouds’ APIs where credentials exist'],
	['labProfile', 'CELL', 'a study cell (aws/c8g.4xlarge/default) or cloud/shape[/placement]'],
	['labScale', 'F', 'scale the profile’s caps (e.g. 0.2)'],
	['flowCap', 'GBPS', 'lab: per-flow cap'],
	['aggregateCap', 'GBPS', 'lab: aggregate cap'],
	['rtt', 'MS', 'round-trip time of the path'],
	['mtu', 'N', 'the hosts’ MTU (the path’s documented MTU bounds it)'],
	['tcpRmemMax', 'BYTES', 'autotuning’s receive ceiling, the third field of net.ipv4.tcp_rmem (default Linux’s 6 MiB)'],
	['tcpWmemMax', 'BYTES', 'autotuning’s send ceiling, the third field of net.ipv4.tcp_wmem (default Linux’s 4 MiB)'],
	['rmemMax', 'BYTES', 'net.core.rmem_max: bounds only a buffer a program asks for (SO_RCVBUF, iperf3 -w)'],
	['wmemMax', 'BYTES', 'net.core.wmem_max: bounds only a buffer a program asks for (SO_SNDBUF)'],
	['cc', 'cubic|bbr|reno', 'the hosts’ congestion control (default Linux’s, cubic)'],
	['loss', 'PERCENT', 'packet loss on the path (0.01 = one in 10,000): bounds one flow at MSS / (RTT x sqrt(p))'],
	['jitter', 'MS', 'lab: spread of the delay'],
	['toRegion', 'R', 'the far end of a cross-Region path (prices the data transfer between the two)'],
	['hostsAsIs', null, 'the hosts’ TCP settings cannot be changed (default: tuned as netplace tune prints)'],
	['maxPairs', 'N', 'the most pairs of hosts a plan may use (default 16)'],
];

/** What a flag means to `probe` where it differs (flags.ts: --streams and --sustained have two meanings). */
const probeRows: readonly FlagRow[] = [
	['streams', '1,8', 'stream counts to test (a list; 1,2,4,8,16 sweeps for the knee)'],
	['sustained', 'SECONDS', 'a sustained run of this length'],
	['shape', 'S', 'instance shape'],
	['placement', 'P[,P]', 'placements to test: default, cluster, spread, partition (aws), collocated (gcp)'],
	['region', 'R', 'region to launch in (one the provider’s cloud names)'],
	['yes', null, 'do not ask before spending money'],
	['rtt', 'MS', 'lab: delay TCP and ICMP, both directions'],
	['path', 'P', 'ssh: where your hosts talk: same-zone (default), cross-zone, cross-region, internet'],
];

/** The one mapping from rows to docs. */
function docs(table: readonly FlagRow[]): Partial<Record<FlagName, FlagDoc>> {
	return Object.fromEntries(table.map(([flag, value, text]) => [flag, value === null ? {text} : {value, text}]));
}

/**
 * The rows with each cloud's own flags (providers/<cloud>/probe-fields.ts): a flag another provider takes too
 * (GCP's --network is k8s's as well) is one line, the cloud's meaning first.
 */
function withCloudRows(table: readonly FlagRow[]): FlagRow[] {
	const own = cloudFields.map((field): FlagRow => {
		const shared = table.find(([flag]) => flag === field.id);
		return [field.id, field.value, shared ? `${field.doc}; ${shared[2]}` : field.doc];
	});
	return [...table.filter(([flag]) => !own.some(([id]) => id === flag)), ...own];
}

export const flagDocs = docs(withCloudRows(rows));
const probeFlagDocs = docs(probeRows);

/** The flag's line for `command` (probe's own meaning where it has one), or none written yet. */
export function flagDocFor(command: string, flag: FlagName): FlagDoc | undefined {
	return (command === 'probe' ? probeFlagDocs[flag] : undefined) ?? flagDocs[flag];
}

// One line of help per flag: what `netplace <command> --help` lists for each flag the command takes
// (requests/command-flags.ts). A flag added to the schema without a line here is still listed, with its
// kind and bound, so the help never omits a flag a command takes. Pure data.

import type {FlagName} from '../request/flags.js';

export interface FlagDoc {
	/** The value's placeholder: `N`, `C`, `1,8`; none for a switch. */
	readonly value?: string;
	readonly text: string;
}

export const flagDocs: Partial<Record<FlagName, FlagDoc>> = {
	cloud: {value: 'C', text: 'aws, gcp, oci or any (default any)'},
	streams: {value: 'N', text: 'parallel connections the data path can really open (default 1)'},
	latencySensitive: {text: 'traffic is latency-sensitive'},
	faultIsolation: {text: 'correlated failure is the risk'},
	minGbps: {value: 'X', text: 'aggregate bandwidth needed'},
	sustained: {value: '', text: 'transfers run longer than five minutes (the burst window)'},
	transfer: {value: 'SIZE', text: 'how much data: 50TB, 500GB, 1.5TiB (with --within: the target Gbps)'},
	within: {value: 'TIME', text: 'the time it must finish in: 6h, 90m, 2d'},
	keepLiveMigration: {text: 'GCP: live migration must be kept'},
	path: {value: 'P', text: 'same-zone (default), cross-zone, cross-region or internet'},
	arch: {value: 'A', text: 'arm64 or x86_64'},
	minVcpus: {value: 'N', text: 'shapes with at least N vCPUs'},
	minMemory: {value: 'GIB', text: 'shapes with at least this much memory'},
	tier1: {text: 'GCP: Tier_1 networking (--no-tier1 pins it off)'},
	profile: {value: 'NAME', text: 'start from a saved workload (flags you type override it)'},
	save: {value: 'NAME', text: 'save the workload and advice as a profile'},
	force: {text: 'replace a profile of that name (a terminal asks)'},
	json: {text: 'machine-readable output'},
	format: {value: 'F', text: 'text, markdown (the session) or json'},
	debug: {text: 'stack traces on errors'},
	help: {text: 'this help'},
	version: {text: "netplace's version"},
	provider: {value: 'P', text: 'lab, aws, gcp, oci or ssh'},
	shape: {value: 'S[,S]', text: 'evaluate only these shapes'},
	placement: {value: 'P', text: 'pin one placement: default, cluster, spread, partition (aws), collocated (gcp)'},
	duration: {value: 'SECONDS', text: 'per test (default 20)'},
	repeat: {value: 'K', text: 'repeats per test (default 1)'},
	region: {value: 'R', text: 'run and price in region R (one the cloud names; a typo gets a did-you-mean)'},
	zone: {value: 'Z', text: 'zone'},
	project: {value: 'P', text: 'GCP project'},
	compartment: {value: 'OCID', text: 'OCI compartment'},
	ocpus: {value: 'N', text: 'OCPUs of a Flex shape'},
	sshCidr: {value: 'CIDR', text: 'who may SSH in (a /0 needs a yes)'},
	vpc: {value: 'ID', text: 'AWS: use this VPC (default: the default VPC)'},
	subnet: {value: 'ID', text: 'AWS: use this subnet'},
	network: {value: 'N', text: 'GCP: use this network (default: "default")'},
	subnetwork: {value: 'S', text: 'GCP: use this subnetwork'},
	dryRun: {text: 'print the plan and cost, create nothing'},
	yes: {text: 'do not ask before spending money or deleting'},
	price: {value: 'USD', text: '$/h per instance (no catalogue price)'},
	enaExpress: {text: 'AWS: ENA Express (--no-ena-express pins it off)'},
	reverse: {text: 'also test the other direction (iperf3 -R)'},
	processes: {value: 'auto|N', text: 'iperf3 processes per test'},
	overSsh: {text: 'run the lab probe over SSH'},
	hosts: {value: 'A,B', text: 'ssh: your own [user@]HOST sender and receiver'},
	identity: {value: 'FILE', text: 'ssh: private key (default: the SSH agent, ~/.ssh/id_*)'},
	port: {value: 'N', text: 'ssh: SSH port of both hosts (default 22)'},
	knownHosts: {value: 'FILE', text: 'ssh: host keys to check against (default ~/.ssh/known_hosts)'},
	acceptNewHostKey: {text: 'ssh: add an unknown host key (shown); a changed one stops'},
	search: {value: 'TEXT', text: 'shape names containing every word of TEXT'},
	live: {text: 'compare with the clouds’ APIs where credentials exist'},
	labProfile: {value: 'CELL', text: 'a study cell (aws/c8g.4xlarge/default) or cloud/shape[/placement]'},
	labScale: {value: 'F', text: 'scale the profile’s caps (e.g. 0.2)'},
	flowCap: {value: 'GBPS', text: 'lab: per-flow cap'},
	aggregateCap: {value: 'GBPS', text: 'lab: aggregate cap'},
	rtt: {value: 'MS', text: 'round-trip time of the path'},
	mtu: {value: 'N', text: 'the path MTU'},
	rmemMax: {value: 'BYTES', text: 'the hosts’ receive buffer limit (net.core.rmem_max)'},
	wmemMax: {value: 'BYTES', text: 'the hosts’ send buffer limit (net.core.wmem_max)'},
	loss: {
		value: 'PERCENT',
		text: 'packet loss on the path (0.01 = one in 10,000): bounds one flow at MSS / (RTT x sqrt(p))',
	},
	jitter: {value: 'MS', text: 'lab: spread of the delay'},
};

/** What a flag means to `probe` where it differs (flags.ts: --streams and --sustained have two meanings). */
const probeFlagDocs: Partial<Record<FlagName, FlagDoc>> = {
	streams: {value: '1,8', text: 'stream counts to test (a list; 1,2,4,8,16 sweeps for the knee)'},
	sustained: {value: 'SECONDS', text: 'a sustained run of this length'},
	shape: {value: 'S', text: 'instance shape'},
	placement: {value: 'P[,P]', text: 'placements to test: default, cluster, spread, partition (aws), collocated (gcp)'},
	region: {value: 'R', text: 'region to launch in (one the provider’s cloud names)'},
	yes: {text: 'do not ask before spending money'},
	rtt: {value: 'MS', text: 'lab: delay TCP and ICMP, both directions'},
	path: {value: 'P', text: 'ssh: where your hosts talk: same-zone (default), cross-zone, cross-region, internet'},
};

/** The flag's line for `command` (probe's own meaning where it has one), or none written yet. */
export function flagDocFor(command: string, flag: FlagName): FlagDoc | undefined {
	return (command === 'probe' ? probeFlagDocs[flag] : undefined) ?? flagDocs[flag];
}

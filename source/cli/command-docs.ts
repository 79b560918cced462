// Each command's usage line, what it does, and two examples: `netplace <command> --help` prints them with
// the command's flags, and `netplace --help` its examples from here too. Pure data (probe's providers are the
// provider ids: a new cloud is in its usage line).

import {providerIds} from '../providers/provider.js';

export interface CommandDoc {
	readonly usage: string;
	readonly does: string;
	readonly examples: readonly [string, string];
}

/** `wizard` is netplace with no command. Every command of the CLI has an entry (command-help.test.ts checks). */
export const commandDocs: Readonly<Record<string, CommandDoc>> = {
	wizard: {
		usage: 'netplace [workload flags] [--profile NAME]',
		does: 'the wizard: questions, then the advice; with flags or a profile it opens on the answer',
		examples: ['netplace', 'netplace --cloud aws --streams 8'],
	},
	size: {
		usage: 'netplace size [workload flags] [--json]',
		does: 'what to buy: ranked configurations that meet the workload, with predictions',
		examples: [
			'netplace size --cloud aws --streams 4 --min-gbps 30',
			'netplace size --shape m7i.8xlarge --streams 8 --path internet',
		],
	},
	advise: {
		usage: 'netplace advise [workload flags] [--save NAME] [--json | --format F]',
		does: 'the recommendation, the decision order and the bandwidth table',
		examples: [
			'netplace advise --cloud aws --streams 1 --fault-isolation',
			'netplace advise --cloud gcp --latency-sensitive --save low-latency',
		],
	},
	tune: {
		usage: 'netplace tune [workload flags] [--json]',
		does: 'the host settings (buffers, MTU) the path needs, as a block to paste',
		examples: [
			'netplace tune --cloud aws --path cross-region --rtt 70',
			'netplace tune --cloud gcp --streams 4 --json',
		],
	},
	table: {
		usage: 'netplace table [--cloud C] [--json]',
		does: 'measured versus published bandwidth',
		examples: ['netplace table', 'netplace table --cloud aws --json'],
	},
	shapes: {
		usage: 'netplace shapes [--cloud C] [--search TEXT] [--region R] [--live] [--json]',
		does: 'the catalogue: published figures, price, source',
		examples: [
			'netplace shapes --cloud gcp --search c4a',
			'netplace shapes --cloud aws --search c8gn --region us-east-1',
		],
	},
	probe: {
		usage: `netplace probe --provider ${providerIds.join('|')} [probe flags] [--json]`,
		does: 'a live probe: iperf3 and ping between a pair (the lab’s, a cloud’s, or your own two hosts over SSH: --hosts A,B), beside the model’s prediction',
		examples: [
			'netplace probe --provider lab --lab-profile aws/c8g.4xlarge/default',
			'netplace probe --provider aws --shape c8gn.4xlarge --dry-run',
		],
	},
	explain: {
		usage:
			'netplace explain FILE… [--shape S | --cloud C] [--placement P] [--path P] [--rtt MS] [--region R] [--save] [--json]',
		does: 'a measurement made anywhere (iperf3 -J or --json-stream, a netplace result, k8s-netperf --json, knb -o json; - reads standard input) attributed to the limit that bound it, beside the model’s prediction, with the next step; --save keeps it as evidence footed imported (advise, size and the wizard read it)',
		examples: [
			'netplace explain one-stream.json eight-streams.json --shape c5.2xlarge',
			'iperf3 -c HOST -J | netplace explain - --shape m7i.8xlarge --save',
		],
	},
	results: {
		usage: 'netplace results list|show ID|delete ID [--json]',
		does: 'stored probe runs (an ID may be any unique start of one, np- left out or not)',
		examples: ['netplace results list', 'netplace results show mx4h'],
	},
	profiles: {
		usage: 'netplace profiles list|show NAME|delete NAME|export NAME|import FILE [NAME] [--force]',
		does: 'saved profiles',
		examples: [
			'netplace profiles export low-latency > low-latency.json',
			'netplace profiles import low-latency.json copy',
		],
	},
	cleanup: {
		usage: 'netplace cleanup --provider P [--yes]',
		does: 'find and delete what a crashed probe left',
		examples: ['netplace cleanup --provider lab', 'netplace cleanup --provider aws --region us-east-1 --yes'],
	},
};

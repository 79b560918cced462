// A measurement made anywhere (iperf3 `-J` or `--json-stream`, a netplace result, k8s-netperf's `--json`), as
// `netplace explain` reads it: the figures each format holds, each null where that file does not say. Plain
// data; the readers live in probe/ (explain-*.ts), the attribution in advice/explain-limit.ts.

import type {Placement, RealCloud} from './clouds.js';
import type {NetworkPath} from './model-types.js';

export type ImportedFormat = 'iperf3' | 'iperf3-stream' | 'netplace' | 'k8s-netperf' | 'knb';

/** One reporting interval, all streams summed. */
export interface ImportedInterval {
	readonly start: number;
	readonly end: number;
	readonly gbps: number;
}

/** The sender's TCP figures over the test (iperf3's per-stream `sender` block, Linux senders only). */
export interface SenderTcp {
	/** Largest `max_snd_wnd` over the streams (the receiver's advertised window), bytes; null when absent (< 3.10). */
	readonly sendWindowBytes: number | null;
	/** Largest `max_snd_cwnd` over the streams, bytes. */
	readonly congestionWindowBytes: number | null;
	/** Mean of the streams' `mean_rtt`, ms (0 is "not measured": null). */
	readonly meanRttMs: number | null;
	/** Lowest `min_rtt` over the streams, ms. */
	readonly minRttMs: number | null;
	/** The socket buffer the test asked for (iperf3 -w: `start.sock_bufsize`), bytes; null when autotuned. */
	readonly requestedBufferBytes: number | null;
	/** `pmtu` of the last interval that gives one, bytes. */
	readonly pathMtu: number | null;
}

/** Whether the test measured its host (iperf3's CPU figures read by the probe's rule, probe/test-mode.ts). */
export interface ImportedCpu {
	readonly clientPercent: number | null;
	readonly serverPercent: number | null;
	/** "client iperf3 at 98% of the 100% it can use (CPU-bound from 75%)"; null when neither end was. */
	readonly boundBy: string | null;
}

/** What the file says about where the two ends ran. */
export interface ImportedPlace {
	readonly cloud: RealCloud | null;
	readonly shape: string | null;
	readonly placement: Placement | null;
	readonly region: string | null;
	readonly path: NetworkPath | null;
	/** Where it came from, e.g. "k8s node label node.kubernetes.io/instance-type". */
	readonly source: string;
}

/** One test of a file (a bidirectional iperf3 test is two: one per direction). */
export interface ImportedTest {
	readonly file: string;
	readonly format: ImportedFormat;
	/** "iperf 3.12", "k8s-netperf (iperf3 driver)", "netplace np-…". */
	readonly tool: string;
	/** "1 stream", "8 streams, reverse (-R)", "TCP_STREAM, pod network". */
	readonly label: string;
	/** Received Gbps; null when the test failed before any figure. */
	readonly gbps: number | null;
	readonly streams: number;
	readonly seconds: number | null;
	readonly direction: 'forward' | 'reverse' | 'bidir-forward' | 'bidir-reverse';
	/** Sender retransmits (null: the file does not count them, e.g. macOS or a reverse test). */
	readonly retransmits: number | null;
	/** Retransmitted share of the segments carried (retransmits / (bytes / MSS)); null when unknown. */
	readonly retransmitShare: number | null;
	readonly perStreamGbps: readonly number[];
	readonly intervals: readonly ImportedInterval[];
	readonly tcp: SenderTcp | null;
	/** `end.sender_tcp_congestion` (iperf3 >= 3.5, Linux). */
	readonly congestionControl: string | null;
	readonly cpu: ImportedCpu | null;
	/**
	 * Which pair of hosts the test ran between, as far as the file says (the far end's address, a netplace run's
	 * id and placement, a k8s node type and network): tests are compared with each other only within one key.
	 */
	readonly pairKey: string | null;
	/** The two ends, as the file names them (printable). */
	readonly hosts: {readonly local: string | null; readonly remote: string | null};
	readonly place: ImportedPlace | null;
	/** The tool's own error (iperf3's `error`), printable; null when the test finished. */
	readonly error: string | null;
	/**
	 * What the traffic crossed besides the hosts' own network, as the file says ("the pod network", "a Service"):
	 * such a figure is not the instances' and is never their evidence. Absent or null: the hosts' own network.
	 */
	readonly overlay?: string | null;
	/** Where the file's own verdict is (a netplace result's measured limit), else null. */
	readonly statedLimit: string | null;
}

// iperf3 `-J` output (any 3.x: 3.9, 3.12, 3.16, 3.17 shapes; one or many streams, `-R`, `--bidir`, an `error`)
// -> the tests `netplace explain` attributes. The figures are the ones iperf3-parse.ts and iperf3-figures.ts
// read for the probe; this adds what the probe does not keep: the sender's windows (`max_snd_wnd`,
// `max_snd_cwnd`), the path MTU (`pmtu`), the congestion control (`end.sender_tcp_congestion`) and, for
// `--bidir`, the second direction (`sum_*_bidir_reverse`, streams whose `sender` flag is false). Pure.

import {streamsLabel} from '../domain/format.js';
import type {ImportedInterval, ImportedTest, SenderTcp} from '../domain/imported.js';
import {mssOf} from '../sizing/path-physics.js';
import {importedCpu} from './explain-cpu.js';
import {cpuOf, isObject, type Json, numberAt, reverseOf, versionOf} from './iperf3-figures.js';

type Direction = ImportedTest['direction'];

const positive = (value: number | null): number | null => (value !== null && value > 0 ? value : null);
const ms = (microseconds: number | null): number | null =>
	microseconds === null || microseconds <= 0 ? null : microseconds / 1000;

function intervalsOf(report: Json, key: 'sum' | 'sum_bidir_reverse'): ImportedInterval[] {
	const raw = report['intervals'];
	if (!Array.isArray(raw)) return [];
	return raw.flatMap((interval): ImportedInterval[] => {
		const sum = isObject(interval) ? interval[key] : undefined;
		if (!isObject(sum) || sum['omitted'] === true) return [];
		const bps = numberAt(sum, 'bits_per_second');
		const start = numberAt(sum, 'start');
		const end = numberAt(sum, 'end');
		return bps === null || start === null || end === null ? [] : [{start, end, gbps: bps / 1e9}];
	});
}

/** The streams of one direction: all of them, or under --bidir those whose `sender` flag says so. */
function streamsOf(end: unknown, forward: boolean, bidir: boolean): Json[] {
	const raw = isObject(end) ? end['streams'] : undefined;
	if (!Array.isArray(raw)) return [];
	return raw.filter((stream): stream is Json => {
		if (!isObject(stream)) return false;
		if (!bidir) return true;
		const sender = stream['sender'];
		return isObject(sender) && (sender['sender'] === true) === forward;
	});
}

function largest(values: readonly (number | null)[]): number | null {
	const known = values.filter((value): value is number => value !== null);
	return known.length === 0 ? null : Math.max(...known);
}

function lastPmtu(report: Json): number | null {
	const raw = report['intervals'];
	if (!Array.isArray(raw)) return null;
	for (const interval of [...raw].reverse()) {
		const streams = isObject(interval) ? interval['streams'] : undefined;
		const first = Array.isArray(streams) ? streams[0] : undefined;
		const pmtu = positive(numberAt(first, 'pmtu'));
		if (pmtu !== null) return pmtu;
	}

	return null;
}

function senderTcp(streams: readonly Json[], pathMtu: number | null, requested: number | null): SenderTcp | null {
	const senders = streams.map((stream) => stream['sender']);
	const rtts = senders.map((sender) => ms(numberAt(sender, 'mean_rtt'))).filter((rtt): rtt is number => rtt !== null);
	const tcp: SenderTcp = {
		sendWindowBytes: largest(senders.map((sender) => positive(numberAt(sender, 'max_snd_wnd')))),
		congestionWindowBytes: largest(senders.map((sender) => positive(numberAt(sender, 'max_snd_cwnd')))),
		meanRttMs: rtts.length === 0 ? null : rtts.reduce((sum, rtt) => sum + rtt, 0) / rtts.length,
		minRttMs: senders.reduce<number | null>((low, sender) => {
			const rtt = ms(numberAt(sender, 'min_rtt'));
			return rtt === null ? low : low === null ? rtt : Math.min(low, rtt);
		}, null),
		requestedBufferBytes: requested,
		pathMtu,
	};
	const known = Object.values(tcp).some((value) => value !== null);
	return known ? tcp : null;
}

function streamGbps(stream: Json): number | null {
	const bps = numberAt(stream['receiver'], 'bits_per_second') ?? numberAt(stream['sender'], 'bits_per_second');
	return bps === null ? null : bps / 1e9;
}

function hostsOf(report: Json): ImportedTest['hosts'] {
	const start = isObject(report['start']) ? report['start'] : {};
	const connected = Array.isArray(start['connected']) ? start['connected'][0] : undefined;
	const to = start['connecting_to'];
	const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
	return {
		local: text(isObject(connected) ? connected['local_host'] : undefined),
		remote:
			text(isObject(to) ? to['host'] : undefined) ?? text(isObject(connected) ? connected['remote_host'] : undefined),
	};
}

/** Retransmitted share of the segments carried, counted at the path's MSS (1448 B when the file gives no MTU). */
function shareOf(retransmits: number | null, bytes: number | null, pathMtu: number | null): number | null {
	if (retransmits === null || bytes === null || bytes <= 0) return null;
	return retransmits / (bytes / (pathMtu === null ? 1448 : mssOf(pathMtu)));
}

interface DirectionSums {
	readonly direction: Direction;
	readonly sent: unknown;
	readonly received: unknown;
	readonly streams: readonly Json[];
	readonly intervals: readonly ImportedInterval[];
}

function directionsOf(report: Json): DirectionSums[] {
	const end = report['end'];
	const endObject = isObject(end) ? end : {};
	const bidir = 'sum_sent_bidir_reverse' in endObject || 'sum_received_bidir_reverse' in endObject;
	const forward: DirectionSums = {
		direction: bidir ? 'bidir-forward' : reverseOf(report) ? 'reverse' : 'forward',
		sent: endObject['sum_sent'],
		received: endObject['sum_received'],
		streams: streamsOf(end, true, bidir),
		intervals: intervalsOf(report, 'sum'),
	};
	if (!bidir) return [forward];
	const back: DirectionSums = {
		direction: 'bidir-reverse',
		sent: endObject['sum_sent_bidir_reverse'],
		received: endObject['sum_received_bidir_reverse'],
		streams: streamsOf(end, false, true),
		intervals: intervalsOf(report, 'sum_bidir_reverse'),
	};
	return [forward, back];
}

const directionWords: Record<Direction, string> = {
	forward: '',
	reverse: ', reverse (-R: the server sent)',
	'bidir-forward': ', --bidir: client to server',
	'bidir-reverse': ', --bidir: server to client',
};

function errorOf(report: Json): string | null {
	const error = report['error'];
	return typeof error === 'string' && error.length > 0 ? error : null;
}

function testOf(report: Json, file: string, sums: DirectionSums, format: ImportedTest['format']): ImportedTest {
	const start = isObject(report['start']) ? report['start'] : {};
	const declared = numberAt(start['test_start'], 'num_streams');
	const streams = Math.max(1, declared ?? sums.streams.length);
	const receivedBps = numberAt(sums.received, 'bits_per_second');
	const retransmits = numberAt(sums.sent, 'retransmits');
	const pathMtu = lastPmtu(report);
	const version = versionOf(report);
	const end = report['end'];
	const cc = isObject(end) ? end['sender_tcp_congestion'] : undefined;
	return {
		file,
		format,
		tool: version === null ? 'iperf3' : `iperf ${version.text}`,
		label: `${streamsLabel(streams)}${directionWords[sums.direction]}`,
		gbps: receivedBps === null ? null : receivedBps / 1e9,
		streams,
		seconds: numberAt(sums.received, 'seconds') ?? numberAt(sums.sent, 'seconds'),
		direction: sums.direction,
		retransmits,
		retransmitShare: shareOf(retransmits, numberAt(sums.sent, 'bytes'), pathMtu),
		perStreamGbps: sums.streams.map(streamGbps).filter((gbps): gbps is number => gbps !== null),
		intervals: sums.intervals,
		tcp: senderTcp(sums.streams, pathMtu, positive(numberAt(start, 'sock_bufsize'))),
		congestionControl: typeof cc === 'string' && cc.length > 0 ? cc : null,
		cpu: importedCpu(cpuOf(end), version, streams),
		pairKey: hostsOf(report).remote,
		hosts: hostsOf(report),
		place: null,
		error: errorOf(report),
		statedLimit: null,
	};
}

/** Whether `value` is an iperf3 `-J` report (it has `start`, `intervals` or `end`, or only an `error`). */
export function isIperf3Report(value: unknown): value is Json {
	return (
		isObject(value) &&
		('start' in value || 'end' in value || 'intervals' in value || typeof value['error'] === 'string')
	);
}

/** The tests of one iperf3 report (two under --bidir). */
export function iperf3Tests(report: Json, file: string, format: ImportedTest['format'] = 'iperf3'): ImportedTest[] {
	return directionsOf(report).map((sums) => testOf(report, file, sums, format));
}

// The shaping recipe of LAB-NOTES as text for `tc -batch` and `nft -f`. Pure: the commands are built here and
// run elsewhere.
//
// Aggregate cap: an HTB class 1:1 with rate = ceil = the aggregate. Per-flow cap: 64 leaf classes under it, each
// ceil = the flow cap with a small pfifo; nftables marks each new TCP connection with the next class in turn
// (`numgen inc`, round-robin: flows never share a class until there are more than 64) and postrouting maps the
// mark to the class (`meta priority set ct mark map {…}`; `meta priority set ct mark` alone is refused here).

import type {LabShapingSpec} from './shaping-spec.js';

export const flowClassCount = 64;
export const nftTableName = 'netplace';
/** Leaf classes are 1:100 … 1:13f (hex minor ids from 0x100). */
const firstLeafMinor = 0x100;

export function leafClassId(index: number): string {
	return `1:${(firstLeafMinor + index).toString(16)}`;
}

/** `tc` rate text in kbit (integral, so no unit rounding surprises). */
export function tcRate(gbps: number): string {
	return `${Math.max(1, Math.round(gbps * 1_000_000))}kbit`;
}

/**
 * Burst in bytes: about half a millisecond at the rate, at least 64 KiB. HTB's default (one MTU's worth) holds
 * a 1 Gbit class to about 0.89 of its cap on this kernel; 64 KiB gave 0.947.
 */
export function burstBytes(gbps: number): number {
	return Math.max(65_536, Math.round((gbps * 1e9 * 0.0005) / 8));
}

/** The aggregate the root class gets: the cap, or with a flow cap alone, as much as every class could carry. */
export function rootRateGbps(spec: LabShapingSpec): number | null {
	if (spec.aggregateCapGbps !== null) return spec.aggregateCapGbps;
	return spec.flowCapGbps === null ? null : spec.flowCapGbps * flowClassCount;
}

/** `tc -batch` lines that shape one device; empty when the spec has no cap at all. */
export function htbBatch(dev: string, spec: LabShapingSpec): string[] {
	const root = rootRateGbps(spec);
	if (root === null) return [];
	const rootBurst = burstBytes(root);
	const lines = [
		`qdisc add dev ${dev} root handle 1: htb default ${(firstLeafMinor).toString(16)} r2q 1000`,
		`class add dev ${dev} parent 1: classid 1:1 htb rate ${tcRate(root)} ceil ${tcRate(root)} burst ${rootBurst} cburst ${rootBurst} quantum 60000`,
	];
	const leaves = spec.flowCapGbps === null ? 1 : flowClassCount;
	const leafCeil = spec.flowCapGbps ?? root;
	const leafBurst = burstBytes(leafCeil);
	// Guaranteed rate: a fair share of the aggregate, never above the ceiling (HTB requires rate <= ceil).
	const leafRate = Math.min(leafCeil, root / leaves);
	for (let index = 0; index < leaves; index++) {
		const classId = leafClassId(index);
		const handle = (firstLeafMinor + index).toString(16);
		lines.push(
			`class add dev ${dev} parent 1:1 classid ${classId} htb rate ${tcRate(leafRate)} ceil ${tcRate(leafCeil)} burst ${leafBurst} cburst ${leafBurst} quantum 60000`,
			`qdisc add dev ${dev} parent ${classId} handle ${handle}: pfifo limit 100`,
		);
	}

	return lines;
}

/**
 * The nftables table giving each new TCP connection the next leaf class in turn, in both directions (new in
 * prerouting for connections the peer opens, in output for ones this side opens). Null without a flow cap.
 */
export function nftRuleset(spec: LabShapingSpec): string | null {
	if (spec.flowCapGbps === null) return null;
	const map = Array.from({length: flowClassCount}, (_, index) => `${index} : ${leafClassId(index)}`).join(', ');
	return [
		`table inet ${nftTableName} {`,
		'\tchain prerouting {',
		'\t\ttype filter hook prerouting priority 0; policy accept;',
		`\t\tct state new meta l4proto tcp ct mark set numgen inc mod ${flowClassCount}`,
		'\t}',
		'\tchain output {',
		'\t\ttype filter hook output priority 0; policy accept;',
		`\t\tct state new meta l4proto tcp ct mark set numgen inc mod ${flowClassCount}`,
		'\t}',
		'\tchain postrouting {',
		'\t\ttype filter hook postrouting priority 0; policy accept;',
		`\t\tmeta l4proto tcp meta priority set ct mark map { ${map} }`,
		'\t}',
		'}',
		'',
	].join('\n');
}

/** Which end of a pair a delay line sits in. */
export type DelayRole = 'client' | 'server';

/**
 * The iptables rules (without -A/-D) that send a namespace's packets on the data interface to its delay line.
 * TCP is held where it arrives (INPUT, both namespaces: one pass per direction). Not where it leaves: a packet
 * held in OUTPUT still counts against its socket, and TCP small queues then throttle the flow to a trickle;
 * crossing the veth orphans it. ICMP is held twice in the server (request in, reply out): ping takes its
 * receive timestamp before INPUT, so a hold in the client's INPUT would not show.
 */
export function delayQueueRules(role: DelayRole, queue: number, dev: string): string[][] {
	const target = ['-j', 'NFQUEUE', '--queue-num', String(queue)];
	const rules = [['INPUT', '-i', dev, '-p', 'tcp', ...target]];
	if (role === 'server') {
		rules.push(['INPUT', '-i', dev, '-p', 'icmp', ...target], ['OUTPUT', '-o', dev, '-p', 'icmp', ...target]);
	}

	return rules;
}

export const lossTableName = 'netplace_loss';
/** Drop decisions are drawn per million packets: the smallest loss the lab sets is 0.0001%. */
export const lossDraws = 1_000_000;
/**
 * Only data segments are dropped: an IP packet over this many bytes carries payload (a bare ACK with SACK
 * blocks is at most 72). Pings (84 bytes) pass, so the delay line's calibration and the probe's RTT are not
 * lost; ACKs pass, so the loss is the data loss Mathis's p counts.
 */
const dataSegmentBytes = 128;

/**
 * The nftables table dropping `lossPercent` of the TCP data segments that arrive on `dev`, each at random
 * (`numgen random`, independent per packet: the random loss of the Mathis model, not bursts). It hooks input
 * ahead of the delay line's NFQUEUE rule (priority -5 < 0), so a dropped segment is never held. The segments
 * must reach it one MSS each: the sender's GSO is held to one segment (pair-setup.ts), or one drop would take
 * a 64 KiB burst.
 */
export function lossRuleset(dev: string, lossPercent: number): string {
	const below = Math.max(1, Math.round((lossPercent / 100) * lossDraws));
	return [
		`table inet ${lossTableName} {`,
		'\tchain input {',
		'\t\ttype filter hook input priority -5; policy accept;',
		`\t\tiifname "${dev}" meta l4proto tcp ip length > ${dataSegmentBytes} numgen random mod ${lossDraws} < ${below} counter drop`,
		'\t}',
		'}',
		'',
	].join('\n');
}

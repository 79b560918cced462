// Workload flags -> a validated Workload (parseWorkload: every bad flag named at once), on top of a saved
// profile's answers when one is loaded: only the flags the user typed override the profile. A flag typed
// with no value reaches its parser as '' and is reported there with the rest.

import {defaultWorkload, type Workload} from '../domain/types.js';
import {type CliFlags, type FlagName, listFlag} from './flags.js';
import {transferTargetGbps} from './transfer-units.js';
import {parseWorkload} from './workload.js';

export const workloadFlagNames: readonly FlagName[] = [
	'cloud',
	'streams',
	'latencySensitive',
	'faultIsolation',
	'minGbps',
	'sustained',
	'transfer',
	'within',
	'keepLiveMigration',
	'path',
	'region',
	'arch',
	'minVcpus',
	'minMemory',
	'shape',
	'placement',
	'enaExpress',
	'tier1',
	'rtt',
	'mtu',
	'tcpRmemMax',
	'tcpWmemMax',
	'rmemMax',
	'wmemMax',
	'cc',
	'loss',
	'toRegion',
	'hostsAsIs',
	'maxPairs',
];

/** size and advise pin one placement (probe takes a list): two are refused by the placement parser. */
function placementPin(raw: readonly string[]): string {
	return listFlag(raw).join(',');
}

/** True when any workload flag was typed. */
export function hasWorkloadFlags(given: ReadonlySet<FlagName>): boolean {
	return workloadFlagNames.some((name) => given.has(name));
}

/** Throws one UserError (exit 2) naming every bad flag and value. */
export function workloadFromFlags(
	flags: CliFlags,
	given: ReadonlySet<FlagName>,
	base: Workload = defaultWorkload,
): Workload {
	const pick = <Value>(name: FlagName, fromFlag: () => Value, fromBase: Value): Value =>
		given.has(name) ? fromFlag() : fromBase;
	// A profile's target set by its transfer is worked out again when the transfer or its time is retyped.
	const retimed = (given.has('transfer') || given.has('within')) && base.minGbps === transferTargetGbps(base);
	return parseWorkload({
		cloud: pick('cloud', () => flags.cloud, base.cloud),
		streams: pick<string | number | undefined>('streams', () => flags.streams, base.streams),
		minGbps: pick<string | number | null | undefined>(
			'minGbps',
			() => flags.minGbps ?? '',
			retimed ? null : base.minGbps,
		),
		latencySensitive: pick('latencySensitive', () => flags.latencySensitive, base.latencySensitive),
		faultIsolation: pick('faultIsolation', () => flags.faultIsolation, base.faultIsolation),
		sustained: pick<string | boolean>('sustained', () => flags.sustained ?? '', base.sustained),
		transferBytes: pick<string | number | null | undefined>('transfer', () => flags.transfer ?? '', base.transferBytes),
		withinSeconds: pick<string | number | null | undefined>('within', () => flags.within ?? '', base.withinSeconds),
		keepLiveMigration: pick('keepLiveMigration', () => flags.keepLiveMigration, base.keepLiveMigration),
		// --to-region alone names a cross-Region path.
		path: pick('path', () => flags.path ?? '', given.has('toRegion') ? 'cross-region' : base.path),
		region: pick('region', () => flags.region ?? '', base.region),
		arch: pick('arch', () => flags.arch ?? '', base.arch),
		minVcpus: pick<string | number | null | undefined>('minVcpus', () => flags.minVcpus ?? '', base.minVcpus),
		minMemoryGib: pick<string | number | null | undefined>('minMemory', () => flags.minMemory ?? '', base.minMemoryGib),
		shapes: pick<string | readonly string[] | undefined>('shape', () => flags.shape ?? '', base.shapes),
		placement: pick('placement', () => placementPin(flags.placement), base.placement),
		enaExpress: pick('enaExpress', () => flags.enaExpress, base.enaExpress),
		tier1: pick('tier1', () => flags.tier1, base.tier1),
		rttMs: pick<string | number | null | undefined>('rtt', () => flags.rtt ?? '', base.rttMs),
		mtu: pick<string | number | null | undefined>('mtu', () => flags.mtu ?? '', base.mtu),
		tcpRmemMax: pick<string | number | null | undefined>('tcpRmemMax', () => flags.tcpRmemMax ?? '', base.tcpRmemMax),
		tcpWmemMax: pick<string | number | null | undefined>('tcpWmemMax', () => flags.tcpWmemMax ?? '', base.tcpWmemMax),
		rmemMax: pick<string | number | null | undefined>('rmemMax', () => flags.rmemMax ?? '', base.rmemMax),
		wmemMax: pick<string | number | null | undefined>('wmemMax', () => flags.wmemMax ?? '', base.wmemMax),
		cc: pick('cc', () => flags.cc ?? '', base.cc),
		lossPercent: pick<string | number | null | undefined>('loss', () => flags.loss ?? '', base.lossPercent),
		toRegion: pick('toRegion', () => flags.toRegion ?? '', base.toRegion),
		hostsAsIs: pick('hostsAsIs', () => flags.hostsAsIs, base.hostsAsIs),
		maxPairs: pick<string | number | undefined>('maxPairs', () => flags.maxPairs ?? '', base.maxPairs),
	});
}

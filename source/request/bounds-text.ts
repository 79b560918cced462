// The bounds table (domain/bounds.ts) as text: `netplace --help` prints these lines and the README's bounds table
// is checked against them (test/cli/bounds-docs.test.ts), so no bound is written twice. Pure.

import {type BoundName, describeBound, type NumberBound, requestBounds} from '../domain/bounds.js';

/** Which request a bound belongs to: the same flag name may mean different things (--streams). */
export type BoundScope = 'workload' | 'probe' | 'lab';

/** Which request each bound belongs to. */
export const boundScopes = {
	workloadStreams: 'workload',
	minGbps: 'workload',
	minVcpus: 'workload',
	minMemory: 'workload',
	transfer: 'workload',
	within: 'workload',
	maxPairs: 'workload',
	pathRtt: 'workload',
	mtu: 'workload',
	tcpRmemMax: 'workload',
	tcpWmemMax: 'workload',
	rmemMax: 'workload',
	wmemMax: 'workload',
	loss: 'workload',
	probeStreams: 'probe',
	duration: 'probe',
	processes: 'probe',
	repeat: 'probe',
	totalTests: 'probe',
	sustained: 'probe',
	ocpus: 'probe',
	price: 'probe',
	labScale: 'lab',
	flowCap: 'lab',
	aggregateCap: 'lab',
	rtt: 'lab',
	jitter: 'lab',
} as const satisfies Record<BoundName, BoundScope>;

export interface BoundLine {
	readonly scope: BoundScope;
	readonly flag: string;
	/** e.g. "an integer from 1 to 4096". */
	readonly range: string;
	readonly why: string;
}

/** Every bound, in the table's order. */
export function boundLines(): BoundLine[] {
	return (Object.entries(requestBounds) as [BoundName, NumberBound][]).map(([name, bound]) => ({
		scope: boundScopes[name],
		flag: bound.label ?? `--${bound.flag}`,
		range:
			bound.flag === 'streams' && boundScopes[name] === 'probe' ? `each ${describeBound(bound)}` : describeBound(bound),
		why: bound.why,
	}));
}

/** `netplace --help`'s bounds: one line per bound, indented as the help text is. */
export function boundsHelp(indent = '\t  '): string {
	return boundLines()
		.map((line) => {
			const label = `${line.scope} ${line.flag}`;
			return `${indent}${label.length >= 23 ? `${label} ` : label.padEnd(23)}${line.range}`;
		})
		.join('\n');
}

/** The README's bounds table rows (Markdown). */
export function boundsMarkdown(): string[] {
	return [
		'| request | flag | accepted | why |',
		'|---|---|---|---|',
		...boundLines().map(
			(line) =>
				`| ${line.scope} | ${line.flag.startsWith('--') ? `\`${line.flag}\`` : line.flag} | ${line.range} | ${line.why.replaceAll('|', '\\|')} |`,
		),
	];
}

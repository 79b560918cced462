// An empty answer says why: the constraints that emptied it, each lifted alone, and what the search gives
// without it ("nothing fits --tier1 --shape c4a-standard-72; without --tier1: ..."). Run only when the
// answer is empty: one search per constraint the workload sets. Pure.

import type {RankedConfiguration, Relaxation} from '../domain/model-types.js';
import type {Workload} from '../domain/types.js';

type Search = (workload: Workload) => readonly RankedConfiguration[];

interface Constraint {
	readonly flag: string;
	readonly lift: Partial<Workload>;
}

function switchFlag(name: string, value: boolean | null): string {
	return value ? `--${name}` : `--no-${name}`;
}

/** The constraints the workload sets that can empty an answer, as the flags that set them. */
export function constraintsOf(workload: Workload): Constraint[] {
	const found: Constraint[] = [];
	const add = (set: boolean, flag: string, lift: Partial<Workload>) => {
		if (set) found.push({flag, lift});
	};
	add(workload.shapes.length > 0, `--shape ${workload.shapes.join(',')}`, {shapes: []});
	add(workload.region !== null, `--region ${workload.region ?? ''}`, {region: null});
	// The far end's Region must offer the shape too (offering.ts).
	add(workload.toRegion !== null, `--to-region ${workload.toRegion ?? ''}`, {toRegion: null});
	add(workload.arch !== null, `--arch ${workload.arch ?? ''}`, {arch: null});
	add(workload.minVcpus !== null, `--min-vcpus ${String(workload.minVcpus)}`, {minVcpus: null});
	add(workload.minMemoryGib !== null, `--min-memory ${String(workload.minMemoryGib)}`, {minMemoryGib: null});
	add(workload.placement !== null, `--placement ${workload.placement ?? ''}`, {placement: null});
	add(workload.enaExpress !== null, switchFlag('ena-express', workload.enaExpress), {enaExpress: null});
	add(workload.tier1 !== null, switchFlag('tier1', workload.tier1), {tier1: null});
	add(workload.faultIsolation, '--fault-isolation', {faultIsolation: false});
	add(workload.keepLiveMigration, '--keep-live-migration', {keepLiveMigration: false});
	return found;
}

/**
 * For an empty answer: each constraint lifted alone and the best configuration without it (null when
 * lifting it alone still finds nothing); when none alone helps, all of them lifted together.
 */
export function relaxations(workload: Workload, search: Search): Relaxation[] {
	const constraints = constraintsOf(workload);
	const each = constraints.map((constraint) => ({
		flags: [constraint.flag],
		best: search({...workload, ...constraint.lift})[0] ?? null,
	}));
	if (constraints.length < 2 || each.some((relaxation) => relaxation.best !== null)) return each;
	const all = Object.assign({}, ...constraints.map((constraint) => constraint.lift)) as Partial<Workload>;
	return [
		...each,
		{flags: constraints.map((constraint) => constraint.flag), best: search({...workload, ...all})[0] ?? null},
	];
}

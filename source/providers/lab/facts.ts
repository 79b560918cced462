// The lab's facts: not billed, any placement (it reproduces a cell's), its shaping flags and their checks, the
// probe form's lab fields. Pure: reads the reference catalogue only.

import {labCapRange} from '../../domain/bounds.js';
import {UserError} from '../../domain/errors.js';
import {labProfileCells} from '../../domain/study-cells.js';
import {placements as allPlacements, clouds, type Placement} from '../../domain/types.js';
import {findShape, loadCatalogue} from '../../sizing/catalogue.js';
import type {ProbeFieldSpec, ProbeFieldValues, ProbeTarget, ProviderFacts, TargetProblem} from '../provider.js';
import {resolveLabShaping} from './shaping-spec.js';

/** The probe form's `--lab-profile` choice for custom caps. */
export const customLabProfile = 'custom';
const labShapePattern = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;

export function labProfileChoices(): readonly string[] {
	return [...labProfileCells().map((entry) => entry.id), customLabProfile];
}

/**
 * The form's profile choices: the study's cells, then the cell of the shape and placement the form holds (the
 * recommendation the form was filled from, any catalogue shape: its model figures, scaled) when the study has
 * none, then custom.
 */
function formProfileChoices(values: ProbeFieldValues): readonly string[] {
	const choices = labProfileChoices();
	const shape = values.shape?.trim() ?? '';
	if (shape === '') return choices;
	let cell: string;
	try {
		cell = `${labProfileForShape(shape)}/${values.placements?.split(',')[0]?.trim() || 'default'}`;
	} catch (error: unknown) {
		if (error instanceof UserError) return choices;
		throw error;
	}

	return choices.includes(cell) ? choices : [...choices.slice(0, -1), cell, customLabProfile];
}

function formFields(values: ProbeFieldValues): readonly ProbeFieldSpec[] {
	const profile: ProbeFieldSpec = {
		id: 'labProfile',
		label: '--lab-profile',
		kind: 'choice',
		choices: formProfileChoices(values),
	};
	// The path's RTT goes with a profile too: a cross-Region answer's cell is probed at its RTT.
	const path: readonly ProbeFieldSpec[] = [
		{id: 'rtt', label: '--rtt', kind: 'text', hint: "ms; empty: a study cell's own, else none added"},
		{id: 'jitter', label: '--jitter', kind: 'text', hint: 'ms'},
		{id: 'loss', label: '--loss', kind: 'text', hint: '% of data segments dropped at random; empty: none'},
	];
	if ((values.labProfile ?? customLabProfile) !== customLabProfile) {
		return [profile, {id: 'labScale', label: '--lab-scale', kind: 'text', hint: 'empty: the lab default'}, ...path];
	}

	return [
		profile,
		{id: 'flowCap', label: '--flow-cap', kind: 'text', hint: 'Gbps per flow; empty: no per-flow cap'},
		{id: 'aggregateCap', label: '--aggregate-cap', kind: 'text', hint: 'Gbps'},
		...path,
	];
}

/**
 * `--shape S` with the lab: the lab profile of that catalogue shape (`cloud/shape`: each pair's placement cell,
 * scaled), exactly as `--lab-profile cloud/shape`. A name the catalogue lacks is refused, never ignored.
 */
export function labProfileForShape(raw: string): string {
	const shape = raw.trim();
	const [first, second, ...rest] = shape.split('/');
	const cloud = second === undefined ? null : clouds.find((candidate) => candidate === first);
	const name = second ?? first ?? '';
	const record =
		labShapePattern.test(shape) && rest.length === 0 && cloud !== undefined
			? findShape(loadCatalogue(), cloud, name)
			: undefined;
	if (record === undefined) {
		throw new UserError(
			`--shape ${JSON.stringify(shape)} is no catalogue shape, so the lab has no cell to reproduce for it`,
			'name one `netplace shapes` lists (e.g. c8g.4xlarge or aws/c8g.4xlarge), or give --flow-cap and --aggregate-cap',
		);
	}

	return `${record.cloud}/${record.shape}`;
}

/** The profile's cloud/shape (`--shape` sets the profile: labProfileForShape), else "custom". */
function resolveShape(_raw: string | undefined, target: Omit<ProbeTarget, 'shape'>): string {
	const profile = target.lab?.profile;
	if (profile === undefined) return 'custom';
	const [cloud, cellShape] = profile.split('/');
	return cellShape === undefined ? profile : `${cloud}/${cellShape}`;
}

/** A full cell id (`gcp/c4a-standard-16/collocated`) probes that cell's placement; anything else `default`. */
function defaultPlacements(target: Omit<ProbeTarget, 'shape' | 'placements'>): readonly Placement[] {
	const cell = labProfileCells().find((entry) => entry.id === target.lab?.profile);
	return [cell?.cell.placement ?? 'default'];
}

function capProblem(name: string, value: number | null): TargetProblem | null {
	if (value === null || (value >= labCapRange.min && value <= labCapRange.max)) return null;
	return {
		field: 'labScale',
		message: `the lab profile's ${name} at this --lab-scale is ${value} Gbps, outside what the lab shapes (${labCapRange.min} to ${labCapRange.max} Gbps)`,
		hint: 'use a smaller --lab-scale',
	};
}

/** The shaping of every pair, now: profile exists, caps within range, flow cap <= aggregate cap, jitter needs rtt. */
function problems(target: ProbeTarget): readonly TargetProblem[] {
	const found: TargetProblem[] = [];
	for (const placement of target.placements) {
		try {
			const spec = resolveLabShaping(target.lab, placement);
			for (const problem of [
				capProblem('per-flow cap', spec.flowCapGbps),
				capProblem('aggregate cap', spec.aggregateCapGbps),
			]) {
				if (problem !== null && !found.some((known) => known.message === problem.message)) found.push(problem);
			}
		} catch (error: unknown) {
			if (!(error instanceof UserError)) throw error;
			if (!found.some((known) => known.message === error.message)) {
				found.push({field: null, message: error.message, ...(error.hint ? {hint: error.hint} : {})});
			}
		}
	}

	return found;
}

export const labFacts: ProviderFacts = {
	id: 'lab',
	billed: false,
	summary: 'local namespaces shaped by tc; needs root',
	placements: allPlacements,
	placementChoices: ['default'],
	fields: ['shape', 'labProfile', 'labScale', 'flowCap', 'aggregateCap', 'rtt', 'jitter', 'loss', 'overSsh'],
	cleanupFields: [],
	defaults: {shape: null},
	defaultPlacements,
	formFields,
	resolveShape,
	problems,
};

import {describe, expect, it} from 'vitest';
import {lineText} from '../../../source/present/lines.js';
import {probeRunLines, teardownLine} from '../../../source/present/probe-result-lines.js';
import {pairTableCells, pairTableLines} from '../../../source/present/probe-tables.js';
import {themeFor} from '../../../source/present/theme.js';
import {runLabel} from '../../../source/probe/run-label.js';
import {defaultProbeSettings, type ProbeRun, type StepRef} from '../../../source/probe/types.js';
import type {ProbeTarget} from '../../../source/providers/provider.js';
import {checkForm, initialFormValues, visibleFields} from '../../../source/ui/screens/probe/probe-form.js';
import {
	emptyProgress,
	endProgress,
	progressReducer,
	visibleNotes,
} from '../../../source/ui/screens/probe/probe-progress.js';
import {initialProbeState, probeReducer} from '../../../source/ui/screens/probe/probe-reducer.js';
import {initialSaveState, saveReducer} from '../../../source/ui/screens/save/save-reducer.js';

describe('result screen reducer', () => {
	it('names, rejects, cancels and records a save', () => {
		let state = saveReducer(initialSaveState, {type: 'start-naming'});
		state = saveReducer(state, {type: 'type-text', text: 'aws\n'});
		state = saveReducer(state, {type: 'erase'});
		expect(state).toMatchObject({mode: 'naming', draft: 'aw'});
		state = saveReducer(state, {type: 'save-failed', error: 'invalid profile name'});
		expect(state.error).toBe('invalid profile name');
		expect(saveReducer(state, {type: 'cancel-naming'})).toMatchObject({mode: 'view', draft: '', error: null});
		const saved = saveReducer(state, {type: 'saved', name: 'aw', path: '/x/config.json'});
		expect(saved).toMatchObject({
			mode: 'saved',
			saved: {name: 'aw', path: '/x/config.json', recoveredFrom: null},
			error: null,
		});
		expect(saveReducer(saved, {type: 'type-text', text: 'z'})).toBe(saved);
	});
});

describe('probe form', () => {
	it('shows the lab fields by default and the cloud flags for a cloud', () => {
		const lab = initialFormValues();
		expect(visibleFields(lab).map((field) => field.id)).toEqual([
			'provider',
			'labProfile',
			'labScale',
			'rtt',
			'jitter',
			'loss',
			'streams',
			'duration',
			'repeat',
			'sustained',
			'cc',
		]);
		const aws = {...lab, provider: 'aws'};
		expect(visibleFields(aws).map((field) => field.label)).toEqual([
			'--provider',
			'--shape',
			'--region',
			'--zone',
			'--vpc',
			'--subnet',
			'--ena-express',
			'--price',
			'--ssh-cidr',
			'--placement',
			'--streams',
			'--duration',
			'--repeat',
			'--sustained',
			'--cc',
		]);
		expect(visibleFields({...lab, provider: 'gcp'}).map((field) => field.id)).toContain('project');
		expect(visibleFields({...lab, labProfile: 'custom'}).map((field) => field.id)).toContain('flowCap');
	});

	it('turns the lab defaults into a target and settings', () => {
		const check = checkForm(initialFormValues());
		expect(check).toEqual({
			ok: true,
			request: {
				provider: 'lab',
				target: {shape: 'aws/c8g.4xlarge', placements: ['default'], lab: {profile: 'aws/c8g.4xlarge/default'}},
				settings: {...defaultProbeSettings, streams: [1, 8], durationSeconds: 20, repeat: 1, sustainedSeconds: null},
			},
		});
	});

	it('collects every problem with the CLI flag names', () => {
		const check = checkForm({...initialFormValues(), provider: 'aws', shape: 'c8g;rm', streams: '1,x', duration: '0'});
		expect(check.ok).toBe(false);
		const errors = check.ok ? [] : check.errors.join('\n');
		expect(errors).toMatch(/--shape/);
		expect(errors).toMatch(/--streams/);
		expect(errors).toMatch(/--duration/);
		// Every missing or bad field at once, not just the first: a cloud without --ssh-cidr says so too.
		expect(errors).toMatch(/--ssh-cidr/);
		const custom = checkForm({
			...initialFormValues(),
			labProfile: 'custom',
			flowCap: '1',
			aggregateCap: '3',
			rtt: '0.5',
		});
		expect(custom.ok && custom.request.target.lab).toEqual({flowCapGbps: 1, aggregateCapGbps: 3, rttMs: 0.5});
	});
});

const step = (id: string, kind: StepRef['kind'], label: string): StepRef => ({
	id,
	kind,
	label,
	placement: kind === 'provision' || kind === 'teardown' ? null : 'default',
});

describe('probe progress and screen reducers', () => {
	it('folds events into one line per step; finished lines form the static prefix', () => {
		const steps = [
			step('provision', 'provision', 'provision'),
			step('default/streams-1/r1', 'streams', '1 stream'),
			step('teardown', 'teardown', 'tear down'),
		];
		let progress = progressReducer(emptyProgress, {type: 'plan', runId: 'np-1', steps});
		progress = progressReducer(progress, {type: 'step-started', step: steps[0]!});
		progress = progressReducer(progress, {
			type: 'step-done',
			stepId: 'provision',
			figures: {kind: 'none'},
			text: 'ready',
		});
		progress = progressReducer(progress, {type: 'step-started', step: steps[1]!});
		progress = progressReducer(progress, {type: 'progress', stepId: 'default/streams-1/r1', fraction: 0.5, gbps: 0.9});
		expect(progress.lines[1]).toMatchObject({status: 'running', fraction: 0.5, gbps: 0.9});
		// A run that ends (interrupted) with this step running stops it: no spinner left under the verdict.
		expect(endProgress(progress).lines.map((line) => line.status)).toEqual(['done', 'stopped', 'pending']);
		progress = progressReducer(progress, {type: 'step-failed', stepId: 'default/streams-1/r1', message: 'refused'});
		progress = progressReducer(progress, {type: 'teardown-done', report: {complete: true, left: []}});
		expect(progress.lines.map((line) => line.status)).toEqual(['done', 'failed', 'done']);
		for (const text of [
			'created namespace a',
			'waiting for pair 0',
			'RTT target below the floor',
			'created namespace b',
		]) {
			progress = progressReducer(progress, {type: 'note', text});
		}

		expect(visibleNotes(progress, false)).toEqual([
			'waiting for pair 0',
			'RTT target below the floor',
			'created namespace b',
		]);
		expect(visibleNotes(progress, true)).toEqual(['RTT target below the floor']);
	});

	it('goes setup -> planning -> plan -> running -> aborting -> done; a second interrupt is noted', () => {
		let state = probeReducer(initialProbeState(), {type: 'submit'});
		expect(state.phase).toBe('planning');
		const plan = {
			provider: 'lab' as const,
			shape: 'custom',
			region: null,
			zone: null,
			resources: [],
			holdSeconds: 50,
			instances: 2,
			pricePerHour: null,
			priceSource: null,
			estimatedCostUsd: null,
			warnings: [],
		};
		state = probeReducer(state, {type: 'plan-ready', plan});
		expect(probeReducer(state, {type: 'back'}).phase).toBe('setup');
		state = probeReducer(state, {type: 'start'});
		state = probeReducer(state, {type: 'interrupt'});
		expect(state).toMatchObject({phase: 'aborting', interrupted: true, ignoredInterrupt: false});
		state = probeReducer(state, {type: 'interrupt'});
		expect(state.ignoredInterrupt).toBe(true);
		const run: ProbeRun = {
			runId: 'np-1',
			provider: 'lab',
			shape: 'custom',
			region: null,
			pairs: [],
			teardown: {complete: true, left: []},
			aborted: true,
		};
		state = probeReducer(state, {type: 'finished', run, measurements: []});
		expect(state.phase).toBe('done');
		expect(teardownLine(run, state.interrupted)).toBe('Interrupted: teardown complete, nothing left behind.');
	});

	it('one run of several: its label heads the progress, and its steps replace the last run’s', () => {
		const pair = (nodes: readonly [string, string], network: 'pod' | 'host'): ProbeTarget => ({
			shape: 'aws/c5.xlarge',
			placements: ['default'],
			path: nodes[0] === 'a-1' ? 'same-zone' : 'cross-zone',
			k8s: {nodes, network, image: 'i'},
		});
		expect(runLabel(pair(['a-1', 'a-2'], 'pod'), 0, 4)).toBe('run 1 of 4: a-1 -> a-2 (same-zone), pod network');
		expect(runLabel(pair(['a-3', 'b-1'], 'host'), 3, 4)).toBe('run 4 of 4: a-3 -> b-1 (cross-zone), host network');
		expect(runLabel(pair(['a-1', 'a-2'], 'pod'), 0, 1)).toBeNull();
		let state = probeReducer(initialProbeState(), {type: 'run-started', label: 'run 1 of 4: x'});
		expect(state.progress.runLabel).toBeNull();
		state = {...state, phase: 'running'};
		const step: StepRef = {id: 'provision', label: 'provision', placement: null, kind: 'provision'};
		state = probeReducer(state, {type: 'event', event: {type: 'plan', runId: 'np-1', steps: [step]}});
		state = probeReducer(state, {type: 'run-started', label: 'run 2 of 4: y'});
		expect(state.progress).toMatchObject({runLabel: 'run 2 of 4: y', lines: []});
		state = probeReducer(state, {type: 'event', event: {type: 'plan', runId: 'np-2', steps: [step]}});
		expect(state.progress).toMatchObject({runLabel: 'run 2 of 4: y', runId: 'np-2'});
	});

	it('a bad form stays in setup with its errors; a plan failure returns to setup', () => {
		const bad = probeReducer(initialProbeState({...initialFormValues(), repeat: '0'}), {type: 'submit'});
		expect(bad.phase).toBe('setup');
		expect(bad.errors.join()).toMatch(/--repeat/);
		const planning = probeReducer(initialProbeState(), {type: 'submit'});
		const failed = probeReducer(planning, {type: 'plan-failed', message: 'the lab needs root'});
		expect(failed).toMatchObject({phase: 'setup', errors: ['the lab needs root']});
	});
});

describe('probe results', () => {
	const pair = {
		placement: 'default' as const,
		published: {gbps: 2.1, kind: 'lab-cap' as const},
		results: [
			{streams: 1, gbps: 1.9, min: 1.9, max: 1.9, samples: 1, retransmits: 0},
			{streams: 8, gbps: 1.95, min: 1.95, max: 1.95, samples: 1, retransmits: 4},
		],
		rtt: {medianMs: 0.17, avgMs: 0.19, mdevMs: 0.03},
		perFlowCeiling: {present: false, singleToAggregate: 0.97},
		percentOfPublished: 92.9,
		sustained: null,
	};

	it('gives the table row and the "none detected" verdict', () => {
		expect(pairTableCells(pair)).toEqual({
			placement: 'default',
			'1 flow': '1.9',
			aggregate: '1.95 (8)',
			'1/agg': '0.97',
			'% of': '92.9% of lab cap',
			'RTT med/avg/mdev ms': '0.170/0.190/0.030',
			retr: '0/4',
		});
		// Unknown is the one missing mark, in every cell.
		expect(pairTableCells({...pair, results: [], rtt: null, percentOfPublished: null})).toMatchObject({
			'1 flow': '-',
			aggregate: '-',
			'% of': '-',
			'RTT med/avg/mdev ms': '-',
			retr: '-',
		});
		const run: ProbeRun = {
			runId: 'np-1',
			provider: 'lab',
			shape: 'custom',
			region: null,
			pairs: [pair],
			teardown: {complete: false, left: [{kind: 'netns', id: 'np-1-a', deleteCommand: 'ip netns del np-1-a'}]},
		};
		const text = probeRunLines(run, {width: 80}).map(lineText);
		expect(text).toContain('  per-flow ceiling: one flow gets 97% of the aggregate: none detected');
		// At 80 columns the pair's row keeps placement to % of, right-aligned under its header.
		expect(pairTableLines(run, 80).map(lineText)).toEqual([
			'placement  1 flow  aggregate  1/agg              % of',
			'default       1.9   1.95 (8)   0.97  92.9% of lab cap',
		]);
		expect(teardownLine(run, false)).toBe('teardown left 1 resource(s): netns np-1-a (ip netns del np-1-a)');
	});
});

describe('theme', () => {
	it('turns colour off under NO_COLOR', () => {
		expect(themeFor({NO_COLOR: '1'}).colorEnabled).toBe(false);
		expect(themeFor({NO_COLOR: '1'}).verdict.do).toBeUndefined();
		expect(themeFor({}).verdict.avoid).toBe('red');
		expect(themeFor({NO_COLOR: ''}).colorEnabled).toBe(true);
	});
});

// One answer for both faces (issue 8): the same workload typed as flags (`advise --json` on the CLI's command line)
// and answered by keystrokes in the wizard gives the same Advice, deep-equal — steps, notes, configurations
// and bandwidth table — with no stored probe results, and with stored results in the config folder (a
// complete run of a cell in scope, which changes the answer, beside an aborted run of the same cell that
// must never be evidence). The wizard's Advice is the one it hands the profile store on `s`.

import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {render} from 'ink-testing-library';
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import type {Advice} from '../../source/domain/types.js';
import {aggregateSamples} from '../../source/probe/aggregate.js';
import {saveProbeRun} from '../../source/probe/probe-results.js';
import type {ProbeRun} from '../../source/probe/types.js';
import {predictionReplacer} from '../../source/sizing/prediction-json.js';
import type {ProfileEntry} from '../../source/ui/screens/save/profile-saver.js';
import {WizardApp} from '../../source/ui/screens/wizard/wizard-app.js';
import {runInProcess} from '../cli/in-process.js';
import {settleBackgroundLoads} from '../helpers/settle-background-loads.js';
import {answerTheRest, type InkHandle, keys, press, waitForContent} from '../ui/screens/ink-keys.js';

settleBackgroundLoads();

/** An AWS run of c8gn.4xlarge in a cluster group, at 1 and 8 streams; `aborted` marks it interrupted. */
function awsRun(runId: string, singleGbps: number, aggregateGbps: number, aborted = false): ProbeRun {
	return {
		runId,
		provider: 'aws',
		shape: 'c8gn.4xlarge',
		region: 'us-west-2',
		pairs: [
			{
				placement: 'cluster',
				published: {gbps: 50, kind: 'base-and-peak'},
				results: [
					aggregateSamples(1, [{gbps: singleGbps, retransmits: 0}]),
					aggregateSamples(8, [{gbps: aggregateGbps, retransmits: 4}]),
				],
				rtt: {medianMs: 0.08, avgMs: 0.09, mdevMs: 0.01},
				perFlowCeiling: {present: true, singleToAggregate: round2(singleGbps / aggregateGbps)},
				percentOfPublished: round2((aggregateGbps / 50) * 100),
				sustained: null,
			},
		],
		teardown: {complete: true, left: []},
		labProfile: null,
		finishedAt: '2026-11-30T10:00:00.000Z',
		settings: {streams: [1, 8], durationSeconds: 10, repeat: 1, sustainedSeconds: null, pingCount: 50},
		...(aborted ? {aborted: true} : {}),
	};
}

function round2(value: number): number {
	return Math.round(value * 100) / 100;
}

/** A workload as flags, and the keys that answer the same in the wizard. */
interface Case {
	readonly name: string;
	readonly flags: readonly string[];
	readonly answer: (app: InkHandle) => Promise<void>;
}

async function moveTo(app: InkHandle, option: string, key: string): Promise<void> {
	for (let step = 0; step < 8 && !(app.lastFrame() ?? '').includes(`❯ ${option}`); step++) {
		const before = app.lastFrame();
		await press(app, key, (frame) => frame !== before);
	}

	expect(app.lastFrame()).toContain(`❯ ${option}`);
}

const cases: readonly Case[] = [
	{
		name: 'AWS, 4 streams, fault isolation, 30 Gbps',
		flags: ['--cloud', 'aws', '--streams', '4', '--fault-isolation', '--min-gbps', '30'],
		async answer(app) {
			await moveTo(app, 'AWS', keys.up);
			await press(app, keys.enter, '2 of 13');
			await moveTo(app, '4', keys.down);
			await press(app, keys.enter, '3 of 13');
			await press(app, 'n', '4 of 13');
			await press(app, 'y', '5 of 13');
			await press(app, keys.enter, '6 of 13');
			await moveTo(app, 'Type a figure', keys.down);
			await press(app, keys.enter, 'Aggregate Gbps needed');
			await press(app, '30\r', '7 of 13');
			await press(app, 'n', '8 of 13');
		},
	},
	{
		name: 'any cloud, 8 streams, sustained, live migration kept',
		flags: ['--cloud', 'any', '--streams', '8', '--sustained', '--keep-live-migration'],
		async answer(app) {
			await moveTo(app, 'Any of them', keys.down);
			await press(app, keys.enter, '2 of 13');
			await moveTo(app, '8', keys.down);
			await press(app, keys.enter, '3 of 13');
			await press(app, 'n', '4 of 13');
			await press(app, 'n', '5 of 13');
			await press(app, keys.enter, '6 of 13');
			await press(app, keys.enter, '7 of 13');
			await press(app, 'y', '8 of 13');
			await press(app, 'y', '9 of 13');
		},
	},
	{
		name: 'AWS, 8 streams, 50 TB within 6 h (the target is the transfer’s)',
		flags: ['--cloud', 'aws', '--streams', '8', '--transfer', '50TB', '--within', '6h'],
		async answer(app) {
			await moveTo(app, 'AWS', keys.up);
			await press(app, keys.enter, '2 of 13');
			await moveTo(app, '8', keys.down);
			await press(app, keys.enter, '3 of 13');
			await press(app, 'n', '4 of 13');
			await press(app, 'n', '5 of 13');
			await moveTo(app, 'Type a size and a time', keys.down);
			await press(app, keys.enter, 'Size and time');
			// The transfer says how long it runs: the sustained question is no longer asked (12 questions).
			await press(app, '50TB in 6h\r', '6 of 12');
			await press(app, keys.enter, '7 of 12');
		},
	},
];

/** The wizard from its first question: the keys, the rest skipped, then `s` hands the Advice to the store. */
async function wizardAdvice(workloadCase: Case): Promise<Advice> {
	const save = vi.fn((_name: string, _entry: ProfileEntry) => undefined);
	const app = render(<WizardApp profileStore={{save, path: '/nowhere/config.json'}} columns={100} />);
	try {
		await waitForContent(app, '1 of 13');
		await workloadCase.answer(app);
		await answerTheRest(app);
		await waitForContent(app, 'streams to open');
		await press(app, 's', 'Profile name:');
		await press(app, 'parity', 'parity');
		await press(app, keys.enter, () => save.mock.calls.length > 0);
		const entry = save.mock.calls[0]?.[1];
		if (!entry) throw new Error('the wizard saved nothing');
		// Through the JSON face (a bound written as {atLeast}), as advise --json writes it.
		return JSON.parse(JSON.stringify(entry.advice, predictionReplacer)) as Advice;
	} finally {
		app.unmount();
	}
}

async function cliAdvice(workloadCase: Case, configDir: string): Promise<Advice> {
	const result = await runInProcess(['advise', ...workloadCase.flags, '--json'], {configDir});
	expect(result.stderr).toBe('');
	expect(result.status).toBe(0);
	return JSON.parse(result.stdout) as Advice;
}

describe('the same workload through flags and through keystrokes gives the same Advice', () => {
	let configDir: string;
	let withoutResults: Map<string, Advice>;
	let savedComplete = false;
	beforeAll(() => {
		configDir = mkdtempSync(join(tmpdir(), 'netplace-parity-'));
		// The wizard in this process reads the same folder as the CLI it runs.
		process.env['NETPLACE_CONFIG_DIR'] = configDir;
		withoutResults = new Map();
	});
	afterAll(() => {
		delete process.env['NETPLACE_CONFIG_DIR'];
		rmSync(configDir, {recursive: true, force: true});
	});

	it.each(cases)('$name, no stored probe results', async (workloadCase) => {
		const cli = await cliAdvice(workloadCase, configDir);
		const wizard = await wizardAdvice(workloadCase);
		expect(wizard).toEqual(cli);
		// Over the whole catalogue, not the study's four shapes: the same configurations `size` ranks, both
		// being answer() (session/answer.ts), size asking for the search alone.
		expect(cli.configurations.length).toBeGreaterThan(0);
		const sized = await runInProcess(['size', ...workloadCase.flags, '--json'], {configDir});
		expect(sized.status).toBe(0);
		expect((JSON.parse(sized.stdout) as Advice).configurations).toEqual(cli.configurations);
		expect(cli.steps.length).toBeGreaterThan(0);
		withoutResults.set(workloadCase.name, cli);
	});

	it('an aborted run alone is kept but is evidence in neither face', async () => {
		await saveProbeRun(awsRun('np-parity-aborted', 2.2, 7.5, true));
		for (const workloadCase of cases) {
			const cli = await cliAdvice(workloadCase, configDir);
			expect(cli).toEqual(withoutResults.get(workloadCase.name));
			expect(await wizardAdvice(workloadCase)).toEqual(cli);
		}
	});

	it.each(cases)('$name, with a stored complete run (and the aborted one)', async (workloadCase) => {
		if (!savedComplete) await saveProbeRun(awsRun('np-parity-complete', 6.1, 31.4));
		savedComplete = true;

		const cli = await cliAdvice(workloadCase, configDir);
		// The stored run is read: its cell is a probe row, and the answer is not the one without it.
		expect(cli.bandwidth.some((row) => row.source === 'probe' && row.shape === 'c8gn.4xlarge')).toBe(true);
		expect(cli).not.toEqual(withoutResults.get(workloadCase.name));
		const wizard = await wizardAdvice(workloadCase);
		expect(wizard).toEqual(cli);
	});
});

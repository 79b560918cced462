// The wizard's card and `size` give the same answer for the same workload: the card on screen is the one
// for size(workload, catalogue, evidence) — the call `netplace size` makes — and after a what-if key it is
// the one for the workload the flags on screen (`what-if: netplace size …`) describe, parsed by the CLI's own
// argv parser and workload builder. Also `advise --format markdown` on the CLI prints the same card.

import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {render} from 'ink-testing-library';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {parseArgv} from '../../source/cli/parse-argv.js';
import {referenceMeasurements} from '../../source/domain/study-cells.js';
import {defaultWorkload, type Workload} from '../../source/domain/types.js';
import {cardLines} from '../../source/present/card-lines.js';
import {lineText, unwrapped} from '../../source/present/lines.js';
import {markdownLines} from '../../source/present/paint-markdown.js';
import {recommendationCard} from '../../source/present/recommendation-card.js';
import {workloadFromFlags} from '../../source/request/workload-flags.js';
import {defaultSizingEngine} from '../../source/session/default-sizing-engine.js';
import {ProfileStore} from '../../source/stores/profile-store.js';
import {WizardApp} from '../../source/ui/screens/wizard/wizard-app.js';
import {tempConfigDir} from '../cli/helpers.js';
import {runInProcess} from '../cli/in-process.js';
import {settleBackgroundLoads} from '../helpers/settle-background-loads.js';
import {keys, press, waitForContent} from '../ui/screens/ink-keys.js';

settleBackgroundLoads();

let cwd: string;
beforeEach(() => {
	cwd = mkdtempSync(join(tmpdir(), 'netplace-parity-'));
});
afterEach(() => {
	rmSync(cwd, {recursive: true, force: true});
});

const engine = await defaultSizingEngine();

/** The card's text as `size()` gives it for a workload, at a width. */
function expectedCard(workload: Workload, width: number): string[] {
	const result = engine.size(workload, referenceMeasurements());
	return cardLines(recommendationCard(result, workload), width).map((line) => lineText(line).trimEnd());
}

/** The workload the `what-if:` / `same as:` line on screen stands for, built as the CLI builds it. */
function workloadOnScreen(frame: string): Workload {
	const line = /(?:what-if|same as): netplace size (.+)/.exec(frame)?.[1] ?? '';
	const {flags, given} = parseArgv(line.trim().split(/\s+/));
	return workloadFromFlags(flags, given);
}

function screenLines(frame: string): string[] {
	return frame.split('\n').map((line) => line.trimEnd());
}

describe('one answer in the wizard and in size', () => {
	it('the card on screen is size()’s for the workload, before and after what-if keys', async () => {
		const workload = {...defaultWorkload, cloud: 'aws' as const, streams: 4, minGbps: 30};
		const app = render(
			<WizardApp
				profileStore={new ProfileStore({folder: cwd})}
				columns={100}
				initialWorkload={workload}
				skipQuestions
			/>,
		);
		let frame = await waitForContent(app, 'streams to open');
		expect(workloadOnScreen(frame)).toEqual(workload);
		const card = expectedCard(workload, 100);
		expect(screenLines(frame).join('\n')).toContain(card.join('\n'));
		// Same configuration, figures and verdict as size() ranked first.
		const first = engine.size(workload, referenceMeasurements()).configurations[0]!;
		expect(frame).toContain(`shape: ${first.cloud} ${first.shape}`);
		expect(first.meetsTarget).toBe(true);

		for (const [key, expected] of [
			[keys.left, '--streams 2 '],
			[keys.left, '--streams 1 '],
			['g', '--placement default'],
			['g', '--placement cluster'],
			['x', '--ena-express'],
			['+', '--min-gbps 40'],
		] as const) {
			frame = await press(app, key, expected);
			const changed = workloadOnScreen(frame);
			expect(screenLines(frame).join('\n'), `after ${expected}`).toContain(expectedCard(changed, 100).join('\n'));
		}

		expect(workloadOnScreen(frame)).toMatchObject({streams: 1, placement: 'cluster', enaExpress: true, minGbps: 40});
		// One pair cannot carry 40 Gbps on one stream: the plan takes as many pairs as it needs (DESIGN.md "The plan").
		expect(frame).toMatch(/Meets 40 Gbps with at most 1 stream on \d+ pairs of hosts/);
		app.unmount();
	});

	it('answered by keystrokes, shape by type-ahead: the card is size()’s for the workload the answers make', async () => {
		const app = render(<WizardApp profileStore={new ProfileStore({folder: cwd})} columns={100} />);
		await waitForContent(app, 'Which cloud?');
		await press(app, keys.up, '❯ OCI');
		await press(app, keys.up, '❯ GCP');
		await press(app, keys.up, '❯ AWS');
		await press(app, keys.enter, 'How many parallel connections');
		await press(app, keys.down, '❯ 2');
		await press(app, keys.down, '❯ 4');
		await press(app, keys.enter, 'latency-sensitive');
		await press(app, 'n', 'fault isolation');
		await press(app, 'n', 'How much data, and by when?');
		await press(app, keys.enter, 'How much aggregate bandwidth');
		await press(app, keys.down, '❯ Type a figure');
		await press(app, keys.enter, 'Aggregate Gbps needed');
		// The figure and Enter in one write, as a paste or a fast typist sends them.
		await press(app, `30${keys.enter}`, 'longer than five minutes');
		await press(app, 'n', 'Where does the traffic go?');
		await press(app, keys.enter, 'Which CPU architecture');
		await press(app, keys.enter, 'vCPUs');
		await press(app, keys.enter, 'memory');
		await press(app, keys.enter, 'Which region');
		await press(app, keys.enter, 'shape you have or are considering');
		await press(app, keys.down, '❯ Pick from the catalogue');
		await press(app, keys.enter, 'Which shape? Type part of its name');
		const picking = await press(app, 'c8gn.4x', '❯ c8gn.4xlarge');
		expect(picking).toMatch(/published.*50 Gbps/);
		const frame = await press(app, keys.enter, 'streams to open');
		const workload: Workload = {...defaultWorkload, cloud: 'aws', streams: 4, minGbps: 30, shapes: ['c8gn.4xlarge']};
		expect(workloadOnScreen(frame)).toEqual(workload);
		expect(screenLines(frame).join('\n')).toContain(expectedCard(workload, 100).join('\n'));
		const first = engine.size(workload, referenceMeasurements()).configurations[0]!;
		expect(first).toMatchObject({shape: 'c8gn.4xlarge', meetsTarget: true});
		expect(frame).toContain(`shape: aws c8gn.4xlarge`);
		app.unmount();
	});

	it('a transfer answered in the wizard is --transfer/--within: the same workload, target and card as size', async () => {
		const app = render(
			<WizardApp
				profileStore={new ProfileStore({folder: cwd})}
				columns={100}
				initialWorkload={{...defaultWorkload, cloud: 'aws', streams: 8}}
			/>,
		);
		await waitForContent(app, 'Which cloud?');
		for (const title of ['How many parallel', 'latency-sensitive', 'fault isolation', 'How much data, and by when?']) {
			await press(app, keys.enter, title);
		}
		await press(app, keys.down, '❯ Type a size and a time');
		await press(app, keys.enter, 'Size and time, e.g. 50TB in 6h');
		const refused = await press(app, '50,', 'is not part of a size or a time here');
		expect(refused).toContain('50');
		await press(app, `TB in 6h${keys.enter}`, '❯ The transfer’s: 18.52 Gbps (50TB in 6h)');
		// Enter keeps the transfer's target; "longer than five minutes" is not asked (the transfer says how long).
		const path = await press(app, keys.enter, 'Where does the traffic go?');
		expect(path).not.toContain('longer than five minutes');
		await press(app, keys.enter, 'Which CPU architecture');
		for (const title of ['vCPUs', 'memory', 'Which region', 'shape you have or are considering']) {
			await press(app, keys.enter, title);
		}
		const frame = await press(app, keys.enter, 'streams to open');
		expect(frame).toContain('same as: netplace size --cloud aws --streams 8 --transfer 50TB --within 6h');
		const {flags, given} = parseArgv(['--cloud', 'aws', '--streams', '8', '--transfer', '50TB', '--within', '6h']);
		const fromFlags = workloadFromFlags(flags, given);
		expect(fromFlags.minGbps).toBe(18.52);
		expect(workloadOnScreen(frame)).toEqual(fromFlags);
		expect(screenLines(frame).join('\n')).toContain(expectedCard(fromFlags, 100).join('\n'));
		expect(frame).toMatch(/transfer\s.*50 TB in /);
		expect(frame).toContain('50 TB within 6.0 h');
		app.unmount();
	});

	it('advise --format markdown prints the card size() gives (the CLI)', async () => {
		const configDir = tempConfigDir();
		try {
			const result = await runInProcess(
				['advise', '--cloud', 'gcp', '--streams', '8', '--min-gbps', '30', '--format', 'markdown'],
				{
					configDir,
				},
			);
			expect(result.status).toBe(0);
			const workload = {...defaultWorkload, cloud: 'gcp' as const, streams: 8, minGbps: 30};
			const card = recommendationCard(engine.size(workload, referenceMeasurements()), workload);
			expect(result.stdout).toContain(`**${card.headline}**`);
			// The whole card as present/ lays it out, painted as Markdown: the file lays out nothing itself.
			expect(result.stdout).toContain(markdownLines(cardLines(card, unwrapped)).join('\n'));
			expect(result.stdout).toContain(`- ${card.figures[0]?.label}: ${card.figures[0]?.value}`);

			expect(result.stdout).toContain('## Recommended decision order');
			const bad = await runInProcess(['advise', '--format', 'yaml'], {configDir});
			expect(bad.status).toBe(2);
			expect(bad.stderr.trim()).toBe('netplace: --format must be text, markdown or json (got "yaml")');
		} finally {
			rmSync(configDir, {recursive: true, force: true});
		}
	});
});

// One answer, three faces (issue 24): the steps `advise --json` gives are the steps the text output shows at
// 80 columns, the Markdown export writes and the wizard's result screen shows, each laid out by present/
// once; and the card's DO steps are its own configuration.

import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {render} from 'ink-testing-library';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Advice} from '../../source/domain/types.js';
import {defaultWorkload} from '../../source/domain/types.js';
import {verdictLabels} from '../../source/present/labels.js';
import {parseWorkload, type WorkloadInput} from '../../source/request/workload.js';
import {ProfileStore} from '../../source/stores/profile-store.js';
import {WizardApp} from '../../source/ui/screens/wizard/wizard-app.js';
import {runInProcess} from '../cli/in-process.js';
import {settleBackgroundLoads} from '../helpers/settle-background-loads.js';
import {waitForContent} from '../ui/screens/ink-keys.js';

settleBackgroundLoads();

const flags = ['--cloud', 'aws', '--streams', '1'];
/** Words with single spaces between them (wrapped lines, padding and colour codes aside). */
const squashed = (text: string) =>
	// biome-ignore lint/suspicious/noControlCharactersInRegex: strips the ESC of ANSI colour codes
	text.replaceAll(/\u001B\[[0-9;]*m/g, '').replaceAll(/\s+/g, ' ');

/** Workloads of each kind, as flags and as the wizard's answers: every face must show the same steps. */
const workloads: readonly {readonly flags: readonly string[]; readonly input: WorkloadInput}[] = [
	{flags, input: {cloud: 'aws', streams: 1}},
	{flags: ['--cloud', 'gcp', '--latency-sensitive'], input: {cloud: 'gcp', latencySensitive: true}},
	{flags: ['--cloud', 'oci', '--fault-isolation'], input: {cloud: 'oci', faultIsolation: true}},
	{
		flags: ['--cloud', 'aws', '--streams', '8', '--min-gbps', '20', '--path', 'cross-zone'],
		input: {cloud: 'aws', streams: 8, minGbps: 20, path: 'cross-zone'},
	},
	{
		flags: ['--cloud', 'aws', '--streams', '8', '--transfer', '50TB', '--within', '6h'],
		input: {cloud: 'aws', streams: 8, transferBytes: '50TB', withinSeconds: '6h'},
	},
];

let configDir: string;
let advice: Advice;
beforeAll(async () => {
	configDir = mkdtempSync(join(tmpdir(), 'netplace-faces-'));
	process.env['NETPLACE_CONFIG_DIR'] = configDir;
	const result = await runInProcess(['advise', ...flags, '--json'], {configDir});
	expect(result.status).toBe(0);
	advice = JSON.parse(result.stdout) as Advice;
});
afterAll(() => {
	delete process.env['NETPLACE_CONFIG_DIR'];
	rmSync(configDir, {recursive: true, force: true});
});

describe('the decision order in every face', () => {
	it('the card and the DO steps are one configuration (aws, one stream: a cluster group)', async () => {
		const pick = advice.configurations[0];
		expect(pick?.placement).toBe('cluster');
		const cluster = advice.steps.find((step) => step.id === 'cluster-placement');
		expect(cluster).toMatchObject({verdict: 'do'});
		// The pick rests on its baseline (no transfer length given): one flow 4.96 → its cluster figure within it.
		expect(cluster?.title).toMatch(
			/^cluster placement group: one flow 4\.96 → [\d.]+ Gbps \([\d.]+×\), RTT [\d.]+ → [\d.]+ ms$/,
		);
		expect(advice.steps[0]?.id).toBe('parallelise');
	});

	it('text at 80 columns: each step once, rank, verdict, title and why, no line over 80', async () => {
		const result = await runInProcess(['advise', ...flags], {configDir, env: {COLUMNS: '80'}});
		expect(result.status).toBe(0);
		const text = squashed(result.stdout);
		for (const step of advice.steps) {
			expect(text).toContain(squashed(`${step.rank}. ${verdictLabels[step.verdict]} ${step.title} ${step.why}`));
		}

		expect(result.stdout.split('\n').filter((line) => line.length > 80)).toEqual([]);
	});

	it('--format markdown: the same steps, verdicts and titles in bold, the why under each', async () => {
		const result = await runInProcess(['advise', ...flags, '--format', 'markdown'], {configDir});
		expect(result.status).toBe(0);
		expect(result.stdout).toContain('## Recommended decision order');
		for (const step of advice.steps) {
			expect(result.stdout).toContain(
				`${step.rank}. **[${verdictLabels[step.verdict]}]** **${step.title}**\n   ${step.why}`,
			);
		}
	});

	it("the wizard's result screen at 80 columns shows the same steps", async () => {
		const cwd = mkdtempSync(join(tmpdir(), 'netplace-faces-wizard-'));
		const app = render(
			<WizardApp
				profileStore={new ProfileStore({folder: cwd})}
				columns={80}
				rows={400}
				initialWorkload={{...defaultWorkload, cloud: 'aws', streams: 1}}
				skipQuestions
			/>,
		);
		try {
			const frame = await waitForContent(app, 'Recommended decision order', 60_000);
			const shown = squashed(frame);
			for (const step of advice.steps) {
				expect(shown).toContain(squashed(`${step.rank}. ${verdictLabels[step.verdict]} ${step.title} ${step.why}`));
			}
		} finally {
			app.unmount();
			rmSync(cwd, {recursive: true, force: true});
		}
	});
});

describe('the same steps in every face, workload by workload', () => {
	for (const {flags: asked, input} of workloads) {
		it(`advise ${asked.join(' ')}: --json, text at 80, --format markdown and the wizard`, async () => {
			const json = await runInProcess(['advise', ...asked, '--json'], {configDir});
			expect(json.status).toBe(0);
			const steps = (JSON.parse(json.stdout) as Advice).steps;
			expect(steps.length).toBeGreaterThan(0);
			const lines = steps.map((step) =>
				squashed(`${step.rank}. ${verdictLabels[step.verdict]} ${step.title} ${step.why}`),
			);
			const text = await runInProcess(['advise', ...asked], {configDir, env: {COLUMNS: '80'}});
			expect(lines.filter((line) => !squashed(text.stdout).includes(line))).toEqual([]);
			const markdown = await runInProcess(['advise', ...asked, '--format', 'markdown'], {configDir});
			const written = steps.map(
				(step) => `${step.rank}. **[${verdictLabels[step.verdict]}]** **${step.title}**\n   ${step.why}`,
			);
			expect(written.filter((line) => !markdown.stdout.includes(line))).toEqual([]);
			const cwd = mkdtempSync(join(tmpdir(), 'netplace-faces-wizard-'));
			const app = render(
				<WizardApp
					profileStore={new ProfileStore({folder: cwd})}
					columns={80}
					rows={400}
					initialWorkload={parseWorkload(input)}
					skipQuestions
				/>,
			);
			try {
				const shown = squashed(await waitForContent(app, 'Recommended decision order', 60_000));
				expect(lines.filter((line) => !shown.includes(line))).toEqual([]);
			} finally {
				app.unmount();
				rmSync(cwd, {recursive: true, force: true});
			}
		}, 120_000);
	}
});

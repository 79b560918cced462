import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {render} from 'ink-testing-library';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {defaultWorkload} from '../../../source/domain/types.js';
import {ProfileStore} from '../../../source/stores/profile-store.js';
import {WizardApp} from '../../../source/ui/screens/wizard/wizard-app.js';
import {settleBackgroundLoads} from '../../helpers/settle-background-loads.js';
import {keys, press, waitForContent} from './ink-keys.js';

settleBackgroundLoads();

let cwd: string;
beforeEach(async () => {
	cwd = mkdtempSync(join(tmpdir(), 'netplace-wizard-'));
	await ProfileStore.preload();
});
afterEach(() => {
	rmSync(cwd, {recursive: true, force: true});
});

/** Enter on each optional sizing question (architecture, vCPUs, memory, region, shape) from `from` of `total`. */
async function skipSizingQuestions(app: Parameters<typeof press>[0], from: number, total: number): Promise<void> {
	for (let position = from; position < total; position++) {
		await press(app, keys.enter, `${position + 1} of ${total}`);
	}

	app.stdin.write(keys.enter);
}

describe('the wizard, by keystrokes', () => {
	it('answers every question, goes back with Esc, reaches the result, saves a profile and starts over', async () => {
		const store = new ProfileStore({folder: cwd, onRecovered: () => undefined});
		const onExit = vi.fn();
		const app = render(<WizardApp profileStore={store} columns={100} onExit={onExit} />);
		await waitForContent(app, '1 of 13');
		expect(app.lastFrame()).toContain('Which cloud?');
		expect(app.lastFrame()).toContain('❯ Any of them');

		await press(app, keys.up, '❯ OCI');
		await press(app, keys.up, '❯ GCP');
		await press(app, keys.up, '❯ AWS');
		await press(app, keys.enter, '2 of 13');
		expect(app.lastFrame()).toContain('parallel connections');

		await press(app, keys.escape, '1 of 13');
		expect(app.lastFrame()).toContain('❯ AWS');
		await press(app, keys.enter, '2 of 13');

		await press(app, keys.up, '❯ Type a number');
		await press(app, keys.enter, 'Parallel connections (a whole number');
		await press(app, '0', 'or more): 0');
		await press(app, keys.enter, 'Type an integer from 1 to 4096 (not 0).');
		await press(app, keys.backspace, (frame) => !frame.includes('Type an integer from 1 to 4096'));
		await press(app, '2', 'or more): 2');
		await press(app, keys.enter, '3 of 13');
		expect(app.lastFrame()).toContain('latency-sensitive');

		await press(app, 'y', '4 of 13');
		await press(app, 'n', '5 of 13');
		expect(app.lastFrame()).toContain('How much data, and by when?');
		await press(app, keys.enter, '6 of 13');
		expect(app.lastFrame()).toContain('aggregate bandwidth');
		await press(app, keys.enter, '7 of 13');
		await press(app, 'y', '8 of 13');
		await skipSizingQuestions(app, 8, 13);
		await waitForContent(app, 'Recommended decision order');

		const result = app.lastFrame() ?? '';
		expect(result).toContain('AWS, 2 streams, latency-sensitive, sustained > 5 min');
		// The decision order on the model (the same as `advise --cloud aws --streams 2 --latency-sensitive
		// --sustained`), as what-ifs on the card's configuration: streams first, then its cluster group (DO:
		// the card has it), then its shape.
		expect(result).toMatch(/1\. SATISFIED\s+parallel streams: your 2 collect/);
		expect(result).toMatch(/2\. DO\s+cluster placement group: 2 streams [\d.]+ → [\d.]+ Gbps/);
		expect(result).toContain('39.72 Gbps, 8 streams, aws c8gn.4xlarge default (one sample, us-west-2)');
		expect(result).toMatch(/c8gn\.4xlarge\s+cluster\s+9\.53/);
		expect(result).toContain('AWS (us-west-2)');
		expect(result).not.toContain('c4a-standard-16');
		expect(result).toContain('Measured versus published');
		expect(result).toContain('Notes');
		for (const line of result.split('\n')) {
			expect(line.length).toBeLessThanOrEqual(100);
		}

		await press(app, 's', 'Profile name:');
		await press(app, 'bad name', 'Profile name: bad name');
		await press(app, keys.enter, 'invalid profile name');
		for (let index = 0; index < 'bad name'.length; index++) {
			await press(app, keys.backspace, `Profile name: ${'bad name'.slice(0, -index - 1)}`);
		}

		await press(app, 'aws-bulk', 'Profile name: aws-bulk');
		await press(app, keys.enter, 'Saved profile “aws-bulk” to');
		expect(app.lastFrame()).toContain(join(cwd, 'config.json'));

		const saved = new ProfileStore({folder: cwd, onRecovered: () => undefined}).get('aws-bulk');
		expect(saved?.workload).toMatchObject({cloud: 'aws', streams: 2, latencySensitive: true, sustained: true});

		// Esc steps back to the last question, answers kept; Enter returns to the same answer.
		await press(app, keys.escape, '13 of 13');
		expect(app.lastFrame()).toContain('Is there a shape');
		await press(app, keys.enter, 'AWS, 2 streams, latency-sensitive, sustained > 5 min');
		// r asks before wiping; any key but y keeps the answers.
		await press(app, 'r', 'Start over and clear every answer?');
		await press(app, 'n', 's save as profile');
		expect(app.lastFrame()).toContain('AWS, 2 streams, latency-sensitive');
		await press(app, 'r', 'Start over and clear every answer?');
		await press(app, 'y', '1 of 13');
		expect(app.lastFrame()).toContain('❯ Any of them');
		await press(app, keys.escape, () => onExit.mock.calls.length > 0);
		expect(onExit).toHaveBeenCalledWith(0);
		app.unmount();
	});

	it('asks the GCP live-migration question only when GCP is in scope', async () => {
		const app = render(<WizardApp profileStore={new ProfileStore({folder: cwd})} columns={100} />);
		await waitForContent(app, '❯ Any of them');
		await press(app, keys.up, '❯ OCI');
		await press(app, keys.up, '❯ GCP');
		await press(app, keys.enter, '2 of 14');
		await press(app, keys.down, '❯ 2');
		await press(app, keys.down, '❯ 4');
		await press(app, keys.down, '❯ 8');
		await press(app, keys.enter, '3 of 14');
		await press(app, 'y', '4 of 14');
		await press(app, 'n', '5 of 14');
		await press(app, keys.enter, '6 of 14');
		await press(app, keys.enter, '7 of 14');
		await press(app, 'n', '8 of 14');
		expect(app.lastFrame()).toContain('live migration');
		await press(app, 'y', '9 of 14');
		await skipSizingQuestions(app, 9, 14);
		await waitForContent(app, 'Recommended decision order');
		const result = app.lastFrame() ?? '';
		expect(result).toContain('GCP, 8 streams, latency-sensitive, keep live migration');
		expect(result).toContain('GCP (us-central1)');
		expect(result).toMatch(/c4a-standard-16\s+default/);
		expect(result).not.toContain('c8g.4xlarge');
		app.unmount();
	});
});

describe('the result screen', () => {
	const workload = {...defaultWorkload, cloud: 'any' as const};

	it('saves into a corrupt store by keeping the old file aside, and says where', async () => {
		writeFileSync(join(cwd, 'config.json'), '{not json');
		const store = new ProfileStore({folder: cwd, onRecovered: () => undefined});
		const app = render(<WizardApp profileStore={() => store} columns={100} initialWorkload={workload} skipQuestions />);
		await waitForContent(app, 'q quit');
		await press(app, 's', 'Profile name:');
		await press(app, 'kept', 'Profile name: kept');
		const frame = await press(app, keys.enter, 'kept aside as');
		expect(frame).toContain('Saved profile “kept”');
		expect(frame).toMatch(/kept aside as\s+\S*config\.json\.corrupt/);
		expect(new ProfileStore({folder: cwd, onRecovered: () => undefined}).get('kept')?.workload.cloud).toBe('any');
		app.unmount();
	});

	it('stays within 60 columns, dropping columns, and shows every cloud in scope', async () => {
		const app = render(
			<WizardApp
				profileStore={new ProfileStore({folder: cwd})}
				columns={60}
				initialWorkload={workload}
				skipQuestions
			/>,
		);
		const frame = await waitForContent(app, 'Measured versus published');
		for (const line of frame.split('\n')) {
			expect(line.length).toBeLessThanOrEqual(60);
		}

		expect(frame).toContain('AWS (us-west-2)');
		expect(frame).toContain('GCP (us-central1)');
		expect(frame).toContain('OCI (us-ashburn-1)');
		expect(frame).not.toContain('jitter');
		app.unmount();
	});

	it('shows the columns that fit: every one at 240 (beside the decision order), all but jitter and price at 100', async () => {
		for (const columns of [100, 240]) {
			const app = render(
				<WizardApp
					profileStore={new ProfileStore({folder: cwd})}
					columns={columns}
					initialWorkload={workload}
					skipQuestions
				/>,
			);
			const frame = await waitForContent(app, 'Measured versus published');
			for (const header of ['single', '8-stream', 'publ.', 'kind', '%publ', 'measured', 'RTT ms']) {
				expect(frame).toContain(header);
			}

			for (const header of ['jitter', '$/h']) {
				expect(frame.includes(header)).toBe(columns === 240);
			}

			expect(frame).toMatch(/c8gn\.4xlarge\s+cluster\s.*99\.5/);
			for (const line of frame.split('\n')) {
				expect(line.length).toBeLessThanOrEqual(columns);
			}

			app.unmount();
		}
	});
});

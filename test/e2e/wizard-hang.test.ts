// The OOM hang of issue 8, replayed on the BUILT wizard in tmux with the real lab (root; run under
// `flock /tmp/np-lab.lock`): answer the questions, `p`, cycle --lab-profile through every value, set
// --streams 1 and --duration 1, run, Esc back, `p` again, set --duration 10, Enter. Before the fix the screen froze here,
// memory climbed ~150 MB/s and V8 aborted (exit 134): Ink kept reading the freed Yoga node of the first
// probe's unmounted <Static>. After it the plan shows, keys still answer and memory stays flat. The first
// probe is one test of one second (--streams 1, --duration 1): the node was freed when its screen went away
// (Esc), whatever the probe's length; five tests of 5 s were 35 of the file's 39 s.
// bench/wizard-memory.bench.mjs runs this file with NETPLACE_HANG_REPORT=FILE: the measured resident sizes
// are written there as JSON (one sequence, replayed in one place).

import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, expect, it} from 'vitest';
import {labProfileChoices} from '../../source/ui/screens/probe/probe-form.js';
import {describeLab} from '../helpers/lab.js';
import {hasTmux, residentMb, startCli, type TmuxCli} from '../helpers/tmux.js';

const workloadFlags = ['--cloud', 'any', '--streams', '8', '--fault-isolation', '--sustained', '--keep-live-migration'];

/** Down until the cursor is on the field (the form's rows depend on the provider and lab profile). */
async function moveTo(cli: TmuxCli, label: string): Promise<void> {
	for (let step = 0; step < 20; step++) {
		const before = cli.visible();
		if (new RegExp(`❯ ${label}\\b`).test(before)) return;
		await cli.send('Down', (screen) => screen !== before);
	}

	throw new Error(`no field ${label}:\n${cli.visible()}`);
}

/** The form opens on the recommendation's cloud: the lab is a ← or two away on --provider. */
async function toLab(cli: TmuxCli): Promise<void> {
	for (let turn = 0; turn < 4 && !cli.visible().includes('‹ lab ›'); turn++) {
		const before = cli.visible();
		await cli.send('Left', (screen) => screen !== before);
	}
}

/** Empties a text field and types `value` into it. */
async function setField(cli: TmuxCli, label: string, value: string): Promise<void> {
	await moveTo(cli, label);
	const emptied = new RegExp(`❯ ${label} *\\n`);
	for (let turn = 0; turn < 40 && !emptied.test(cli.visible()); turn++) {
		const before = cli.visible();
		await cli.send('BSpace', (screen) => screen !== before);
	}
	await cli.send(['-l', value], new RegExp(`❯ ${label} +${value}\\b`));
}

describeLab('the wizard after probe, Esc, probe again (the OOM hang)', () => {
	let configDir: string;
	let cli: TmuxCli;

	beforeAll(() => {
		configDir = mkdtempSync(join(tmpdir(), 'netplace-hang-'));
		// A heap limit well above the wizard's needs: the old hang reached it in seconds and aborted.
		cli = startCli({
			args: workloadFlags,
			env: {NETPLACE_CONFIG_DIR: configDir},
			nodeArgs: ['--max-old-space-size=400'],
		});
	});

	afterAll(() => {
		cli?.kill();
		if (configDir) rmSync(configDir, {recursive: true, force: true});
	});

	it.skipIf(!hasTmux)('answers and stays under 150 MB after the sequence', async () => {
		// Workload flags open the wizard on the answer; should a question show instead, Enter keeps each answer
		// (the flags') or skips an optional one, until the result shows.
		await cli.waitForScreen(/p probe|netplace · \d+ of \d+/);
		for (let turn = 0; turn < 15 && /netplace · \d+ of \d+/.test(cli.visible()); turn++) {
			const before = cli.visible();
			await cli.send('Enter', (screen) => screen !== before);
		}

		await cli.waitForScreen('p probe');
		await cli.send('p', 'Probe: set up');
		await toLab(cli);
		await moveTo(cli, '--lab-profile');
		// Through every lab profile once (the form opens on the recommendation's own cell, "custom", which the
		// list of profiles does not hold): each Right shows another profile.
		const choices = labProfileChoices();
		for (let step = 1; step <= choices.length; step++) {
			const shown = cli.visible();
			await cli.send('Right', (screen) => screen !== shown && /❯ --lab-profile +‹ [^ ]+ ›/.test(screen));
		}
		await setField(cli, '--streams', '1');
		await setField(cli, '--duration', '1');
		await cli.send('Enter', 'Enter run');
		await cli.send('Enter', 'per-flow ceiling: ', 120_000);
		await cli.send('Escape', 's save as profile');
		await cli.send('p', 'Probe: set up');
		await toLab(cli);
		const before = residentMb(cli.pid());
		await setField(cli, '--duration', '10');
		const plan = await cli.send('Enter', 'Enter run');
		expect(plan).toContain('Plan: lab');
		// The screen still answers: back to the form, then to the result, then quit.
		await cli.send('Escape', 'Probe: set up');
		await cli.send('Escape', 's save as profile');
		const after = residentMb(cli.pid());
		const report = process.env['NETPLACE_HANG_REPORT'];
		if (report) writeFileSync(report, JSON.stringify({beforeMb: before, afterMb: after}));
		expect(after).toBeLessThan(150);
		expect(after - before).toBeLessThan(30);
		await cli.send('q', 'netplace exited with 0');
	});
});

// The BUILT wizard (`node dist/cli.js`, after `npm run build`) in a real terminal (test/helpers/tmux.ts).

import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {hasTmux, startCli, type TmuxCli} from '../helpers/tmux.js';

describe.skipIf(!hasTmux)('the built wizard in tmux (skipped only when tmux is not installed)', () => {
	let configDir: string;
	let cli: TmuxCli;

	beforeAll(() => {
		configDir = mkdtempSync(join(tmpdir(), 'netplace-tmux-'));
		cli = startCli({args: [], env: {NETPLACE_CONFIG_DIR: configDir}});
	});

	afterAll(() => {
		cli?.kill();
		if (configDir) rmSync(configDir, {recursive: true, force: true});
	});

	it('answers every question and reaches the result screen, then quits with 0', async () => {
		await cli.waitForScreen('1 of 7');
		expect(cli.screen()).toContain('Which cloud?');
		await cli.send('Up', '❯ OCI');
		await cli.send('Up', '❯ GCP');
		await cli.send('Up', '❯ AWS');
		await cli.send('Enter', '2 of 6');
		await cli.send('Escape', '1 of 6');
		await cli.send('Enter', '2 of 6');
		await cli.send('Down', '❯ 2');
		await cli.send('Down', '❯ 4');
		await cli.send('Enter', '3 of 6');
		await cli.send('n', '4 of 6');
		await cli.send('y', '5 of 6');
		await cli.send('Enter', '6 of 6');
		const result = await cli.send('n', 'q quit');
		expect(result).toContain('Recommended decision order');
		expect(result).toContain('AWS, 4 streams, fault isolation');
		// Fault isolation asked on AWS: spread do, cluster avoid (DESIGN.md).
		expect(result).toMatch(/\[DO\] .*spread/i);
		expect(result).toMatch(/\[AVOID\] .*cluster/i);
		expect(result).toMatch(/c8gn\.4xlarge\s+cluster/);
		expect(result).toContain('Measured versus published');

		await cli.send('q', 'netplace exited with 0');
	});
});

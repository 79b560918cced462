// `--transfer` and `--within` through the CLI: bad values are one line on stderr and exit 2; good ones
// set the target (volume over time) and put the transfer's duration and cost, with their footing, on the
// answer in text, JSON and Markdown.

import {describe, expect, it} from 'vitest';
import {configDirForFile, lines} from './helpers.js';
import {runInProcess} from './in-process.js';

const folder = configDirForFile();

describe('--transfer and --within on the command line', () => {
	it.each([
		[
			['advise', '--transfer', '5XB'],
			/^netplace: --transfer must be a size such as 50TB, 500GB or 1\.5TiB: .*got "5XB"/,
		],
		[['size', '--transfer', '0'], /^netplace: --transfer must be a size .*got "0"/],
		[['size', '--transfer=-5TB'], /^netplace: --transfer must be a size .*got "-5TB"/],
		[['advise', '--within', '0h'], /^netplace: --within must be a duration such as 6h, 90m or 2d: .*got "0h"/],
	])('%j: one line, exit 2', async (args, message) => {
		const result = await runInProcess(args, {configDir: folder()});
		expect(result.status).toBe(2);
		expect(result.stdout).toBe('');
		const stderr = lines(result.stderr);
		expect(stderr[0]).toMatch(message);
		expect(stderr.join('\n')).not.toMatch(/at .*\.(js|cjs|ts):\d+/);
	});

	it('advise --transfer 50TB --within 6h: the target and the transfer on the answer, in every face', async () => {
		const json = await runInProcess(['advise', '--transfer', '50TB', '--within', '6h', '--json'], {
			configDir: folder(),
		});
		expect(json.status).toBe(0);
		const answer = JSON.parse(json.stdout) as {
			workload: {minGbps: number; transferBytes: number; withinSeconds: number};
			configurations: {transfer: {seconds: number; cost: number | null; footing: string; withinTime: boolean}}[];
		};
		expect(answer.workload).toMatchObject({minGbps: 18.52, transferBytes: 50e12, withinSeconds: 21_600});
		const first = answer.configurations[0]?.transfer;
		expect(first?.withinTime).toBe(true);
		expect(first?.seconds).toBeLessThanOrEqual(21_600);
		expect(['measured', 'modelled', 'documented', 'bound']).toContain(first?.footing);

		const text = await runInProcess(['advise', '--transfer', '50TB', '--within', '6h'], {configDir: folder()});
		expect(text.stdout).toContain('at least 18.52 Gbps, 50 TB within 6.0 h');
		expect(text.stdout).toMatch(/transfer +50 TB in [\d.]+ h, within 6\.0 h ✓ +(measured|modelled|documented|bound)/);
		expect(text.stdout).toMatch(/bill: instances +\$[\d.,]+ \(\$[\d.]+\/h for [\d.]+ h\)/);
		expect(text.stdout).toMatch(/bill: data transfer +(\$[\d.,]+ \(50 TB x|unknown)/);

		const markdown = await runInProcess(['advise', '--transfer', '50TB', '--within', '6h', '--format', 'markdown'], {
			configDir: folder(),
		});
		expect(markdown.status).toBe(0);
		expect(markdown.stdout).toMatch(
			/transfer\W+50 TB in [\d.]+ h, within 6\.0 h ✓\W+(measured|modelled|documented|bound)/,
		);
		expect(markdown.stdout).toMatch(/bill: instances\W+\$[\d.,]+/);
		expect(markdown.stdout).toContain('| transfer | 50 TB within 6.0 h |');
	});
});

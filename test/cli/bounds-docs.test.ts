// The bounds, the refusal of another command's flags and the /0 --ssh-cidr confirmation are documented
// where a user reads them (README.md and `netplace --help`, both from the one bounds table) and behave as
// documented on the CLI: one line on stderr, exit 2, before anything is created.

import {readFileSync, rmSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {requestBounds} from '../../source/domain/bounds.js';
import {boundLines, boundsMarkdown} from '../../source/request/bounds-text.js';
import {root, tempConfigDir} from './helpers.js';
import {runInProcess} from './in-process.js';

let configDir: string;
beforeAll(() => {
	configDir = tempConfigDir();
});
afterAll(() => {
	rmSync(configDir, {recursive: true, force: true});
});

const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** The help's lines without their indentation. */
async function helpLines(): Promise<string[]> {
	const result = await runInProcess(['--help'], {configDir});
	expect(result.status).toBe(0);
	return result.stdout.split('\n').map((line) => line.trim().replaceAll(/\s+/g, ' '));
}

describe('the bounds, written once', () => {
	it('README’s bounds table is the bounds table', async () => {
		const block = /<!-- bounds:start -->\n([\s\S]*?)\n<!-- bounds:end -->/.exec(readme)?.[1];
		expect(block, 'README.md has a bounds block').toBeDefined();
		// On a mismatch, the expected block is what to paste between the markers.
		expect(block).toBe(boundsMarkdown().join('\n'));
		expect(boundLines()).toHaveLength(Object.keys(requestBounds).length);
	});

	it('netplace --help prints every bound, the refusal of another command’s flags and the /0 confirmation', async () => {
		const help = await helpLines();
		for (const line of boundLines()) {
			expect(help, `${line.scope} ${line.flag}`).toContain(`${line.scope} ${line.flag} ${line.range}`);
		}

		const text = help.join(' ');
		expect(text).toContain('a flag another command takes (advise --duration 5, size --yes) is refused');
		expect(text).toContain('a /0 (0.0.0.0/0, ::/0: anyone) is warned about and needs a yes');
		expect(readme).toContain('**A flag another command takes is refused**');
		expect(readme).toMatch(/a `\/0` — `0\.0\.0\.0\/0` or `::\/0`, anyone — is warned about/);
	});
});

describe('and they behave as documented (the CLI)', () => {
	it.each([
		[['advise', '--streams', '5000'], '--streams', 'workload'],
		[['advise', '--min-gbps', '20000'], '--min-gbps', 'workload'],
		[['advise', '--min-vcpus', '9000'], '--min-vcpus', 'workload'],
		[['advise', '--min-memory', '100000'], '--min-memory', 'workload'],
		[['probe', '--provider', 'lab', '--dry-run', '--duration', '7200'], '--duration', 'probe'],
		[['probe', '--provider', 'lab', '--dry-run', '--repeat', '21'], '--repeat', 'probe'],
		[['probe', '--provider', 'lab', '--dry-run', '--sustained', '30'], '--sustained', 'probe'],
		[['probe', '--provider', 'lab', '--dry-run', '--processes', '200'], '--processes', 'probe'],
	] as const)('%j is refused with the table’s range', async (argv, flag, scope) => {
		const bound = boundLines().find((line) => line.flag === flag && line.scope === scope);
		const result = await runInProcess(argv, {configDir});
		expect(result.status).toBe(2);
		expect(result.stdout).toBe('');
		expect(result.stderr.trim().split('\n')).toHaveLength(1);
		expect(result.stderr).toContain(`netplace: ${flag} must be ${bound?.range}`);
	});

	it('a flag another command takes is refused, exit 2', async () => {
		for (const [argv, flag] of [
			[['advise', '--duration', '5'], '--duration'],
			[['size', '--yes'], '--yes'],
		] as const) {
			const result = await runInProcess(argv, {configDir});
			expect(result.status).toBe(2);
			expect(result.stderr.trim()).toMatch(new RegExp(`^netplace: netplace ${argv[0]} does not take ${flag} `));
		}
	});

	it('a /0 --ssh-cidr without a terminal is refused without --yes, and warned about on a dry run', async () => {
		const probe = ['probe', '--provider', 'aws', '--shape', 'c8gn.4xlarge', '--region', 'us-west-2'];
		const refused = await runInProcess([...probe, '--ssh-cidr', '0.0.0.0/0'], {configDir});
		expect(refused.status).toBe(2);
		expect(refused.stderr.trim()).toBe(
			"netplace: --ssh-cidr 0.0.0.0/0 lets anyone on the internet try to SSH in to the probe's hosts; refusing without confirmation (add --yes to accept it, or run in a terminal)",
		);
		const dry = await runInProcess([...probe, '--ssh-cidr', '::/0', '--dry-run'], {configDir});
		expect(dry.status).toBe(0);
		expect(dry.stderr).toContain(
			"netplace: warning: --ssh-cidr ::/0 lets anyone on the internet try to SSH in to the probe's hosts",
		);
		expect(dry.stdout).toContain('Dry run: nothing was created.');
	});
});

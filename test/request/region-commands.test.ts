// Every command that takes --region checks it against the cloud's regions, in-process: a typo is one line
// with the nearest name, a UserError (exit 2), before anything is read, created or saved.

import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {cleanupCommand} from '../../source/cli/cleanup.js';
import {parseArgv} from '../../source/cli/parse-argv.js';
import {profilesCommand} from '../../source/cli/profiles.js';
import {shapesCommand} from '../../source/cli/shapes.js';
import {sizeCommand} from '../../source/cli/size.js';
import {exitCodeOf, formatError} from '../../source/domain/errors.js';
import {awsFacts} from '../../source/providers/aws/facts.js';
import {parseProbeFlags} from '../../source/request/probe-flags.js';
import {createFakeProvider} from '../probe/fake-provider.js';

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'np-region-'));
	process.env['NETPLACE_CONFIG_DIR'] = dir;
	vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(() => {
	vi.restoreAllMocks();
	delete process.env['NETPLACE_CONFIG_DIR'];
	rmSync(dir, {recursive: true, force: true});
});

/** The one line the CLI prints for what `run` throws, and its exit code. */
async function refusal(run: () => Promise<unknown>): Promise<{line: string; code: number}> {
	try {
		await run();
	} catch (error: unknown) {
		return {line: formatError(error), code: exitCodeOf(error)};
	}

	throw new Error('expected a refusal');
}

const flags = (argv: readonly string[]) => parseArgv(argv);

describe('--region on every command that takes it', () => {
	it.each([
		[['size', '--cloud', 'aws', '--region', 'us-est-1'], 'unknown AWS region "us-est-1" (did you mean us-east-1?)'],
		[['size', '--cloud', 'aws', '--region', 'eu-west-9'], 'unknown AWS region "eu-west-9" (did you mean eu-west-1?)'],
		[['size', '--region', 'eu-west-9'], 'unknown region "eu-west-9" (did you mean eu-west-1?)'],
		[['size', '--cloud', 'gcp', '--region', 'us-east-1'], 'us-east-1 is an AWS region, outside --cloud gcp'],
	])('size %j', async (argv, message) => {
		const parsed = flags(argv);
		const {line, code} = await refusal(() => sizeCommand(parsed.flags, parsed.given));
		expect(line).toBe(`netplace: ${message}`);
		expect(code).toBe(2);
	});

	it('shapes', async () => {
		const parsed = flags(['shapes', '--cloud', 'gcp', '--region', 'europe-west44']);
		const {line, code} = await refusal(() => shapesCommand(parsed.flags));
		expect([line, code]).toEqual(['netplace: unknown GCP region "europe-west44" (did you mean europe-west4?)', 2]);
	});

	it('probe', async () => {
		const parsed = flags(['probe', '--provider', 'oci', '--region', 'us-ashbrun-1', '--ssh-cidr', '192.0.2.1/32']);
		const {line, code} = await refusal(async () => parseProbeFlags(parsed.flags));
		expect(line).toContain('unknown OCI region "us-ashbrun-1" (did you mean us-ashburn-1?)');
		expect(code).toBe(2);
	});

	it('cleanup, before any cloud is asked', async () => {
		const provider = {...createFakeProvider(), id: 'aws' as const, facts: awsFacts};
		const parsed = flags(['cleanup', '--provider', 'aws', '--region', 'us-est-1']);
		const {line, code} = await refusal(() => cleanupCommand(parsed.flags, async () => provider));
		expect([line, code]).toEqual(['netplace: unknown AWS region "us-est-1" (did you mean us-east-1?)', 2]);
		expect(provider.calls).toEqual([]);
	});

	it('profiles import: the file’s workload, as flags are checked', async () => {
		const file = join(dir, 'typo.json');
		writeFileSync(file, JSON.stringify({name: 'typo', workload: {cloud: 'aws', streams: 8, region: 'us-est-1'}}));
		const {line, code} = await refusal(() => profilesCommand(['import', file], flags(['profiles']).flags));
		expect(line).toContain('unknown AWS region "us-est-1" (did you mean us-east-1?)');
		expect(code).toBe(2);
	});
});

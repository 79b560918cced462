// `cleanup --yes` deletes only what has expired or whose run is provably dead; a live run's resources are
// never touched; it searches the regions of the runs recorded here and says where it searched.
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {cleanupCommand} from '../../../source/cli/cleanup.js';
import {triageOrphans} from '../../../source/providers/cloud/orphan-triage.js';
import type {RunRecord} from '../../../source/providers/cloud/run-record.js';
import {cliFlags} from '../../probe/cli-flags.js';
import {awsTarget, awsUnderTest} from '../aws/aws-helpers.js';
import type {FakeEc2} from '../aws/fake-ec2.js';
import {markRunDead} from './run-records.js';

let dir: string;
let stdout: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'np-cleanup-live-'));
	process.env['NETPLACE_CONFIG_DIR'] = dir;
	stdout = '';
	vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
		stdout += String(chunk);
		return true;
	});
});
afterEach(() => {
	vi.restoreAllMocks();
	delete process.env['NETPLACE_CONFIG_DIR'];
	rmSync(dir, {recursive: true, force: true});
});

function resourcesOf(fake: FakeEc2, runId: string): number {
	const tagged = (tags: ReadonlyArray<{Key?: string; Value?: string}>) =>
		tags.some((tag) => tag.Key === 'netplace-run' && tag.Value === runId);
	return (
		[...fake.instances.values()].filter((instance) => instance.state !== 'terminated' && tagged(instance.tags)).length +
		[...fake.securityGroups.values()].filter((group) => tagged(group.tags)).length +
		[...fake.keyPairs.values()].filter((key) => tagged(key.tags)).length +
		[...fake.placementGroups.values()].filter((group) => tagged(group.tags)).length
	);
}

function expireTags(fake: FakeEc2, runId: string): void {
	const all = [
		...[...fake.instances.values()].map((instance) => instance.tags),
		...[...fake.securityGroups.values()].map((group) => group.tags),
		...[...fake.keyPairs.values()].map((key) => key.tags),
		...[...fake.placementGroups.values()].map((group) => group.tags),
	];
	for (const tags of all) {
		if (!tags.some((tag) => tag.Key === 'netplace-run' && tag.Value === runId)) continue;
		for (const tag of tags) if (tag.Key === 'netplace-expires') tag.Value = '2026-01-01T00:00:00.000Z';
	}
}

describe('cleanup --yes on AWS with four runs left standing', () => {
	it("deletes the dead and the expired runs' resources, never the live run's, nor an unknown unexpired one", async () => {
		const {provider, fake} = awsUnderTest();
		for (const runId of ['np-live', 'np-dead', 'np-foreign', 'np-old']) await provider.provision(awsTarget, runId);
		fake.armed = false;
		// np-dead's process is gone; np-foreign and np-old are not known here (another machine); np-old expired.
		markRunDead('np-dead');
		rmSync(join(dir, 'runs', 'np-foreign.json'));
		rmSync(join(dir, 'runs', 'np-old.json'));
		expireTags(fake, 'np-old');
		const before = Object.fromEntries(['np-live', 'np-foreign'].map((id) => [id, resourcesOf(fake, id)]));
		expect(before['np-live']).toBeGreaterThan(0);

		expect(await cleanupCommand(cliFlags({provider: 'aws', yes: true}), async () => provider)).toBe(0);
		expect(stdout).toContain('searched aws: no configured scope; region us-west-2');
		expect(stdout).toMatch(/\(kept: run np-live is still running here \(pid \d+\)\)/);
		expect(stdout).toMatch(/\(kept: run np-foreign is not known here and expires 20\d\d-/);
		expect(resourcesOf(fake, 'np-live')).toBe(before['np-live']);
		expect(resourcesOf(fake, 'np-foreign')).toBe(before['np-foreign']);
		expect(resourcesOf(fake, 'np-dead')).toBe(0);
		expect(resourcesOf(fake, 'np-old')).toBe(0);
		expect(stdout).toContain('cleanup: complete, nothing left');

		// The live run's own teardown still works, and forgets its record.
		expect(await provider.teardown('np-live')).toEqual({complete: true, left: []});
		expect(resourcesOf(fake, 'np-live')).toBe(0);
		expect(() => readFileSync(join(dir, 'runs', 'np-live.json'))).toThrow(/ENOENT/);
	});
});

describe('triage', () => {
	const orphan = (runId: string | null, expiresAt: string | null) => ({
		kind: 'instance',
		id: `i-${runId}`,
		runId,
		expiresAt,
		deleteCommand: 'x',
	});
	const live: RunRecord = {runId: 'a', provider: 'aws', scope: {}, owner: {pid: 1, start: null, host: 'h', token: 't'}};
	const now = new Date('2026-12-03T12:00:00Z');

	it('a live run is kept even past its expiry; an expiry on one resource counts for its whole run', () => {
		const result = triageOrphans(
			[
				orphan('a', '2026-01-01T00:00:00Z'),
				orphan('b', '2026-01-01T00:00:00Z'),
				{...orphan('b', null), id: 'sg-b'},
				orphan('c', null),
				orphan(null, null),
			],
			[live],
			() => false,
			now,
		);
		expect(result.map((item) => [item.id, item.keep ?? 'delete'])).toEqual([
			['i-a', 'run a is still running here (pid 1)'],
			['i-b', 'delete'],
			['sg-b', 'delete'],
			['i-c', 'run c is not known here and carries no expiry'],
			['i-null', 'it names no run'],
		]);
	});
});

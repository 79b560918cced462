// Adding a cloud is its folders (domain/clouds/<cloud>.ts, providers/<cloud>/, sizing/clouds/<cloud>.ts)
// and one line in each of four registries. This holds source/ to it: outside those, nothing names a cloud
// to branch on it (`cloud === 'gcp'`, `case 'aws':`) or to key a table by it (`{oci: …}`, `cloud: 'aws'`),
// and no map, switch or list covers every cloud; a function of the cloud reads the cloud's entry instead
// (one-place-check.ts says what counts). stub-cloud.test.ts adds a fourth cloud to a copy and checks it.

import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {clouds} from '../../source/domain/clouds.js';
import {placesOutside, registries} from './one-place-check.js';

const root = join(import.meta.dirname, '..', '..');

describe('each cloud is named in one place per registry', () => {
	it("outside the clouds' folders only the four registries name a cloud", () => {
		const found = placesOutside(root, clouds);
		// Each registry is found (the check sees them), and nothing else is: a branch or a table elsewhere names
		// its file and line here; move what it knows into the cloud's own entry.
		expect(found).toEqual({registries: [...registries].sort(), stray: []});
	});

	it('sees a branch on a cloud, a case, a keyed table and a cloud-tagged record', async () => {
		const {mkdtempSync, mkdirSync, writeFileSync} = await import('node:fs');
		const {tmpdir} = await import('node:os');
		const scratch = mkdtempSync(join(tmpdir(), 'one-place-'));
		mkdirSync(join(scratch, 'source', 'advice'), {recursive: true});
		writeFileSync(
			join(scratch, 'source', 'advice', 'x.ts'),
			[
				"export const a = (cloud: string) => cloud === 'gcp';",
				"export const b = (cloud: string) => { switch (cloud) { case 'oci': return 1; default: return 0; } };",
				"export const c = {aws: 'spread'};",
				"export const d = [{cloud: 'aws', id: 'x'}];",
			].join('\n'),
		);
		expect(placesOutside(scratch, clouds).stray).toEqual([
			"source/advice/x.ts:1: a comparison with 'gcp'",
			"source/advice/x.ts:2: a case 'oci'",
			"source/advice/x.ts:3: an object keyed by 'aws'",
			"source/advice/x.ts:4: an object with cloud: 'aws'",
		]);
	});
});

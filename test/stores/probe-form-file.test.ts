// The probe form is remembered across sessions in the config folder: what one wizard left, the next opens
// on; a file that is not one this netplace wrote is ignored (and replaced on the next write), never a crash.

import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {readProbeForm, writeProbeForm} from '../../source/stores/probe-form-file.js';
import {probeFormMemory} from '../../source/ui/screens/probe/probe-form-memory.js';

let dir: string;
let path: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'np-form-'));
	path = join(dir, 'probe-form.json');
});
afterEach(() => rmSync(dir, {recursive: true, force: true}));

const backing = () => ({
	read: () => readProbeForm(path),
	write: (form: Parameters<typeof writeProbeForm>[0]) => writeProbeForm(form, path),
});

describe('the probe form across sessions', () => {
	it('what one session left, the next recalls', () => {
		const first = probeFormMemory(backing());
		expect(first.recall()).toBeNull();
		first.remember({values: {provider: 'gcp', zone: 'us-central1-a', duration: '7'}, from: 'gcp/c4a-standard-16'});
		const next = probeFormMemory(backing());
		expect(next.recall()).toEqual({
			values: {provider: 'gcp', zone: 'us-central1-a', duration: '7'},
			from: 'gcp/c4a-standard-16',
		});
	});

	it('ignores a file it did not write: garbage, another version, non-text values, control characters', () => {
		writeFileSync(path, 'garbage');
		expect(readProbeForm(path)).toBeNull();
		writeFileSync(path, JSON.stringify({version: 9, values: {zone: 'a'}, from: null}));
		expect(readProbeForm(path)).toBeNull();
		writeFileSync(path, JSON.stringify({version: 1, values: {zone: 'us-east1-b\u001B[2J', repeat: 3}, from: 7}));
		expect(readProbeForm(path)).toEqual({values: {zone: 'us-east1-b[2J'}, from: null});
		writeFileSync(path, 'x'.repeat(70 * 1024));
		expect(readProbeForm(path)).toBeNull();
	});

	it('a memory whose file cannot be written still remembers for the session', () => {
		const memory = probeFormMemory({
			read: () => null,
			write: () => writeProbeForm({values: {}, from: null}, join(path, 'no', 'such')),
		});
		writeFileSync(path, '');
		memory.remember({values: {duration: '9'}, from: null});
		expect(memory.recall()).toEqual({values: {duration: '9'}, from: null});
	});
});

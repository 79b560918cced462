// runWizard itself (not just <WizardApp>): with a terminal on stdin, a process warning raised while Ink owns the
// screen (a cloud SDK's, say) must not be written over the frame, and must not be lost either.

import {Console} from 'node:console';
import {PassThrough, Writable} from 'node:stream';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {settleBackgroundLoads} from '../../helpers/settle-background-loads.js';
import {keys, waitForContent} from './ink-keys.js';

settleBackgroundLoads();

function terminalOutput(): {stream: NodeJS.WriteStream; text: () => string} {
	let text = '';
	const stream = new Writable({
		write(chunk: Buffer | string, _encoding, callback) {
			text += chunk.toString();
			callback();
		},
	});
	return {
		stream: Object.assign(stream, {isTTY: true, columns: 100, rows: 40}) as unknown as NodeJS.WriteStream,
		text: () => text,
	};
}

// Ink's patchConsole builds a console.Console; vitest's console object has none.
Object.assign(console, {Console: console.Console ?? Console});

describe('runWizard and process warnings', () => {
	// Ink reads CI=true once, at import, and then writes only the last frame. In a person's terminal the wizard
	// drops the CI markers itself (source/ui/screens/wizard/ink-env.ts); this test's terminal is a fake stream, so it does
	// the same before it imports the wizard (each test file has its own module registry).
	const saved = {CI: process.env['CI'], CONTINUOUS_INTEGRATION: process.env['CONTINUOUS_INTEGRATION']};
	let runWizard: typeof import('../../../source/ui/screens/wizard/run-wizard.js').runWizard;
	beforeAll(async () => {
		delete process.env['CI'];
		delete process.env['CONTINUOUS_INTEGRATION'];
		({runWizard} = await import('../../../source/ui/screens/wizard/run-wizard.js'));
	});
	afterAll(() => {
		for (const [name, value] of Object.entries(saved)) {
			if (value !== undefined) process.env[name] = value;
		}
	});

	it('holds a warning while the wizard is on screen and prints it after', async () => {
		const stdin = Object.assign(new PassThrough(), {
			isTTY: true,
			setRawMode: () => stdin,
			ref: () => stdin,
			unref: () => stdin,
		});
		const stdout = terminalOutput();
		const stderr = terminalOutput();
		const listenersBefore = process.listenerCount('warning');
		const done = runWizard({
			profileStore: () => {
				throw new Error('not saved in this test');
			},
			stdin: stdin as unknown as NodeJS.ReadStream,
			stdout: stdout.stream,
			stderr: stderr.stream,
		});
		const screen = {stdin: {write: (data: string) => stdin.write(data)}, lastFrame: () => stdout.text()};
		await waitForContent(screen, 'Which cloud?');

		process.emitWarning('metadata server lookup failed', 'MetadataLookupWarning');
		await new Promise<void>((resolve) => {
			process.nextTick(resolve);
		});
		expect(stderr.text()).toBe('');

		stdin.write(keys.ctrlC);
		expect(await done).toBe(130);
		expect(stderr.text()).toBe('netplace: warning: MetadataLookupWarning: metadata server lookup failed\n');
		expect(process.listenerCount('warning')).toBe(listenersBefore);
	});
});

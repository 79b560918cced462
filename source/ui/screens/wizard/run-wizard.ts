// runWizard: the CLI's entry to the interactive wizard. Loaded with `await import('./screens/wizard/run-wizard.js')`, so
// Ink and React are imported only when the wizard runs. No JSX here: the JSX runtime import would be
// hoisted above ink-env, which must run before React is first loaded.

import './ink-env.js';
import {render, renderToString} from 'ink';
import {createElement} from 'react';
import {exitCodes, firstLineOf, formatError, UserError} from '../../../domain/errors.js';
import type {Workload} from '../../../domain/types.js';
import {readProbeForm, writeProbeForm} from '../../../stores/probe-form-file.js';
import {probeFormMemory} from '../probe/probe-form-memory.js';
import type {ProfileSaverSource} from '../save/profile-saver.js';
import type {ProbeEngineLoader, ProviderLoaders} from './probe-engine.js';
import {WizardApp} from './wizard-app.js';

export interface RunWizardOptions {
	/** A ProfileStore, or a function that makes one when the user first saves (keeps the store and its zod schemas off the start). */
	readonly profileStore: ProfileSaverSource;
	readonly initialWorkload?: Workload;
	/** Open on the result screen for `initialWorkload` (e.g. `--profile NAME` in the wizard). */
	readonly skipQuestions?: boolean;
	readonly providers?: ProviderLoaders;
	readonly probeEngine?: ProbeEngineLoader;
	readonly stdin?: NodeJS.ReadStream;
	readonly stdout?: NodeJS.WriteStream;
	readonly stderr?: NodeJS.WriteStream;
}

/** Frames per second at most (Ink's default is 30). */
const maxFps = 60;

/** Runs the wizard until the user quits; resolves to the process exit code (0, 130 after Ctrl-C). */
export async function runWizard(options: RunWizardOptions): Promise<number> {
	const stdin = options.stdin ?? process.stdin;
	const stdout = options.stdout ?? process.stdout;
	const stderr = options.stderr ?? process.stderr;
	let code: number = exitCodes.ok;
	const app = createElement(WizardApp, {
		profileStore: options.profileStore,
		...(options.initialWorkload ? {initialWorkload: options.initialWorkload} : {}),
		...(options.skipQuestions ? {skipQuestions: true} : {}),
		...(options.providers ? {providers: options.providers} : {}),
		...(options.probeEngine ? {probeEngine: options.probeEngine} : {}),
		// The probe form as the user left it, kept in the config folder for the next session.
		probeForms: probeFormMemory({read: () => readProbeForm(), write: (form) => writeProbeForm(form)}),
		...(stdin.isTTY ? {} : {columns: stdout.columns || 80}),
		onExit(exitCode: number) {
			code = exitCode;
		},
	});
	if (!stdin.isTTY) {
		// No keys to read: print the first screen once, then say how to get advice without questions.
		const frame = renderToString(app, {columns: stdout.columns || 80});
		if (frame.trim() !== '') {
			stdout.write(`${frame}\n`);
		}

		stderr.write(
			`${formatError(new UserError('the wizard needs an interactive terminal', 'use `netplace advise` with flags'))}\n`,
		);
		return exitCodes.usage;
	}

	// Node prints process warnings (e.g. a cloud SDK's) straight to stderr, which would scribble over Ink's
	// frame: hold them while the wizard owns the terminal and print them once it has let go.
	const held: Error[] = [];
	const printers = process.listeners('warning');
	const hold = (warning: Error): void => {
		held.push(warning);
	};

	process.removeAllListeners('warning');
	process.on('warning', hold);
	try {
		// A key's frame waits for Ink's frame interval when the frame before it was written less than an interval
		// ago (its render throttle re-arms on each render): at 60 fps a what-if key's frame comes ~17 ms sooner
		// than at Ink's default 30, and a burst of renders (type-ahead, probe progress) is still coalesced.
		const instance = render(app, {stdin, stdout, stderr, exitOnCtrlC: false, maxFps});
		await instance.waitUntilExit();
	} finally {
		process.off('warning', hold);
		for (const printer of printers) process.on('warning', printer);
		for (const warning of held) stderr.write(`netplace: warning: ${warning.name}: ${firstLineOf(warning)}\n`);
	}

	return code;
}

// The commands that run for seconds or minutes and are the only ones to load Ink and React or a provider:
// the wizard (`netplace` with no command), `probe`, `cleanup` and `shapes --live` (each cloud's API through
// its provider's adapter). main.tsx imports this module only for them; the published build makes it its own ES-module bundle (dist/long-running.js and its chunks,
// scripts/build-bundle.mjs), so dist/cli.cjs, which every command loads, stays the scripting commands'.
// Their errors go up to the one handler, command-line.ts's runCommandLine, which knows this bundle's copies of
// the error classes by the mark domain/errors.ts stamps on them.

import {openStore, resolveWorkload} from './cli/advise.js';
import type {CliFlags, FlagName} from './request/flags.js';
import {hasWorkloadFlags} from './request/workload-flags.js';

export async function probeCommand(flags: CliFlags): Promise<number> {
	return (await import('./cli/probe.js')).probeCommand(flags);
}

/** `shapes --live`: the catalogue beside each cloud's API, asked through its provider's live-catalogue adapter. */
export async function liveShapesCommand(flags: CliFlags): Promise<number> {
	const [{shapesCommand}, {liveSessions}] = await Promise.all([
		import('./cli/shapes.js'),
		import('./cli/shapes-live-sessions.js'),
	]);
	return shapesCommand(flags, liveSessions(flags));
}

export async function cleanupCommand(flags: CliFlags): Promise<number> {
	return (await import('./cli/cleanup.js')).cleanupCommand(flags);
}

const loadStore = async () => import('./stores/profile-store.js');

/** The wizard, opening on the result screen when `--profile` or workload flags were given. */
export async function wizardCommand(flags: CliFlags, given: ReadonlySet<FlagName>): Promise<number> {
	// Ink reads the environment as it loads (ink-env.ts says what): set it first. run-wizard imports it first
	// too, but in the bundle Ink sits in a chunk evaluated before run-wizard's own code.
	await import('./ui/screens/wizard/ink-env.js');
	const {runWizard} = await import('./ui/screens/wizard/run-wizard.js');
	// Opened while Ink owns the terminal: a stderr line would garble the screen, which says itself where a
	// corrupt store was kept (the save prompt shows `recoveredFrom`).
	const openStoreQuietly = async () => (await loadStore()).openProfileStore({onRecovered: () => undefined});
	const preset = flags.profile !== undefined || hasWorkloadFlags(given);
	if (!preset) return runWizard({profileStore: openStoreQuietly});
	// Opened before the wizard renders: the usual one-line warning is safe here.
	const store = flags.profile === undefined ? undefined : await openStore();
	const initialWorkload = await resolveWorkload(flags, given, store);
	return runWizard({
		profileStore: store ?? openStoreQuietly,
		initialWorkload,
		// Flags or a profile are answers: the wizard opens on the answer (Esc steps back to the questions).
		skipQuestions: true,
	});
}

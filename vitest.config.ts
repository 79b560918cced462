import {mkdtempSync, readdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {defineConfig} from 'vitest/config';

// Tests never reach a cloud: the SDKs' credential chains must not probe metadata addresses.
const hermeticEnv = {
	AWS_EC2_METADATA_DISABLED: 'true',
	METADATA_SERVER_DETECTION: 'none',
	OCI_RESOURCE_PRINCIPAL_VERSION: '',
	NO_UPDATE_NOTIFIER: '1',
	FORCE_COLOR: '0',
	// Nothing a test saves or reads reaches the user's own config folder: one scratch folder per run.
	NETPLACE_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'netplace-tests-')),
};

// The tests that run real processes: the lab's namespaces, iperf3 and sshd (real traffic, measured against
// bands), tmux sessions, and the built CLI run as a child process (dist/cli.cjs). They run one file at a time
// in their own project, after the unit project: on two cores a throughput band is honest only without
// another file's processes beside it.
// Pure tests that live in a folder of real-process tests (they test that folder's source): they stay in the
// unit project.
const pureInSerialFolders = [
	'test/cli/shapes-live.test.ts',
	'test/cli/shapes-text.test.ts',
	'test/providers/ssh/ssh-provider-parts.test.ts',
];
const testsIn = (folder: string): string[] =>
	readdirSync(folder, {recursive: true, encoding: 'utf8'})
		.filter((name) => /\.test\.tsx?$/.test(name))
		.map((name) => `${folder}/${name}`);
const serial = [
	...testsIn('test/providers/lab'),
	...testsIn('test/providers/ssh'),
	...testsIn('test/e2e'),
	...testsIn('test/cli'),
	'test/ui/screens/probe-screen-lab.test.tsx',
	'test/ui/screens/wizard-start-loads.test.ts',
	'test/probe/path-window.test.ts',
	'test/probe/probe-engine.test.ts',
	'test/probe/probe-limits-lab.test.ts',
	'test/probe/probe-cli.test.ts',
	'test/probe/ping-host.test.ts',
	// Reads Gbps from counters sampled on a real 100 ms clock: the figure is the time between samples.
	'test/probe/tx-progress.test.ts',
	'test/stores/store-lock.test.ts',
	'test/stores/store-full-disk.test.ts',
].filter((file) => !pureInSerialFolders.includes(file));

const shared = {env: hermeticEnv, testTimeout: 60_000, hookTimeout: 120_000};

export default defineConfig({
	test: {
		reporters: ['default', ['json', {outputFile: 'test-results.json'}]],
		projects: [
			// Everything else, in parallel (one worker per core): the pure core, the screens in ink-testing-library,
			// the providers against mocked cloud APIs. Each file imports the source afresh (vitest's isolate): with
			// modules shared between files (isolate: false) two wizard files passed alone and timed out together.
			{test: {...shared, name: 'unit', include: ['test/**/*.test.{ts,tsx}'], exclude: serial}},
			{test: {...shared, name: 'serial', include: serial, fileParallelism: false, sequence: {groupOrder: 1}}},
		],
	},
});

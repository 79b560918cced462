import {mkdtempSync} from 'node:fs';
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
const serial = [
	'test/lab/**',
	'test/ssh/**',
	'test/e2e/**',
	'test/cli/**',
	'test/ui/wizard/probe-screen-lab.test.tsx',
	'test/ui/wizard/wizard-start-loads.test.ts',
	'test/probe/probe-cli.test.ts',
	'test/probe/ping-host.test.ts',
	// Reads Gbps from counters sampled on a real 100 ms clock: the figure is the time between samples.
	'test/probe/tx-progress.test.ts',
	'test/stores/store-lock.test.ts',
	'test/stores/store-full-disk.test.ts',
].map((pattern) => (pattern.endsWith('**') ? `${pattern}/*.test.{ts,tsx}` : pattern));

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

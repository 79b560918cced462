import {mkdtempSync, readdirSync} from 'node:fs';
import {availableParallelism, tmpdir} from 'node:os';
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

const testsIn = (folder: string): string[] =>
	readdirSync(folder, {recursive: true, encoding: 'utf8'})
		.filter((name) => /\.test\.tsx?$/.test(name))
		.map((name) => `${folder}/${name}`);

// The tests that MEASURE with real processes: a throughput band of real iperf3 traffic, an RTT or a CPU share
// read in the lab, Gbps from counters sampled on a real clock. On two cores such a figure is honest only
// without another file's processes beside it: they run one file at a time, after everything else (and each
// band has a retry for the other programs on the machine, never a sleep).
const serial = [
	'test/providers/lab/lab-provider.test.ts',
	'test/providers/lab/lab-provider-ssh.test.ts',
	'test/providers/lab/tcp-delay.test.ts',
	'test/providers/lab/delay-line.test.ts',
	'test/providers/ssh/ssh-vs-direct.test.ts',
	'test/probe/path-window.test.ts',
	'test/probe/probe-engine.test.ts',
	'test/probe/probe-limits-lab.test.ts',
	'test/probe/explain-lab.test.ts',
	'test/probe/answer-rtt-lab.test.ts',
	'test/probe/loss-lab.test.ts',
	'test/probe/tx-progress.test.ts',
	'test/cli/probe-cli.test.ts',
	'test/cli/probe-ssh-provider.test.ts',
	// Real iperf3 between the Kubernetes stand-in's pods, through the lab's caps (the 3% bar with the lab's own).
	'test/providers/k8s/k8s-probe-lab.test.ts',
	// The probe screen must find the lab's per-flow ceiling: on a busy machine every run reads CPU-bound.
	'test/ui/screens/probe-screen-lab.test.tsx',
	// Not a measurement: `cleanup --yes` deletes every lab orphan on the machine, other files' deliberate ones too.
	'test/cli/probe-kill-cleanup.test.ts',
];

// Tests in a folder of real-process tests that start no process of their own: pure ones (they test that
// folder's source), and the CLI tests whose subject is a command's output and exit code, which run the command
// line in their own process (test/cli/in-process.ts) instead of a node per command.
const inProcess = [
	'test/cli/advise-table.test.ts',
	'test/cli/bounds-docs.test.ts',
	'test/cli/cli-usage.test.ts',
	'test/cli/command-help.test.ts',
	'test/cli/parse-argv.test.ts',
	'test/cli/path-physics.test.ts',
	'test/cli/probe-evidence.test.ts',
	'test/cli/probe-ssh-input.test.ts',
	'test/cli/profiles-import-faults.test.ts',
	'test/cli/profiles.test.ts',
	'test/cli/results.test.ts',
	'test/cli/explain.test.ts',
	'test/cli/shapes-live.test.ts',
	'test/cli/shapes-text.test.ts',
	'test/cli/shapes.test.ts',
	'test/cli/size-bounds.test.ts',
	'test/cli/size.test.ts',
	'test/cli/strict-input.test.ts',
	'test/cli/text-output.test.ts',
	'test/cli/transfer-flags.test.ts',
	'test/cli/unpriced-and-flex.test.ts',
	'test/cli/why-scenarios.test.ts',
	'test/cli/word-wrap.test.ts',
	'test/providers/lab/lab-provider-spec.test.ts',
	'test/providers/ssh/ssh-provider-parts.test.ts',
];

// The tests that run real processes but measure nothing: the built CLI as a child process (dist/cli.cjs),
// tmux sessions, sshd, lab probes checked for what they print, keep and leave behind (signals, lost output,
// teardown). They wait for content, never for time, so they run beside the unit tests, files in parallel.
const processes = [
	...testsIn('test/cli'),
	...testsIn('test/e2e'),
	...testsIn('test/providers/lab'),
	...testsIn('test/providers/ssh'),
	...testsIn('test/providers/k8s'),
	'test/ui/screens/probe-screen-lab.test.tsx',
	'test/probe/ping-host.test.ts',
	'test/stores/store-lock.test.ts',
	'test/stores/store-full-disk.test.ts',
	// tsc over a copy of source/ with a stub fourth cloud (20-60 s of one core).
	'test/domain/stub-cloud.test.ts',
].filter((file) => !serial.includes(file) && !inProcess.includes(file));

// The unit files that need the source imported afresh (vitest's isolate). Every other unit file shares one
// import per worker (isolate: false): the SDKs, React and Ink load once per worker instead of once per file,
// and no process starts per file, which halves the unit tests' CPU time. A worker is kept only while the next
// file in the queue is a `unit` one too: vitest's order (by project name) keeps them together, while
// --sequence.shuffle mixes the projects and starts workers again (imports 49 s instead of 17 in a full run).
const isolated = [
	// Ink reads CI once, at import; this test drops it before it imports the wizard.
	'test/ui/screens/run-wizard-warnings.test.ts',
	// It counts the background searches a wizard starts: with a shared import some are warm already.
	'test/ui/screens/warm-engine.test.tsx',
	// It loses the process's output, which stays lost for the process (probe/output-lost.ts): every later probe
	// in that worker would stop at once.
	'test/probe/interrupt.test.ts',
];

const shared = {env: hermeticEnv, testTimeout: 60_000, hookTimeout: 120_000};
// The projects whose tests run the built CLI build it first (once per run); the unit projects need no build.
const built = {...shared, globalSetup: ['test/helpers/build-once.ts']};

// Files at once, one per core: vitest's default is one worker fewer than the cores, which is one on this
// two-core machine. (Three were slower: the children of the process tests want the cores too.)
const workers = availableParallelism();

export default defineConfig({
	test: {
		reporters: ['default', ['json', {outputFile: 'test-results.json'}]],
		projects: [
			// Everything else: the pure core, the screens in ink-testing-library, the providers against mocked cloud
			// APIs, sharing the source's modules between files (isolate: false).
			{
				test: {
					...shared,
					name: 'unit',
					include: ['test/**/*.test.{ts,tsx}'],
					exclude: [...serial, ...processes, ...isolated],
					maxWorkers: workers,
					isolate: false,
				},
			},
			{test: {...shared, name: 'unit-isolated', include: isolated, maxWorkers: workers}},
			// A process test's time limit is a hang guard, not a speed check: on a machine other programs keep busy
			// (load average 18 on two cores) one test of 33 CLI runs took 103 s.
			{test: {...built, name: 'processes', include: processes, maxWorkers: workers, testTimeout: 300_000}},
			{test: {...built, name: 'serial', include: serial, fileParallelism: false, sequence: {groupOrder: 1}}},
		],
	},
});

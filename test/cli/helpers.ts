// Runs the BUILT binary (node dist/cli.cjs) with a private config folder. The projects whose files run it
// (processes, serial) build it before their first file (test/helpers/build-once.ts).
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterAll, beforeAll} from 'vitest';

export const root = resolve(import.meta.dirname, '../..');
export const cliPath = join(root, 'dist', 'cli.cjs');

export interface CliResult {
	readonly status: number | null;
	readonly stdout: string;
	readonly stderr: string;
}

export function assertBuilt(): void {
	if (!existsSync(cliPath)) throw new Error(`${cliPath} is missing: run npm run bundle (the processes project does)`);
}

export function tempConfigDir(): string {
	return mkdtempSync(join(tmpdir(), 'netplace-cli-'));
}

export interface RunCliOptions {
	readonly configDir: string;
	readonly env?: Record<string, string>;
	readonly nodeArgs?: readonly string[];
	/** A command that runs node for it, e.g. `['setpriv', '--reuid=65534', …]` to run as another user. */
	readonly via?: readonly string[];
	/** The entry to run (default: dist/cli.cjs). */
	readonly cli?: string;
	/** Milliseconds before the run is killed (default 30 000). */
	readonly timeoutMs?: number;
}

export function runCli(args: readonly string[], options: RunCliOptions): CliResult {
	const argv = [process.execPath, ...(options.nodeArgs ?? []), options.cli ?? cliPath, ...args];
	const [command = process.execPath, ...rest] = [...(options.via ?? []), ...argv];
	const result = spawnSync(command, rest, {
		cwd: root,
		encoding: 'utf8',
		timeout: options.timeoutMs ?? 30_000,
		env: {
			...process.env,
			AWS_EC2_METADATA_DISABLED: 'true',
			METADATA_SERVER_DETECTION: 'none',
			NO_COLOR: '1',
			COLUMNS: '80',
			NETPLACE_CONFIG_DIR: options.configDir,
			...options.env,
		},
	});
	return {status: result.status, stdout: result.stdout, stderr: result.stderr};
}

export function lines(text: string): string[] {
	return text.split('\n').filter((line) => line.length > 0);
}

/**
 * A private config folder for the tests of one file, made before them and removed after the file:
 * `const configDir = configDirForFile()` at the top, then `configDir()` inside a test.
 */
export function configDirForFile(): () => string {
	let dir: string | undefined;
	beforeAll(() => {
		dir = tempConfigDir();
	});
	afterAll(() => {
		if (dir !== undefined) rmSync(dir, {recursive: true, force: true});
	});
	return () => {
		if (dir === undefined) throw new Error('configDirForFile: the folder exists only while the file runs');
		return dir;
	};
}

/**
 * One probe run saved as the store keeps it (results/<runId>.json, version 2 unless given): a lab pair of
 * `single` Gbps with one stream, 2 with eight; `extra` overrides run fields (e.g. aborted). Returns its path.
 */
export function storeRun(
	configDir: string,
	runId: string,
	single: number,
	finishedAt: string,
	extra: Record<string, unknown> = {},
	version = 2,
): string {
	const run = {
		runId,
		provider: 'lab',
		shape: 'custom',
		region: null,
		pairs: [
			{
				placement: 'default',
				published: {gbps: 2.1, kind: 'lab-cap'},
				results: [
					{streams: 1, gbps: single, min: single, max: single, samples: 1, retransmits: 0},
					{streams: 8, gbps: 2, min: 2, max: 2, samples: 1, retransmits: 3},
				],
				rtt: {medianMs: 0.17, avgMs: 0.19, mdevMs: 0.03},
				perFlowCeiling: {present: true, singleToAggregate: 0.33},
				percentOfPublished: 95.2,
				sustained: null,
			},
		],
		teardown: {complete: true, left: []},
		settings: {streams: [1, 8], durationSeconds: 2, repeat: 1, sustainedSeconds: null, pingCount: 50},
		finishedAt,
		...extra,
	};
	mkdirSync(join(configDir, 'results'), {recursive: true});
	const path = join(configDir, 'results', `${runId}.json`);
	writeFileSync(path, JSON.stringify({version, savedAt: finishedAt, run}));
	return path;
}

/** Issue 36's job: 300 TB from us-east-1 to eu-west-1 within 48 h on 16 streams at 75 ms (the CLI's flags). */
export const job300Tb: readonly string[] = [
	...['--cloud', 'aws', '--streams', '16', '--transfer', '300TB', '--within', '48h'],
	...['--path', 'cross-region', '--rtt', '75', '--region', 'us-east-1', '--to-region', 'eu-west-1'],
];

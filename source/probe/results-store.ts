// Probe results under the config folder (`results.json`, conf-backed like the profiles): each run with its
// settings, target, provider and time. Reads use the file directly (fast: `table` and `advise` read it and
// must not load conf); writes go through conf (atomic). A corrupt entry is reported and skipped but kept in
// the file; a wholly unreadable file is moved aside to `results.json.corrupt-<time>` and reported.

import {existsSync, readFileSync, renameSync} from 'node:fs';
import {join} from 'node:path';
import type {Measurement} from '../advisor/types.js';
import {configCwd, projectName} from '../profiles/config-dir.js';
import {configFolder} from '../profiles/config-folder.js';
import type {ProbeTarget} from '../providers/provider.js';
import {probeRunProblem} from './results-validate.js';
import {toMeasurements} from './to-measurements.js';
import type {ProbeRun} from './types.js';

export const resultsConfigName = 'results';
export const resultsVersion = 1;

export interface StoredProbeRun {
	readonly savedAt: string;
	readonly run: ProbeRun;
	/** What was asked for (shape, placements, lab shaping…), when known. */
	readonly target?: ProbeTarget;
}

interface ResultsFile {
	readonly version: number;
	/** Raw entries: valid ones and corrupt ones alike (never dropped). */
	readonly runs: unknown[];
}

export interface ReadOutcome {
	readonly runs: StoredProbeRun[];
	readonly problems: string[];
}

/** `<config folder>/results.json` (NETPLACE_CONFIG_DIR when set). */
export function resultsPath(): string {
	return join(configCwd() ?? configFolder(), `${resultsConfigName}.json`);
}

function moveAside(path: string, reason: string): string {
	const aside = `${path}.corrupt-${new Date().toISOString().replaceAll(':', '-')}`;
	renameSync(path, aside);
	return `the probe results file ${path} was unreadable (${reason}); kept it as ${aside} and started an empty one`;
}

/** The raw file, or an empty one; a wholly corrupt file is moved aside (reported in `problems`). */
function readRaw(problems: string[]): ResultsFile {
	const path = resultsPath();
	if (!existsSync(path)) return {version: resultsVersion, runs: []};
	const text = readFileSync(path, 'utf8');
	if (text.trim() === '') return {version: resultsVersion, runs: []};
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		problems.push(moveAside(path, 'not valid JSON'));
		return {version: resultsVersion, runs: []};
	}

	const data =
		typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
			? (parsed as Record<string, unknown>)
			: null;
	if (data === null || !Array.isArray(data['runs'])) {
		problems.push(moveAside(path, 'no list of runs'));
		return {version: resultsVersion, runs: []};
	}

	if (typeof data['version'] === 'number' && data['version'] > resultsVersion) {
		problems.push(moveAside(path, `written by a newer netplace (version ${data['version']})`));
		return {version: resultsVersion, runs: []};
	}

	return {version: resultsVersion, runs: data['runs'] as unknown[]};
}

function entryProblem(entry: unknown): string | null {
	if (typeof entry !== 'object' || entry === null) return 'not an object';
	const record = entry as Record<string, unknown>;
	if (typeof record['savedAt'] !== 'string') return 'savedAt is missing';
	return probeRunProblem(record['run']);
}

/** Every readable run, oldest first, and a line per entry that could not be read. */
export function readProbeRuns(): ReadOutcome {
	const problems: string[] = [];
	const file = readRaw(problems);
	const runs: StoredProbeRun[] = [];
	for (const [index, entry] of file.runs.entries()) {
		const problem = entryProblem(entry);
		if (problem === null) {
			runs.push(entry as StoredProbeRun);
			continue;
		}

		const record = typeof entry === 'object' && entry !== null ? (entry as {run?: {runId?: unknown}}) : {};
		const id = typeof record.run?.runId === 'string' ? ` (${record.run.runId})` : '';
		problems.push(`probe result ${index + 1}${id} in ${resultsPath()} skipped: ${problem}`);
	}

	return {runs, problems};
}

export function listProbeRuns(): StoredProbeRun[] {
	return readProbeRuns().runs;
}

export function getProbeRun(runId: string): StoredProbeRun | undefined {
	return listProbeRuns().find((entry) => entry.run.runId === runId);
}

/** Every saved run as advisor evidence (source 'probe'). */
export function loadProbeMeasurements(): {measurements: Measurement[]; problems: string[]} {
	const {runs, problems} = readProbeRuns();
	return {measurements: runs.flatMap((entry) => toMeasurements(entry.run)), problems};
}

/** Loads conf ahead of `saveProbeRun` (a probe calls it while it runs, so saving adds no wait at the end). */
export async function preloadResultsStore(): Promise<void> {
	await import('conf');
}

/** Appends the run (corrupt entries already in the file stay). Returns the file and any problem met. */
export async function saveProbeRun(run: ProbeRun, target?: ProbeTarget): Promise<{path: string; problems: string[]}> {
	const problems: string[] = [];
	const file = readRaw(problems);
	const {default: Conf} = await import('conf');
	const cwd = configCwd();
	const conf = new Conf<{version: number; runs: unknown[]}>({
		projectName,
		projectSuffix: '',
		configName: resultsConfigName,
		accessPropertiesByDotNotation: false,
		// readRaw already decided what the file holds; conf must not throw on it.
		deserialize: () => ({version: file.version, runs: file.runs}),
		...(cwd === undefined ? {} : {cwd}),
	});
	const entry: StoredProbeRun = {savedAt: new Date().toISOString(), run, ...(target ? {target} : {})};
	conf.store = {version: resultsVersion, runs: [...file.runs, JSON.parse(JSON.stringify(entry)) as unknown]};
	return {path: conf.path, problems};
}

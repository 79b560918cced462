// `netplace explain`: files in, each test attributed to the limit that bound it beside the model's prediction
// for its shape and path, with the decision order's next step. One path for both faces (the CLI and the
// wizard's result screen): read (probe/explain-*.ts), predict (sizing), attribute and advise (advice/explain-*.ts).

import type {ExplainAnswer, ExplainedTest} from '../advice/explain-answer.js';
import {attributeLimit} from '../advice/explain-limit.js';
import {nextStep} from '../advice/explain-next.js';
import type {RealCloud} from '../domain/clouds.js';
import {type EvidenceView, evidenceView} from '../domain/evidence.js';
import type {ImportedTest} from '../domain/imported.js';
import type {Prediction, ShapeRecord} from '../domain/model-types.js';
import type {Workload} from '../domain/types.js';
import {type ImportedFile, parseImport} from '../probe/explain-import.js';
import {readImport} from '../probe/explain-read.js';
import {retransmitHeavyShare} from '../probe/validity.js';
import {predict} from '../sizing/model.js';
import {size} from '../sizing/search.js';

export type {ExplainAnswer, ExplainedTest} from '../advice/explain-answer.js';

interface Modelled {
	readonly configuration: ExplainedTest['configuration'];
	readonly prediction: Prediction | null;
	readonly record: ShapeRecord | null;
	readonly cloudFlowGbps: number | null;
	readonly instanceGbps: number | null;
	readonly notes: string[];
}

const noModel = (notes: string[] = []): Modelled => ({
	configuration: null,
	prediction: null,
	record: null,
	cloudFlowGbps: null,
	instanceGbps: null,
	notes,
});

/** The shape to predict for: the user's --shape first, else the one the file names. */
function shapeFor(test: ImportedTest, workload: Workload): {name: string; from: string} | null {
	const given = workload.shapes[0];
	if (given !== undefined) return {name: given, from: '--shape'};
	const named = test.place?.shape ?? null;
	return named === null ? null : {name: named, from: test.place?.source ?? 'the file'};
}

function recordOf(shapes: readonly ShapeRecord[], name: string, cloud: RealCloud | null): ShapeRecord | null {
	const lower = name.toLowerCase();
	return (
		shapes.find((record) => record.shape.toLowerCase() === lower && (cloud === null || record.cloud === cloud)) ?? null
	);
}

/** The workload for this test: its streams, its shape, and the file's place where the flags leave it open. */
function workloadFor(test: ImportedTest, workload: Workload, record: ShapeRecord): Workload {
	const place = test.place;
	return {
		...workload,
		cloud: record.cloud,
		shapes: [record.shape],
		streams: test.streams,
		placement: workload.placement ?? place?.placement ?? 'default',
		enaExpress: workload.enaExpress ?? false,
		tier1: workload.tier1 ?? false,
		path: workload.path !== 'same-zone' ? workload.path : (place?.path ?? workload.path),
		region: workload.region ?? place?.region ?? null,
		rttMs: workload.rttMs ?? test.tcp?.minRttMs ?? null,
		// The file measured its hosts as they were: the model beside it is not the plan's tuned hosts.
		hostsAsIs: true,
		minGbps: null,
	};
}

function modelFor(
	test: ImportedTest,
	workload: Workload,
	shapes: readonly ShapeRecord[],
	evidence: EvidenceView,
): Modelled {
	const shape = shapeFor(test, workload);
	if (shape === null) return noModel();
	const cloud = workload.cloud === 'any' || workload.cloud === 'lab' ? (test.place?.cloud ?? null) : workload.cloud;
	const record = recordOf(shapes, shape.name, cloud);
	if (record === null)
		return noModel([`the shape ${shape.name} (from ${shape.from}) is not in the catalogue: no prediction`]);
	const asked = workloadFor(test, workload, record);
	const chosen = size(asked, [record], evidence, 1).configurations[0];
	if (chosen === undefined) return noModel([`the model has no configuration of ${record.shape} for this workload`]);
	const {cloud: chosenCloud, shape: chosenShape, placement, ocpus, options, streams} = chosen;
	const configuration = {cloud: chosenCloud, shape: chosenShape, placement, ocpus, options, streams};
	const predictOptions = {evidence, region: asked.region};
	const alone = predict({...configuration, streams: 1}, asked.path, record, {...predictOptions, pathTerms: false});
	const many = predict({...configuration, streams: 64}, asked.path, record, predictOptions);
	return {
		configuration: {...configuration, path: asked.path, from: shape.from},
		prediction: chosen.predicted,
		record,
		cloudFlowGbps: alone.singleFlowGbps,
		instanceGbps: many.aggregateGbps,
		notes: [],
	};
}

function burstFigures(record: ShapeRecord | null): {baselineGbps: number | null; peakGbps: number | null} {
	const {baselineGbps, peakGbps} = record?.bandwidth ?? {baselineGbps: null, peakGbps: null};
	// An "up to" shape: a peak over a lower baseline it falls to when its burst allowance is spent.
	if (baselineGbps === null || peakGbps === null || baselineGbps >= peakGbps)
		return {baselineGbps: null, peakGbps: null};
	return {baselineGbps, peakGbps};
}

function explainTest(
	test: ImportedTest,
	all: readonly ImportedTest[],
	workload: Workload,
	shapes: readonly ShapeRecord[],
	evidence: EvidenceView,
): ExplainedTest {
	const model = modelFor(test, workload, shapes, evidence);
	const attribution = attributeLimit(test, {
		prediction: model.prediction,
		...burstFigures(model.record),
		rttMs: workload.rttMs,
		heavyShare: retransmitHeavyShare,
		peers: all,
	});
	const next = nextStep(attribution.limit, test, {
		cloud: model.configuration?.cloud ?? null,
		placement: model.configuration?.placement ?? null,
		prediction: model.prediction,
		cloudFlowGbps: model.cloudFlowGbps,
		instanceGbps: model.instanceGbps,
		rttMs: workload.rttMs,
	});
	return {
		test,
		configuration: model.configuration,
		prediction: model.prediction,
		attribution,
		next,
		notes: model.notes,
	};
}

/** Reads every file first (one bad file: one line, nothing explained), then explains each test. */
export function readImports(files: readonly string[]): ImportedFile[] {
	return files.map((file) => parseImport(readImport(file), file));
}

/** The explanation of already-read files over the catalogue's `shapes` and the evidence's measurements. */
export function explainImports(
	imported: readonly ImportedFile[],
	workload: Workload,
	shapes: readonly ShapeRecord[],
	measurements: Parameters<typeof evidenceView>[0],
): ExplainAnswer {
	// The model beside a file is the study's and the user's probes': never an imported figure (the file's own,
	// once saved, would be compared with itself).
	const evidence = evidenceView(measurements.filter((measurement) => measurement.source !== 'imported'));
	const all = imported.flatMap((file) => file.tests);
	return {
		files: imported.map(({file, notes}) => ({file, notes})),
		tests: all.map((test) => explainTest(test, all, workload, shapes, evidence)),
	};
}

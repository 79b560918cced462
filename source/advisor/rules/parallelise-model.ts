// parallelise, decided by the model: per cloud, how far one flow goes against what the instance carries,
// and how many streams collect it. The user's stream count is the most the data path can open: when more
// are needed, the step says what parallelising the path would buy and goes after the steps that work
// within it.

import {studyShapes} from '../catalogue.js';
import {present, throughputFigure} from '../evidence.js';
import {gbps, listed, percent} from '../format.js';
import type {EvidenceFigure, RealCloud} from '../types.js';
import {noCeilingShare, type RuleContext, type StepDraft} from './context.js';
import {configurationName, plateauOf, streamsToCollect} from './model-words.js';
import type {SizingView} from './sizing-view.js';

interface Subject {
	readonly cloud: RealCloud;
	readonly name: string;
	readonly single: number;
	readonly plateau: number;
	readonly current: number;
	readonly needed: number;
	readonly footing: string;
}

/** The shapes a cloud's finding rests on: the user's probes when there are any, else the study's shapes. */
function shapesOf(context: RuleContext, cloud: RealCloud): {shapes: readonly string[]; probed: boolean} {
	const probed = context.view
		.probesOf(cloud)
		.filter((cell) => cell.singleFlowGbps !== null && cell.aggregateGbps !== null)
		.map((cell) => cell.shape);
	return probed.length > 0 ? {shapes: [...new Set(probed)], probed: true} : {shapes: studyOf[cloud], probed: false};
}

const studyOf: Readonly<Record<RealCloud, readonly string[]>> = {
	aws: [studyShapes.awsGeneral, studyShapes.awsNetwork],
	gcp: [studyShapes.gcp],
	oci: [studyShapes.oci],
};

function subjectsOf(context: RuleContext, view: SizingView, cloud: RealCloud): Subject[] {
	const {shapes, probed} = shapesOf(context, cloud);
	const study = shapes.map((shape) => view.candidate(cloud, shape, 'default'));
	const top = view.result.configurations.find((entry) => entry.cloud === cloud);
	const topCandidate =
		top === undefined || studyOf[cloud].includes(top.shape)
			? null
			: view
					.ofShape(top.cloud, top.shape)
					.find(
						(candidate) =>
							candidate.configuration.shape === top.shape &&
							candidate.configuration.placement === top.placement &&
							candidate.configuration.ocpus === top.ocpus &&
							candidate.configuration.options.enaExpress === top.options.enaExpress &&
							candidate.configuration.options.tier1 === top.options.tier1,
					);
	return [...study, probed ? null : (topCandidate ?? null)].flatMap((candidate) => {
		if (candidate === null) return [];
		const single = candidate.prediction.singleFlowGbps;
		const plateau = plateauOf(view, candidate).aggregateGbps;
		if (single === null || plateau === null || plateau <= 0) return [];
		return [
			{
				cloud,
				name: configurationName(candidate),
				single,
				plateau,
				current: candidate.prediction.aggregateGbps ?? single,
				needed: streamsToCollect(view, candidate),
				footing: `${candidate.prediction.footing.singleFlow}${probed ? ', your probe' : ''}`,
			},
		];
	});
}

function studyEvidence(context: RuleContext, clouds: readonly RealCloud[]): EvidenceFigure[] {
	return present(
		clouds.flatMap((cloud) =>
			shapesOf(context, cloud).shapes.flatMap((shape) => {
				const cell = context.view.cell(cloud, shape, 'default');
				return cell === undefined ? [] : [throughputFigure(cell, 'single'), throughputFigure(cell, 'aggregate')];
			}),
		),
	);
}

const upper = (clouds: readonly RealCloud[]) => listed([...new Set(clouds)].map((cloud) => cloud.toUpperCase()));

function reach(subject: Subject): string {
	return `one flow ${gbps(subject.single)} Gbps against ${gbps(subject.plateau)} on ${subject.name} (${percent(subject.single / subject.plateau)}, ${subject.footing})`;
}

export function modelParallelise(context: RuleContext, view: SizingView): StepDraft | null {
	const clouds = context.clouds.filter((cloud): cloud is RealCloud => cloud !== 'lab');
	const subjects = clouds.flatMap((cloud) => subjectsOf(context, view, cloud));
	if (subjects.length === 0) return null;
	const evidence = studyEvidence(context, clouds);
	const capped = subjects.filter((subject) => subject.single / subject.plateau < noCeilingShare);
	const free = subjects.filter((subject) => !capped.some((other) => other.cloud === subject.cloud));
	const freeClause = free.length > 0 ? `; not needed on ${upper(free.map((subject) => subject.cloud))}` : '';
	if (capped.length === 0) {
		return {
			id: 'parallelise',
			verdict: 'not-needed',
			title: `Parallel streams are not needed on ${upper(subjects.map((subject) => subject.cloud))}`,
			why: `${listed(subjects.map(reach))}: no per-flow ceiling detected`,
			evidence,
		};
	}

	const where = upper(capped.map((subject) => subject.cloud));
	const streams = context.workload.streams;
	const needed = Math.max(...capped.map((subject) => subject.needed));
	if (streams >= needed) {
		return {
			id: 'parallelise',
			verdict: 'satisfied',
			title: `Your ${String(streams)} parallel streams already collect what the instances carry on ${where}`,
			why: `${listed(capped.map(reach))}; ${String(needed)} streams are enough${freeClause}`,
			evidence,
		};
	}

	const short = capped.filter((subject) => subject.needed > streams);
	const gains = short.map(
		(subject) =>
			`${String(subject.needed)} streams collect ${gbps(subject.plateau)} Gbps on ${subject.name}, ${String(streams)} get ${gbps(subject.current)}`,
	);
	const biggest = [...short].sort((a, b) => b.plateau - b.current - (a.plateau - a.current))[0];
	return {
		id: 'parallelise',
		verdict: 'consider',
		title: `Parallelise the data path if it can open more than ${String(streams)}: ${String(biggest?.needed ?? needed)} streams collect ${gbps(biggest?.plateau)} Gbps on ${biggest?.name ?? where}`,
		why: `your path opens ${String(streams)}; on ${where} ${listed(capped.map(reach))}; ${listed(gains)}${freeClause}`,
		evidence,
		outsideStreams: true,
	};
}

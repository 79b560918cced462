import {Box, Text} from 'ink';
import {useCallback, useEffect, useMemo} from 'react';
import type {ShapeRecord} from '../../../domain/model-types.js';
import type {Workload} from '../../../domain/types.js';
import {theme} from '../../../present/theme.js';
import {pingRttMeter, type RttMeter, type RttReading} from '../../../session/measure-rtt.js';
import {OptionList} from '../../components/option-list.js';
import {TypeAheadFlow} from '../../components/type-ahead/type-ahead-flow.js';
import type {PickItem} from '../../components/type-ahead/type-ahead-reducer.js';
import {type Question, yesNoIndex} from './questions.js';
import type {QuestionsState} from './questions-reducer.js';
import {answersIfKept, currentQuestion, offListAnswer, previewOf, progressOf} from './questions-reducer.js';
import {shapeItem} from './shape-item.js';
import {regionItems} from './sizing-questions.js';
import {useQuestionsInput} from './use-questions-input.js';
import {useQuestionsState} from './use-questions-state.js';

export interface QuestionsScreenProps {
	readonly initialWorkload: Workload;
	/** The question to open on (Esc on the result steps back to the last one); default the first. */
	readonly initialIndex?: number;
	/** That question alone (the result screen's answers list): Enter keeps the answer, Esc leaves it. */
	readonly only?: boolean;
	/** With `only`: the answers with the highlighted choice taken, each time it changes (the card re-ranks). */
	readonly onPreview?: (workload: Workload) => void;
	readonly isActive: boolean;
	readonly onAnswered: (workload: Workload) => void;
	readonly onCancel: () => void;
	readonly onInterrupt: () => void;
	/** The catalogue, for the shape question's type-ahead; null while it loads. */
	readonly shapes?: readonly ShapeRecord[] | null;
	readonly width?: number;
	/**
	 * Called, once each question's frame is drawn, with the answers the questions end with when Enter is
	 * pressed on each one left (most are optional and open on "any"): the answer for them is worked out while
	 * the user reads, and is ready when the last Enter comes. Moving the cursor asks for nothing.
	 */
	readonly prepare?: (workload: Workload) => void;
	/** Measures the round trip to a host for the RTT question's "measure it" (default: ping from here). */
	readonly rttMeter?: RttMeter;
}

/** Longer than Ink's frame interval (30 fps): the question's frame is written before the work starts. */
const prepareAfterMs = 35;

/** The question screens: state hook + input hook + view; reports the answers when the last one is given. */
export function QuestionsScreen(props: QuestionsScreenProps) {
	const {initialWorkload, initialIndex = 0, only = false, isActive, onAnswered, onCancel, onInterrupt} = props;
	const {shapes = null, width = 80, prepare, onPreview, rttMeter = pingRttMeter} = props;
	const [state, actions] = useQuestionsState(
		{workload: initialWorkload, index: initialIndex, only},
		{onAnswered, onCancel},
	);
	const preview = useMemo(() => previewOf(state), [state]);
	useEffect(() => {
		if (!state.done && !state.cancelled) onPreview?.(preview);
	}, [preview, onPreview, state.done, state.cancelled]);
	const upcoming = useMemo(() => answersIfKept(state.workload, state.index), [state.workload, state.index]);
	useEffect(() => {
		if (upcoming === null || prepare === undefined) return;
		const timer = setTimeout(() => prepare(upcoming), prepareAfterMs);
		return () => clearTimeout(timer);
	}, [upcoming, prepare]);
	usePing(state.pinging, rttMeter, actions.measured);
	const open = isActive && !state.done && !state.cancelled;
	useQuestionsInput(state, actions, {isActive: open && !state.picking, onInterrupt});
	const {cloud} = state.workload;
	const asked = currentQuestion(state)?.id;
	const region = asked === 'region' || asked === 'toRegion';
	const items = useMemo(
		() =>
			region
				? regionItems(cloud)
				: (shapes ?? []).filter((record) => cloud === 'any' || record.cloud === cloud).map(shapeItem),
		[shapes, cloud, region],
	);
	const {picked, back} = actions;
	const onChoose = useCallback((item: PickItem | null) => picked(item?.value ?? null), [picked]);
	if (state.picking) {
		return (
			<Box flexDirection="column">
				<Text bold color={theme.text.heading}>
					{region ? `Which ${cloud.toUpperCase()} region? Type part of its name` : 'Which shape? Type part of its name'}
				</Text>
				{shapes || region ? null : <Text color={theme.text.muted}>Loading the shape catalogue…</Text>}
				<TypeAheadFlow
					key={region ? 'region' : 'shape'}
					items={items}
					prompt={region ? 'Region' : 'Shape'}
					width={width}
					isActive={open}
					onChoose={onChoose}
					onBack={back}
					onInterrupt={onInterrupt}
				/>
				<Text color={theme.text.muted}>↑/↓ move · Enter choose (empty: none) · Esc back to the choices</Text>
			</Box>
		);
	}

	return <QuestionView state={state} />;
}

/** Measures the round trip to the host being pinged, once per host; a reading that comes after Esc is dropped. */
function usePing(host: string | null, meter: RttMeter, measured: (reading: RttReading) => void): void {
	useEffect(() => {
		if (host === null) return;
		const controller = new AbortController();
		void meter(host, controller.signal).then(
			(reading) => controller.signal.aborted || measured(reading),
			(error: unknown) => controller.signal.aborted || measured({ok: false, error: String(error)}),
		);
		return () => controller.abort();
	}, [host, meter, measured]);
}

/** The choices; the typed option shows a value no option holds (`--streams 3`): "Type a number… (3)". */
function optionLabels(question: Question, state: QuestionsState): readonly string[] {
	const typed = offListAnswer(question, state.workload);
	return question.options.map((option) =>
		option.value === 'type' && typed !== null ? `${option.label} (${typed})` : option.label,
	);
}

/** The keys this question takes: y/n where it is a yes/no question; Esc quits on the first one. */
export function footer(question: Question, state: QuestionsState): string {
	if (state.pinging !== null) return 'measuring…';
	if (state.typing) {
		const what = state.measuring ? 'a host' : question.id === 'transfer' ? 'a size and a time' : 'a number';
		return `type ${what} · Enter ${state.measuring ? 'measure' : 'confirm'} · Esc back to the choices`;
	}
	const yesNo = yesNoIndex(question, true) >= 0 ? ' · y/n answer' : '';
	if (state.only) return `↑/↓ choose (the answer follows)${yesNo} · Enter keep · Esc leave it as it was`;
	return `↑/↓ choose${yesNo} · Enter next · Esc ${state.index === 0 ? 'quit' : 'back'}`;
}

/** One question a screen: progress, the question, its choices or an open number field. */
function QuestionView({state}: {readonly state: QuestionsState}) {
	const question = currentQuestion(state);
	if (!question) {
		return null;
	}

	const {position, total} = progressOf(state);
	return (
		<Box flexDirection="column">
			<Text color={theme.text.muted}>{state.only ? 'change one answer' : `netplace · ${position} of ${total}`}</Text>
			<Text bold color={theme.text.heading}>
				{question.title}
			</Text>
			<Text color={theme.text.muted}>{question.help}</Text>
			<Box marginTop={1} flexDirection="column">
				{state.pinging !== null ? (
					<Text>Pinging {state.pinging} from this machine (5 echoes)…</Text>
				) : state.typing ? (
					<Text>
						{state.measuring ? 'Host at the far end (name or address)' : (question.typePrompt ?? 'Value')}:{' '}
						<Text color={theme.text.accent}>{state.draft}</Text>
						<Text inverse> </Text>
					</Text>
				) : (
					<OptionList labels={optionLabels(question, state)} cursor={state.cursor} />
				)}
			</Box>
			{state.error ? <Text color={theme.status.error}>{state.error}</Text> : null}
			{state.note ? <Text color={theme.text.muted}>{state.note}</Text> : null}
			<Box marginTop={1}>
				<Text color={theme.text.muted}>{footer(question, state)}</Text>
			</Box>
		</Box>
	);
}

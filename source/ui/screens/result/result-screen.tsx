import {useCallback, useMemo, useState} from 'react';
import type {RankedConfiguration} from '../../../domain/model-types.js';
import type {Workload} from '../../../domain/types.js';
import {renderSessionMarkdown, type SessionProbe} from '../../../session/session-markdown.js';
import {placementsInScope, type SessionEvidence, type SizingEngine} from '../../../session/sizing-engine.js';
import type {WhatIfAction, WhatIfState} from '../../../session/what-if.js';
import {useScroll} from '../../components/scroll/use-scroll.js';
import {AnswersPanel, answersPanelRows} from '../answers/answers-panel.js';
import {useAnswersState} from '../answers/use-answers-state.js';
import {useExportState} from '../export/use-export-state.js';
import type {ProfileSaverSource} from '../save/profile-saver.js';
import {useSaveState} from '../save/use-save-state.js';
import {useNameEntryInput} from '../use-name-entry-input.js';
import {explainPanelLines} from './explain-panel-lines.js';
import {explainKeysText, helpKeysText, resultHelpLines} from './result-keys.js';
import {resultLines} from './result-lines.js';
import {ResultView, viewportRows} from './result-view.js';
import {type ResultNavigation, useResultInput} from './use-result-input.js';
import {useSessionAnswer} from './use-session-answer.js';

export interface ResultNavigationWithProbe extends Omit<ResultNavigation, 'probe'> {
	/** `p`: open the probe form on this configuration (null: the form's defaults). */
	readonly probe: (configuration: RankedConfiguration | null) => void;
	/** An answer changed from the answers list: the answers the result now stands on. */
	readonly answer: (workload: Workload) => void;
}

export interface ResultScreenProps {
	readonly whatIf: WhatIfState;
	readonly onWhatIf: (action: WhatIfAction) => void;
	/** The catalogue and its search; null only when it failed to load (the study's shapes then). */
	readonly engine: SizingEngine | null;
	readonly engineProblem: string | null;
	readonly evidence: SessionEvidence;
	/** What the evidence loader could not read. */
	readonly evidenceProblems: readonly string[];
	readonly probes: readonly SessionProbe[];
	readonly profileStore: ProfileSaverSource;
	readonly probeRunIds: readonly string[];
	/** Terminal columns. 164 and more: decision order beside the table; less: stacked. */
	readonly width: number;
	/** Terminal rows: the result scrolls within them; undefined shows it whole. */
	readonly rows: number | undefined;
	readonly isActive: boolean;
	readonly navigation: ResultNavigationWithProbe;
}

/** The result screen: what-if, scroll, the answers list, the save and export panels' state and keys, the view. */
export function ResultScreen(props: ResultScreenProps) {
	const {onWhatIf, engine, evidence, probes, profileStore, probeRunIds, width, rows, isActive} = props;
	// While an answer is open in the answers list, the card follows the highlighted choice.
	const [preview, setPreview] = useState<Workload | null>(null);
	const whatIf = useMemo(
		() => (preview ? {...props.whatIf, workload: preview} : props.whatIf),
		[preview, props.whatIf],
	);
	const {workload} = whatIf;
	const answer = useSessionAnswer(engine, workload, evidence);
	const {advice, card, pick} = answer;
	const [save, saveActions] = useSaveState({store: profileStore, workload, advice, probeRunIds});
	const markdown = useCallback(
		() => renderSessionMarkdown({workload, card, advice, probes, writtenAt: new Date().toISOString()}),
		[workload, card, advice, probes],
	);
	const [exported, exportActions] = useExportState(markdown);
	const [answers, answersActions] = useAnswersState();
	const [askingRestart, askRestart] = useState(false);
	const [helpOpen, showHelp] = useState(false);
	const [explainOpen, showExplain] = useState(false);
	const {engineProblem, evidenceProblems} = props;
	const lines = useMemo(
		() => resultLines({whatIf, advice, card, engineProblem, warnings: evidenceProblems, width}),
		[whatIf, advice, card, engineProblem, evidenceProblems, width],
	);
	const helpLines = useMemo(() => resultHelpLines(width), [width]);
	// Read from the stores when opened, again each time (a probe may have added a run).
	const explained = useMemo(
		() => (explainOpen ? explainPanelLines(workload, engine?.shapes ?? [], evidence.measurements, width) : []),
		[explainOpen, workload, engine, evidence, width],
	);
	const panelRows = answers.open ? answersPanelRows(props.whatIf.workload, answers) : undefined;
	const viewport = viewportRows(width, rows, panelRows);
	const answerScroll = useScroll(lines.length, viewport);
	// The help scrolls as the answer does (the one scroll), and keeps its own place.
	const helpScroll = useScroll(helpLines.length, viewport);
	const explainScroll = useScroll(explained.length, viewport);
	const {offset, scroll} = helpOpen ? helpScroll : explainOpen ? explainScroll : answerScroll;
	const naming = save.mode === 'naming';
	const exporting = exported.mode === 'naming';
	const {navigation} = props;
	const resultActions = useMemo(
		() => ({
			startSaving: saveActions.startNaming,
			startExport: exportActions.start,
			whatIf: onWhatIf,
			cyclePlacement: () =>
				onWhatIf({type: 'cycle-placement', placements: engine ? placementsInScope(engine.shapes, workload.cloud) : []}),
			scroll,
			openAnswers: answersActions.open,
			showHelp,
			showExplain,
			askRestart,
			navigation: {...navigation, probe: () => navigation.probe(pick)},
		}),
		[saveActions, exportActions, onWhatIf, engine, workload.cloud, scroll, answersActions, navigation, pick],
	);
	const interrupt = navigation.interrupt;
	useNameEntryInput(
		{...saveActions, draft: save.draft, asking: save.asking !== null},
		{isActive: isActive && naming, onInterrupt: interrupt},
	);
	useNameEntryInput(
		{...exportActions, draft: exported.draft},
		{isActive: isActive && exporting, onInterrupt: interrupt},
	);
	useResultInput(resultActions, {
		isActive: isActive && !naming && !exporting && !answers.open,
		askingRestart,
		helpOpen,
		explainOpen,
	});
	const panel = answers.open ? (
		<AnswersPanel
			workload={props.whatIf.workload}
			state={answers}
			actions={answersActions}
			shapes={engine?.shapes ?? null}
			width={width}
			isActive={isActive}
			onKeep={navigation.answer}
			onPreview={setPreview}
			onInterrupt={interrupt}
		/>
	) : null;
	return (
		<ResultView
			workload={workload}
			lines={helpOpen ? helpLines : explainOpen ? explained : lines}
			keysText={helpOpen ? helpKeysText : explainOpen ? explainKeysText : undefined}
			save={save}
			exported={exported}
			panel={panel}
			askingRestart={askingRestart}
			width={width}
			viewport={viewport}
			offset={offset}
		/>
	);
}

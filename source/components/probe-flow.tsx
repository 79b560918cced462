import {useMemo} from 'react';
import {advise, referenceMeasurements} from '../advisor/index.js';
import type {Measurement, Workload} from '../advisor/types.js';
import type {ProbeEngineLoader, ProviderLoaders} from '../wizard/probe-engine.js';
import {workloadForProvider} from '../wizard/probe-results.js';
import {useProbeInput} from '../wizard/use-probe-input.js';
import {useProbeScreen} from '../wizard/use-probe-screen.js';
import {ProbeScreen} from './probe-screen.js';

export interface ProbeFlowProps {
	readonly workload: Workload;
	readonly providers: ProviderLoaders;
	readonly probeEngine: ProbeEngineLoader;
	readonly width: number;
	readonly isActive: boolean;
	readonly onClose: () => void;
	readonly onFinished: (runId: string, measurements: readonly Measurement[]) => void;
	readonly onQuit: (code: number) => void;
}

/** The probe screen: state hook (plan, run, abort), its keys, its view; advice recomputed from the run. */
export function ProbeFlow(props: ProbeFlowProps) {
	const {workload, providers, probeEngine, width, isActive, onClose, onFinished, onQuit} = props;
	const [state, actions] = useProbeScreen({providers, probeEngine, onFinished});
	const navigation = useMemo(() => ({close: onClose, quit: onQuit}), [onClose, onQuit]);
	useProbeInput(state, actions, navigation, {isActive});
	const {run, measurements} = state;
	const advice = useMemo(
		() =>
			run ? advise(workloadForProvider(workload, run.provider), [...referenceMeasurements(), ...measurements]) : null,
		[run, measurements, workload],
	);
	return <ProbeScreen state={state} advice={advice} width={width} />;
}

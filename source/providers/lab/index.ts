// The local lab provider (namespaces, tc shaping, the RTT delay line) and its pure helpers.

export {assertLabCapabilities, checkLabCapabilities, type LabCapabilities, rootProblem} from './capabilities.js';
export {createLabProvider, type LabProviderOptions} from './lab-provider.js';
export {typicalRttFloorMs} from './rtt-plan.js';
export {
	defaultLabScale,
	describeShaping,
	type LabShapingSpec,
	labGoodputFactor,
	labProfileIds,
	resolveLabShaping,
} from './shaping-spec.js';

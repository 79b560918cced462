// The local lab provider (namespaces, tc shaping, the RTT delay line) and its pure helpers.
export {createLabProvider, type LabProviderOptions} from './lab-provider.js';
export {
	defaultLabScale,
	describeShaping,
	labGoodputFactor,
	labProfileIds,
	resolveLabShaping,
	type LabShapingSpec,
} from './shaping-spec.js';
export {checkLabCapabilities, assertLabCapabilities, rootProblem, type LabCapabilities} from './capabilities.js';
export {typicalRttFloorMs} from './rtt-plan.js';

// The request layer: one bounds table, one workload builder, one probe request builder, which flags each
// command takes. Both faces (commands/ and the wizard's screens) build their requests here.

export {describeBound, labCapRange, labMaxRttMs, type NumberBound, requestBounds} from './bounds.js';
export {assertCommandFlags, commandFlags, workloadFlagNames} from './command-flags.js';
export {buildProbeRequest, commonProbeFields, type ProbeRequest, switchValue} from './probe-request.js';
export {type FieldProblem, ProblemList, problemsOf, RequestError} from './request-errors.js';
export {boundedList, boundedNumber, parseDecimal} from './request-number.js';
export {openCidrWarning, parseSshCidr, type SshCidr} from './ssh-cidr.js';
export {buildWorkload, presenceSwitch, type WorkloadFields} from './workload-request.js';

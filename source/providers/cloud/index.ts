// Pieces all three cloud providers share (AWS, GCP, OCI). No cloud SDK is imported here.

export {validateShape, validateSshCidr, isIpv6Cidr} from './validate.js';
export {estimateCost, formatUsd, type CostEstimate} from './cost.js';
export {runTags, runTagKey, expiresTagKey, isSafeRunId, labelSafe, type RunTags} from './run-tags.js';
export {startupScript, ttlMinutesFor, readyCheckArgv, type StartupScriptOptions} from './startup-script.js';
export {credentialsError, isCredentialsError} from './credentials.js';
export {ephemeralKeyPair, type EphemeralKeyPair} from './ssh-keys.js';
export {
	createCloudProvider,
	settleAll,
	type CloudBackend,
	type CloudPair,
	type CloudProviderOptions,
	type CloudRunContext,
	type SshEndpoint,
	type SshFactory,
} from './cloud-provider.js';

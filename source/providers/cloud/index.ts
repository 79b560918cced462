// Pieces all three cloud providers share (AWS, GCP, OCI). No cloud SDK is imported here.

export type {
	CloudBackend,
	CloudPair,
	CloudProviderOptions,
	CloudRunContext,
	SshEndpoint,
	SshFactory,
} from './backend.js';
export {createCloudProvider} from './cloud-provider.js';
export {type CostEstimate, estimateCost, formatUsd} from './cost.js';
export {credentialsError, isCredentialsError} from './credentials.js';
export {expiresTagKey, isSafeRunId, labelSafe, type RunTags, runTagKey, runTags} from './run-tags.js';
export {type EphemeralKeyPair, ed25519Pair, ephemeralKeyPair, type RunKeyPair, runKeyPair} from './ssh-keys.js';
export {readyCheckArgv, type StartupScriptOptions, startupScript, ttlMinutesFor} from './startup-script.js';
export {isIpv6Cidr, validateShape, validateSshCidr} from './validate.js';

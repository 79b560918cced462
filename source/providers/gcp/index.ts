// The GCP provider: Compute Engine through @google-cloud/compute v6 (loaded only when a GCP command runs).
// Published bandwidth is derived (per-vCPU rule and series cap), placements are default and COLLOCATED.
// The shared cloud skeleton owns the key pair, SSH and teardown; this backend (backend.ts) creates and
// deletes GCP resources.

import {skeletonOptions} from '../cloud/backend.js';
import {createCloudProvider} from '../cloud/cloud-provider.js';
import type {Provider} from '../provider.js';
import {gcpBackend} from './backend.js';
import {type GcpProviderOptions, newGcpState} from './gcp-state.js';

export type {GcpProviderOptions} from './gcp-state.js';

export function createGcpProvider(options: GcpProviderOptions = {}): Provider {
	// The skeleton maps provisioning failures (credentials one line, the rest naming the cloud).
	return createCloudProvider(gcpBackend(newGcpState(options)), skeletonOptions(options));
}

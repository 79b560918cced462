// The OCI provider: Core (compute, virtual network), Identity and Cluster Placement Groups through the
// oci-* 2.139.1 SDKs, loaded only when an OCI command runs. Published bandwidth from listShapes (per OCPU
// for Flex shapes); a cluster placement group where the tenancy has one, else default placement with a note.
// backend.ts is the backend; oci-state.ts its sessions; create-pairs.ts and provision.ts create a run.

import {skeletonOptions} from '../cloud/backend.js';
import {createCloudProvider} from '../cloud/cloud-provider.js';
import type {Provider} from '../provider.js';
import {ociBackend} from './backend.js';
import {newOciState, type OciProviderOptions} from './oci-state.js';

export type {OciClientsOption, OciProviderOptions} from './oci-state.js';

export function createOciProvider(options: OciProviderOptions = {}): Provider {
	// The skeleton maps provisioning failures (credentials one line, the rest naming the cloud).
	return createCloudProvider(ociBackend(newOciState(options)), skeletonOptions(options));
}

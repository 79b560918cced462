// The real sessions for `shapes --live`: each cloud's SDK client, only once its credentials have loaded
// locally (no API call is made to find out). Anything missing comes back as the reason nothing is called.

import {firstLineOf} from '../domain/errors.js';
import type {CliFlags} from '../request/flags.js';
import type {LiveSessions} from './shapes-live.js';

const nothingCalled = 'nothing was called';

export function liveSessions(flags: CliFlags): LiveSessions {
	return {
		async aws() {
			const {makeEc2Client, resolveRegion} = await import('../providers/aws/aws-client.js');
			let region: string;
			try {
				region = await resolveRegion(flags.region);
			} catch (error: unknown) {
				return `${firstLineOf(error)}; ${nothingCalled}`;
			}

			const client = makeEc2Client(region);
			try {
				await client.config.credentials();
			} catch {
				return `no AWS credentials (environment, AWS_PROFILE, ~/.aws); ${nothingCalled}`;
			}

			return {client, region};
		},

		async gcp() {
			const project = flags.project ?? process.env.GOOGLE_CLOUD_PROJECT ?? process.env.CLOUDSDK_CORE_PROJECT;
			if (!project) {
				return `no GCP project (--project or GOOGLE_CLOUD_PROJECT); ${nothingCalled}`;
			}

			const {loadGcpClients} = await import('../providers/gcp/clients.js');
			const clients = await loadGcpClients();
			try {
				await clients.checkCredentials?.();
			} catch {
				return `no GCP application default credentials; ${nothingCalled}`;
			}

			return {machineTypes: clients.machineTypes, project, zone: flags.zone ?? 'us-central1-a'};
		},

		async oci() {
			const {loadOciClients} = await import('../providers/oci/clients.js');
			try {
				const session = await loadOciClients(flags.region);
				const compartmentId = flags.compartment ?? session.tenancy;
				return {
					listShapes: async (request) => session.clients.compute.listShapes(request),
					compartmentId,
					region: session.region,
				};
			} catch {
				return `no OCI credentials (OCI_CONFIG_FILE or ~/.oci/config); ${nothingCalled}`;
			}
		},
	};
}

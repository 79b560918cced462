// What provisioning a pair on EC2 needs: the clients, the region, the run's time to live and the waiters'
// and retries' timing (provision.ts and instance-wait.ts both take it).

import type {EC2Client} from '@aws-sdk/client-ec2';
import type {ServiceQuotasClient} from '@aws-sdk/client-service-quotas';
import type {RetryTiming} from './aws-client.js';
import type {WaiterTiming} from './instance-tracker.js';

export interface AwsProvisionSettings {
	/** Every call retried, pauses cut short by the run's signal. */
	readonly client: EC2Client;
	/** The same, for the ledger's deletes: retried whatever the signal did. */
	readonly removalClient: EC2Client;
	readonly region: string;
	readonly ttlMinutes: number;
	readonly imageId?: string;
	readonly waiters: WaiterTiming;
	/** Backoff for eventual-consistency codes and for ENIs detaching from the security group. */
	readonly retry: RetryTiming;
	/** Service Quotas, for the vCPU preflight (null: not checked). */
	readonly quotas: ServiceQuotasClient | null;
}

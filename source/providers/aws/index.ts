// The AWS provider: EC2 through @aws-sdk/client-ec2 (imported only under source/providers/aws/, loaded
// lazily by the probe command). Provision -> SSH -> teardown is the shared cloud skeleton's; backend.ts
// wires EC2 into it, aws-state.ts holds the clients and timing.

import {skeletonOptions} from '../cloud/backend.js';
import {createCloudProvider} from '../cloud/cloud-provider.js';
import type {Provider} from '../provider.js';
import {silenceSdkWarnings} from './aws-client.js';
import {type AwsProviderOptions, newAwsState} from './aws-state.js';
import {awsBackend} from './backend.js';
import {enaCounterReader} from './ena-counters.js';

silenceSdkWarnings();

export {ingressRules} from './access.js';
export type {AwsClients, AwsProviderOptions, AwsTiming} from './aws-state.js';
export {placementSupportFromInstanceType, publishedFromInstanceType} from './instance-types.js';
export {awsNames, lookupPrice, planAws} from './plan.js';

export function createAwsProvider(options: AwsProviderOptions = {}): Provider {
	const provider = createCloudProvider(awsBackend(newAwsState(options)), skeletonOptions(options));
	// The ENA allowance counters, over the same SSH exec (ena-counters.ts).
	return {...provider, readLimitCounters: enaCounterReader(provider.exec)};
}

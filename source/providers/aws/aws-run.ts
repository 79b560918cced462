// One AWS run being provisioned: the target, the skeleton's run context, the clients and timing, and the
// instance tracker teardown waits on; and the tags every resource the run creates carries.

import type {ResourceType, TagSpecification} from '@aws-sdk/client-ec2';
import type {CloudRunContext} from '../cloud/backend.js';
import {runTags} from '../cloud/run-tags.js';
import type {ProbeTarget} from '../provider.js';
import type {InstanceTracker} from './instance-tracker.js';
import type {AwsProvisionSettings} from './provision-settings.js';

export interface AwsRun {
	readonly target: ProbeTarget;
	readonly context: CloudRunContext;
	readonly settings: AwsProvisionSettings;
	readonly tracker: InstanceTracker;
}

export function tagSpec(resourceType: ResourceType, name: string, runId: string, ttlMinutes: number): TagSpecification {
	const tags = runTags(runId, ttlMinutes * 60);
	return {
		ResourceType: resourceType,
		Tags: [...Object.entries(tags).map(([Key, Value]) => ({Key, Value})), {Key: 'Name', Value: name}],
	};
}

/** The run's tags (run id, expiry, Name) for one resource. */
export function runTagSpecs(run: AwsRun, type: ResourceType, name: string): TagSpecification[] {
	return [tagSpec(type, name, run.context.runId, run.settings.ttlMinutes)];
}

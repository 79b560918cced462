// Creates one pair of instances per placement on EC2, recording every resource in the run's ledger the
// moment it exists. Create calls are never cancelled mid-flight (their answer is what the ledger needs);
// the abort signal is checked between them and cancels the waiters. In order: what the run is built on
// (run-basis.ts), its key pair and security group (access.ts), then every placement's pair at once
// (launch-pair.ts); one failing stops the others.

import type {CloudPair, CloudRunContext} from '../cloud/backend.js';
import {settleAll} from '../cloud/parallel.js';
import {startupScript} from '../cloud/startup-script.js';
import type {ProbeTarget} from '../provider.js';
import {createAccess} from './access.js';
import type {AwsRun} from './aws-run.js';
import type {InstanceTracker} from './instance-tracker.js';
import {throwIfAborted} from './instance-wait.js';
import {launchPair} from './launch-pair.js';
import type {AwsProvisionSettings} from './provision-settings.js';
import {runBasis} from './run-basis.js';

export async function createAwsPairs(
	target: ProbeTarget,
	context: CloudRunContext,
	settings: AwsProvisionSettings,
	tracker: InstanceTracker,
): Promise<CloudPair[]> {
	const run: AwsRun = {target, context, settings, tracker};
	const basis = await runBasis(run);
	throwIfAborted(context.signal);
	const access = await createAccess(run, basis.network.vpcId);
	const stopOthers = new AbortController();
	const signal = context.signal ? AbortSignal.any([context.signal, stopOthers.signal]) : stopOthers.signal;
	const userData = Buffer.from(startupScript({ttlMinutes: settings.ttlMinutes})).toString('base64');
	const launch = {run, basis, access, userData, signal};
	return settleAll(
		target.placements.map(async (placement) => launchPair(launch, placement)),
		stopOthers,
	);
}

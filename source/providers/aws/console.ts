// An instance's console output through EC2 GetConsoleOutput (base64), where the startup script and
// cloud-init print the host key fingerprints. AWS documents this as the way to verify a new instance's
// host key before the first SSH connection ("Get the instance fingerprint": get-console-output).
// `Latest: true` asks Nitro instances for the newest output rather than the last buffered snapshot.

import {type EC2Client, GetConsoleOutputCommand} from '@aws-sdk/client-ec2';
import type {ConsoleReader} from '../cloud/host-key-pin.js';
import {call} from './aws-client.js';

export function awsConsole(client: EC2Client, instanceId: string): ConsoleReader {
	return async (signal) => {
		const answer = await call('GetConsoleOutput', async () =>
			client.send(new GetConsoleOutputCommand({InstanceId: instanceId, Latest: true}), {abortSignal: signal}),
		);
		return Buffer.from(answer.Output ?? '', 'base64').toString('utf8');
	};
}

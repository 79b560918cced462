// The SDK's Node-version warning is silenced, so it cannot scribble over the TUI. Its own file: the SDK
// warns once per process, so no other test may build a client first.

import {describe, expect, it, vi} from 'vitest';
import {createAwsProvider} from '../../../source/providers/aws/index.js';
import {awsTarget} from './aws-helpers.js';

async function errorOf(work: Promise<unknown>): Promise<unknown> {
	return work.then(
		() => undefined,
		(error: unknown) => error,
	);
}

describe('the AWS SDK Node-version warning', () => {
	it('is silenced before any client is built (it would print over the TUI on Node 20)', async () => {
		const emitWarning = vi.spyOn(process, 'emitWarning');
		expect(Number(process.versions.node.split('.')[0])).toBeLessThan(22); // the SDK would warn here
		const provider = createAwsProvider({region: 'us-west-2'});
		vi.stubEnv('AWS_ACCESS_KEY_ID', '');
		vi.stubEnv('AWS_SECRET_ACCESS_KEY', '');
		vi.stubEnv('AWS_PROFILE', 'netplace-no-such-profile');
		vi.stubEnv('AWS_CONFIG_FILE', '/nonexistent/netplace');
		vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', '/nonexistent/netplace');
		await errorOf(provider.publishedBandwidth(awsTarget)); // builds a real EC2Client; no credentials, no network
		expect(process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED).toBe('true');
		expect(emitWarning.mock.calls.map((call) => String(call[0]))).not.toContainEqual(
			expect.stringMatching(/NodeVersionSupportWarning/),
		);
		vi.unstubAllEnvs();
		vi.restoreAllMocks();
	});
});

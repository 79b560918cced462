// `netplace probe --provider aws --dry-run` prints the plan and its cost and creates nothing: it needs no
// credentials at all (the plan makes no EC2 call).

import {expect, it, vi} from 'vitest';
import {parseArgv} from '../../../source/cli/parse-argv.js';
import {probeCommand} from '../../../source/cli/probe.js';

it('dry run: every resource, instance-hours and dollars, exit 0, without credentials', async () => {
	vi.stubEnv('AWS_ACCESS_KEY_ID', '');
	vi.stubEnv('AWS_PROFILE', 'netplace-no-such-profile');
	vi.stubEnv('AWS_CONFIG_FILE', '/nonexistent/netplace');
	vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', '/nonexistent/netplace');
	let stdout = '';
	vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
		stdout += String(chunk);
		return true;
	});
	const {flags} = parseArgv([
		'probe',
		'--provider',
		'aws',
		'--shape',
		'c8gn.4xlarge',
		'--region',
		'us-west-2',
		'--placement',
		'default,cluster',
		'--ssh-cidr',
		'198.51.100.7/32',
		'--dry-run',
		'--json',
	]);
	const code = await probeCommand(flags).finally(() => {
		vi.restoreAllMocks();
		vi.unstubAllEnvs();
	});
	expect(code).toBe(0);
	const output = JSON.parse(stdout) as {
		dryRun: boolean;
		plan: {instances: number; estimatedCostUsd: number | null; resources: Array<{kind: string}>};
	};
	expect(output.dryRun).toBe(true);
	expect(output.plan.instances).toBe(4);
	expect(output.plan.resources.filter((resource) => resource.kind === 'placement-group')).toHaveLength(1);
	expect(output.plan.estimatedCostUsd).toBeGreaterThan(0);
	console.info(`aws dry run: ${output.plan.instances} instances, $${output.plan.estimatedCostUsd} estimated`);
});

// Whether the lab can run here, and why not: root, `ip netns` really works, the tools, the delay-line binary.
// Lab suites skip with the reason; with NETPLACE_REQUIRE_LAB=1 (CI) a missing lab fails instead.

import {execFileSync} from 'node:child_process';
import {describe, it} from 'vitest';
import {checkLabCapabilities, type LabCapabilities} from '../../source/providers/lab/capabilities.js';

export interface LabStatus {
	readonly ok: boolean;
	readonly reason: string | null;
	readonly capabilities: LabCapabilities;
}

let cached: LabStatus | undefined;

/** Create and delete a scratch namespace: the only sure test that namespaces work on this kernel. */
function namespacesWork(ip: string): string | null {
	const name = `netplace-labcheck-${process.pid}`;
	try {
		execFileSync(ip, ['netns', 'add', name], {stdio: 'pipe'});
		execFileSync(ip, ['netns', 'del', name], {stdio: 'pipe'});
		return null;
	} catch (error: unknown) {
		const stderr = (error as {stderr?: Buffer}).stderr?.toString().trim();
		return `ip netns add failed: ${stderr ?? String(error)}`;
	}
}

export function labStatus(options: {readonly overSsh?: boolean} = {}): LabStatus {
	if (cached && !options.overSsh) return cached;
	const capabilities = checkLabCapabilities(options);
	let reason = capabilities.problems[0] ?? null;
	if (reason === null) {
		const ip = capabilities.tools.find((tool) => tool.command === 'ip')?.path ?? 'ip';
		reason = namespacesWork(ip);
	}

	const status = {ok: reason === null, reason, capabilities};
	if (!options.overSsh) cached = status;
	return status;
}

export const labRequired = process.env.NETPLACE_REQUIRE_LAB === '1';

/**
 * A describe block that runs only where the lab can: skipped with the reason in its name, or, with
 * NETPLACE_REQUIRE_LAB=1, replaced by one failing test that says what is missing.
 */
export function describeLab(name: string, body: () => void, options: {readonly overSsh?: boolean} = {}): void {
	const status = labStatus(options);
	if (!status.ok && labRequired) {
		describe(name, () => {
			it('needs the lab (NETPLACE_REQUIRE_LAB=1)', () => {
				throw new Error(`the lab is required here but cannot run: ${status.reason ?? 'unknown'}`);
			});
		});
		return;
	}

	describe.skipIf(!status.ok)(status.ok ? name : `${name} [skipped: ${status.reason ?? ''}]`, body);
}

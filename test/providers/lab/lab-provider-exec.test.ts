// exec and startBackground in a lab namespace: no shell, streamed stdout, timeout, abort, TERM then KILL.
import {existsSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, expect, it, vi} from 'vitest';
import {InterruptedError, RuntimeError} from '../../../source/domain/errors.js';
import {createLabProvider} from '../../../source/providers/lab/index.js';
import type {HostPair, Provider} from '../../../source/providers/provider.js';
import {describeLab} from '../../helpers/lab.js';

const id = `np-e${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}`;
let provider: Provider;
let pair: HostPair;

function pidAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

describeLab('lab exec and background processes', () => {
	beforeAll(async () => {
		provider = createLabProvider();
		[pair] = (await provider.provision({shape: 'custom', placements: ['default'], lab: {}}, id)) as [HostPair];
	});

	afterAll(async () => {
		expect((await provider.teardown(id)).complete).toBe(true);
	});

	it('runs argv inside the namespace without a shell and streams stdout', async () => {
		const chunks: string[] = [];
		const result = await provider.exec(
			pair.server,
			['sh', '-c', 'echo "$0"; ip -o -4 addr show dev np0', '$(not expanded)'],
			{
				onStdout: (chunk) => chunks.push(chunk),
			},
		);
		expect(result.code).toBe(0);
		expect(result.stdout).toContain('$(not expanded)');
		expect(result.stdout).toContain('198.18.0.1/24');
		expect(chunks.join('')).toBe(result.stdout);
		const failed = await provider.exec(pair.client, ['false']);
		expect(failed.code).not.toBe(0);
	});

	it('times out with a RuntimeError and aborts with an InterruptedError, stopping the process', async () => {
		await expect(provider.exec(pair.client, ['sleep', '30'], {timeoutMs: 200})).rejects.toBeInstanceOf(RuntimeError);
		const controller = new AbortController();
		let pid = 0;
		const running = provider.exec(pair.client, ['sh', '-c', 'echo $$; exec sleep 30'], {
			signal: controller.signal,
			onStdout: (chunk) => {
				pid = Number(chunk.trim());
				controller.abort();
			},
		});
		await expect(running).rejects.toBeInstanceOf(InterruptedError);
		expect(pid).toBeGreaterThan(0);
		expect(pidAlive(pid)).toBe(false);
	});

	it('stops a background process that ignores SIGTERM with SIGKILL, and waits for it', async () => {
		const marker = join(tmpdir(), `${id}-ready`);
		const background = await provider.startBackground(pair.server, [
			'sh',
			'-c',
			`trap "" TERM; echo ready; touch ${marker}; while :; do sleep 0.05; done`,
		]);
		await vi.waitFor(() => expect(existsSync(marker)).toBe(true), {timeout: 10_000, interval: 20});
		rmSync(marker, {force: true});
		const started = Date.now();
		await background.stop();
		const result = await background.exited;
		expect(result.stdout).toContain('ready');
		expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
		await background.stop(); // idempotent
	});
});

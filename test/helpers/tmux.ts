// The BUILT CLI (`node dist/cli.cjs`, after `npm run build`) in a real terminal: a detached tmux session on
// its own socket, keys by `send-keys`, the screen read by `capture-pane`, polled until the expected text
// shows (content, not time). The pane stays after netplace exits and shows "netplace exited with N".

import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {join, resolve} from 'node:path';

export const root = resolve(import.meta.dirname, '..', '..');
export const cli = join(root, 'dist', 'cli.cjs');
export const hasTmux = spawnSync('tmux', ['-V']).status === 0;

export interface TmuxOptions {
	readonly args: readonly string[];
	readonly env: Readonly<Record<string, string>>;
	readonly width?: number;
	readonly height?: number;
	readonly nodeArgs?: readonly string[];
}

export interface TmuxCli {
	screen(): string;
	/** Only the visible pane (no scrollback). */
	visible(): string;
	waitForScreen(expected: string | RegExp | ((screen: string) => boolean), timeoutMs?: number): Promise<string>;
	send(
		key: string | readonly string[],
		expected: string | RegExp | ((screen: string) => boolean),
		timeoutMs?: number,
	): Promise<string>;
	/** The netplace process's id (the pane's shell runs it as its child). */
	pid(): number;
	kill(): void;
}

let sessions = 0;

export function startCli(options: TmuxOptions): TmuxCli {
	if (!existsSync(cli)) {
		throw new Error('dist/cli.cjs is missing: run `npm run bundle` (the processes project does it first)');
	}

	const socket = `netplace-test-${process.pid}-${sessions++}`;
	const session = 'cli';
	const tmux = (...args: string[]): string => {
		const result = spawnSync('tmux', ['-L', socket, ...args], {encoding: 'utf8'});
		if (result.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${result.stderr}`);
		return result.stdout;
	};

	const env = Object.entries({
		NO_COLOR: '1',
		AWS_EC2_METADATA_DISABLED: 'true',
		METADATA_SERVER_DETECTION: 'none',
		...options.env,
	}).map(([key, value]) => `${key}=${value}`);
	const command = [
		'env',
		...env,
		process.execPath,
		...(options.nodeArgs ?? []),
		cli,
		...options.args,
		'; echo "netplace exited with $?"',
	].join(' ');
	tmux(
		'new-session',
		'-d',
		'-s',
		session,
		'-x',
		String(options.width ?? 100),
		'-y',
		String(options.height ?? 50),
		command,
	);
	tmux('set-option', '-t', session, 'remain-on-exit', 'on');
	const screen = (): string => tmux('capture-pane', '-p', '-J', '-S', '-', '-t', session);
	const visible = (): string => tmux('capture-pane', '-p', '-J', '-t', session);
	const matches = (text: string, expected: string | RegExp | ((screen: string) => boolean)): boolean =>
		typeof expected === 'string'
			? text.includes(expected)
			: typeof expected === 'function'
				? expected(text)
				: expected.test(text);
	const waitForScreen: TmuxCli['waitForScreen'] = async (expected, timeoutMs = 15_000) => {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const text = visible();
			if (matches(text, expected)) return text;
			if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(expected)}; screen:\n${screen()}`);
			// Poll the pane again shortly (tmux redraws asynchronously); this waits for content, not a fixed time.
			await new Promise((resolve) => {
				setTimeout(resolve, 50);
			});
		}
	};

	return {
		screen,
		visible,
		waitForScreen,
		async send(key, expected, timeoutMs) {
			tmux('send-keys', '-t', session, ...(typeof key === 'string' ? [key] : key));
			return waitForScreen(expected, timeoutMs);
		},
		pid() {
			const shell = Number(tmux('display-message', '-p', '-t', session, '#{pane_pid}').trim());
			const child = spawnSync('pgrep', ['-P', String(shell)], {encoding: 'utf8'})
				.stdout.trim()
				.split('\n')[0];
			return Number(child ?? shell);
		},
		kill() {
			spawnSync('tmux', ['-L', socket, 'kill-server']);
		},
	};
}

/** Resident memory of a process, MB (from /proc). */
export function residentMb(pid: number): number {
	const status = spawnSync('cat', [`/proc/${pid}/status`], {encoding: 'utf8'}).stdout;
	const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
	return kb / 1024;
}

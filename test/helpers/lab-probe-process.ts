// A lab probe run by the built CLI as a child process (flow cap 0.5, aggregate 1, RTT 2 ms, one 3 s test),
// read by content: its stderr so far, its run id, and a wait for a line.
import {type ChildProcess, spawn} from 'node:child_process';
import {cliPath, root} from '../cli/helpers.js';

export interface StartedProbe {
	readonly child: ChildProcess;
	readonly exit: Promise<number | null>;
	/** The exit code once stdout and stderr are closed too: 'exit' can come before the last of stderr is read. */
	readonly closed: Promise<number | null>;
	stderr: () => string;
	runId: () => string;
}

export function startLabProbe(configDir: string, extra: readonly string[]): StartedProbe {
	const args = ['probe', '--provider', 'lab', '--flow-cap', '0.5', '--aggregate-cap', '1', '--rtt', '2'];
	const child = spawn(process.execPath, [cliPath, ...args, '--streams', '1', '--duration', '3', ...extra], {
		cwd: root,
		env: {...process.env, NETPLACE_CONFIG_DIR: configDir, NO_COLOR: '1'},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let stderr = '';
	child.stderr?.on('data', (chunk: Buffer) => {
		stderr += chunk.toString();
	});
	const exit = new Promise<number | null>((resolve) => {
		child.on('exit', (code) => resolve(code));
	});
	// Nothing here reads stdout: it is drained, so that it can close.
	child.stdout?.resume();
	const closed = new Promise<number | null>((resolve) => {
		child.on('close', (code) => resolve(code));
	});
	return {
		child,
		exit,
		closed,
		stderr: () => stderr,
		runId: () => /probe (np-[0-9a-z-]+):/.exec(stderr)?.[1] ?? '',
	};
}

/** Resolves once stderr matches (content, not time); rejects if the probe ends first. */
export function waitFor(started: StartedProbe, pattern: RegExp): Promise<void> {
	return new Promise((resolve, reject) => {
		const check = () => {
			if (pattern.test(started.stderr())) {
				started.child.stderr?.off('data', check);
				resolve();
			}
		};
		started.child.stderr?.on('data', check);
		check();
		void started.exit.then(() => reject(new Error(`ended before ${String(pattern)}: ${started.stderr()}`)));
	});
}

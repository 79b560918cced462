// Issue 42, finding 1: a host that cuts the SSH handshake short. Listeners on loopback that reset the
// connection, answer with garbage (`HTTP/1.1 400`) or stall: SshTransport rejects each with one error and the
// process lives on. Before, ssh2 emitted 'error' twice for a reset and the transport listened once: the second
// was an uncaught exception (exit 1 with Node's "Unhandled 'error' event", no teardown). The built CLI against a
// resetting "host": its teardown runs and it ends with one line, exit 1.
import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {createServer, type Server, type Socket} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ephemeralKeyPair} from '../../../source/providers/cloud/ssh-keys.js';
import {SshTransport} from '../../../source/providers/ssh/ssh-transport.js';
import {assertBuilt, cliPath, root} from '../../cli/helpers.js';

type Behaviour = (socket: Socket) => void;

const behaviours: Readonly<Record<string, Behaviour>> = {
	reset: (socket) => socket.resetAndDestroy(),
	'reset after the client speaks': (socket) => socket.once('data', () => socket.resetAndDestroy()),
	garbage: (socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'),
	'garbage after a banner': (socket) => {
		socket.write('SSH-2.0-OpenSSH_9.6\r\n');
		socket.once('data', () => socket.end(Buffer.alloc(64, 0xff)));
	},
	// Accepts and never answers: only the ready timeout ends the attempt.
	stall: () => undefined,
};

interface Listening {
	readonly server: Server;
	readonly port: number;
	readonly sockets: Set<Socket>;
}

async function listen(behaviour: Behaviour): Promise<Listening> {
	const sockets = new Set<Socket>();
	const server = createServer((socket) => {
		sockets.add(socket);
		socket.on('error', () => undefined);
		socket.on('close', () => sockets.delete(socket));
		behaviour(socket);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address();
	return {server, sockets, port: typeof address === 'object' && address ? address.port : 0};
}

async function close(listening: Listening): Promise<void> {
	for (const socket of listening.sockets) socket.destroy();
	await new Promise<void>((resolve) => listening.server.close(() => resolve()));
}

const listeners = new Map<string, Listening>();
let key: Awaited<ReturnType<typeof ephemeralKeyPair>>;
const scratch = mkdtempSync(join(tmpdir(), 'netplace-handshake-'));

beforeAll(async () => {
	key = await ephemeralKeyPair('netplace-test');
	for (const [name, behaviour] of Object.entries(behaviours)) listeners.set(name, await listen(behaviour));
});

afterAll(async () => {
	for (const listening of listeners.values()) await close(listening);
	await key?.dispose();
	rmSync(scratch, {recursive: true, force: true});
});

/** Uncaught exceptions while `work` runs (vitest would report them after the test, not in it). */
async function uncaughtDuring(work: () => Promise<unknown>): Promise<{result: unknown; uncaught: string[]}> {
	const uncaught: string[] = [];
	const onUncaught = (error: Error): void => {
		uncaught.push(error.message);
	};
	process.on('uncaughtException', onUncaught);
	try {
		const result = await work().then(
			(value) => ({ok: value}),
			(error: unknown) => ({error: error instanceof Error ? error.message : String(error)}),
		);
		// The second 'error' came on the socket's close, after the rejection: let it come.
		await new Promise((resolve) => setTimeout(resolve, 200));
		return {result, uncaught};
	} finally {
		process.off('uncaughtException', onUncaught);
	}
}

describe('SshTransport against hosts that cut the handshake short', () => {
	for (const name of Object.keys(behaviours)) {
		it(`${name}: one rejection after its retries, nothing uncaught`, async () => {
			const port = listeners.get(name)?.port ?? 0;
			const ssh = new SshTransport({
				host: '127.0.0.1',
				port,
				username: 'root',
				privateKey: key.privateKey,
				hostKeyPolicy: {knownHosts: join(scratch, 'known_hosts'), acceptNew: true},
				readyTimeoutMs: 400,
			});
			const {result, uncaught} = await uncaughtDuring(() => ssh.connect({retries: 2, delayMs: 20}));
			await ssh.close();
			expect(uncaught).toEqual([]);
			expect(result).toEqual({error: expect.stringMatching(/^SSH to root@127\.0\.0\.1:\d+ failed after 3 attempt/)});
		});
	}
});

describe('probe --provider ssh (built CLI) against a host that resets the handshake', () => {
	it('tears down and ends with one line, exit 1, no uncaught error', async () => {
		assertBuilt();
		const port = listeners.get('reset')?.port ?? 0;
		// Not spawnSync: the listener is in this process and must go on answering.
		const child = spawn(
			process.execPath,
			[
				cliPath,
				'probe',
				'--provider',
				'ssh',
				'--hosts',
				'root@127.0.0.1,root@127.0.0.2',
				'--port',
				String(port),
				'--accept-new-host-key',
				'--identity',
				key.privateKeyPath,
				'--known-hosts',
				join(scratch, 'known_hosts'),
				'--shape',
				'c8g.4xlarge',
			],
			{
				cwd: root,
				env: {...process.env, NETPLACE_CONFIG_DIR: join(scratch, 'config'), NO_COLOR: '1'},
				stdio: ['ignore', 'pipe', 'pipe'],
			},
		);
		let stderr = '';
		child.stderr.on('data', (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		child.stdout.resume();
		const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
		const result = {status, stderr};
		expect(result.stderr).not.toMatch(/Unhandled 'error' event|node:events/);
		expect(result.stderr).toMatch(/tear down: everything deleted/);
		expect(result.stderr.trim().split('\n').at(-1)).toMatch(
			/^netplace: SSH to root@127\.0\.0\.[12]:\d+ failed after 2 attempt\(s\)/,
		);
		expect(result.status).toBe(1);
	}, 90_000);
});

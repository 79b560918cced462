// Credentials: missing or refused -> one line naming the chain, exit 1; the secret never appears in any
// output or saved file. Uses the real SDK: the credential chain with an empty home, and a local fake EC2
// endpoint (127.0.0.1) that answers AuthFailure to a request signed with a fake secret.

import {mkdtemp, readdir, readFile, rm} from 'node:fs/promises';
import {createServer, type Server} from 'node:http';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {parseArgv} from '../../../source/cli/parse-argv.js';
import {probeCommand} from '../../../source/cli/probe.js';
import {exitCodeOf, formatError, RuntimeError} from '../../../source/domain/errors.js';
import {createAwsProvider} from '../../../source/providers/aws/index.js';
import {awsTarget} from './aws-helpers.js';

const fakeSecret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzNETPLACEFAKE';
const fakeKeyId = 'AKIANETPLACEFAKE0001';
const awsVariables = [
	'AWS_ACCESS_KEY_ID',
	'AWS_SECRET_ACCESS_KEY',
	'AWS_SESSION_TOKEN',
	'AWS_PROFILE',
	'AWS_DEFAULT_PROFILE',
	'AWS_CONFIG_FILE',
	'AWS_SHARED_CREDENTIALS_FILE',
	'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI',
	'AWS_CONTAINER_CREDENTIALS_FULL_URI',
	'AWS_WEB_IDENTITY_TOKEN_FILE',
	'AWS_ROLE_ARN',
	'AWS_ENDPOINT_URL',
	'AWS_ENDPOINT_URL_EC2',
	'HOME',
	'NETPLACE_CONFIG_DIR',
];

let home: string;
const saved = new Map<string, string | undefined>();

beforeEach(async () => {
	home = await mkdtemp(join(tmpdir(), 'netplace-aws-home-'));
	for (const name of awsVariables) {
		saved.set(name, process.env[name]);
		delete process.env[name];
	}

	process.env.HOME = home;
	process.env.AWS_CONFIG_FILE = join(home, 'no-config');
	process.env.AWS_SHARED_CREDENTIALS_FILE = join(home, 'no-credentials');
	process.env.NETPLACE_CONFIG_DIR = join(home, 'netplace-config');
	expect(process.env.AWS_EC2_METADATA_DISABLED).toBe('true');
});

afterEach(async () => {
	for (const [name, value] of saved) {
		if (value === undefined) delete process.env[name];
		else process.env[name] = value;
	}

	vi.restoreAllMocks();
	await rm(home, {recursive: true, force: true});
});

async function filesUnder(folder: string): Promise<string[]> {
	const found: string[] = [];
	const entries = await readdir(folder, {withFileTypes: true}).catch(() => []);
	for (const entry of entries) {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) found.push(...(await filesUnder(path)));
		else found.push(path);
	}

	return found;
}

/** Runs `netplace ARGV` in-process as cli.tsx does: output captured, errors formatted, exit code. */
async function runCli(argv: string[]): Promise<{code: number; stdout: string; stderr: string}> {
	let stdout = '';
	let stderr = '';
	vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
		stdout += String(chunk);
		return true;
	});
	vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
		stderr += String(chunk);
		return true;
	});
	const consoleSpies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) => vi.spyOn(console, method));
	let code: number;
	try {
		const {flags} = parseArgv(argv);
		code = await probeCommand(flags);
	} catch (error: unknown) {
		stderr += `${formatError(error)}\n`;
		code = exitCodeOf(error);
	} finally {
		vi.restoreAllMocks();
	}

	for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
	return {code, stdout, stderr};
}

describe('AWS credentials', () => {
	it('none anywhere in the chain: one line naming the chain, exit 1 (real SDK chain, empty home)', async () => {
		const provider = createAwsProvider({region: 'us-west-2'});
		const error = await provider.publishedBandwidth(awsTarget).then(
			() => undefined,
			(caught: unknown) => caught,
		);
		expect(error).toBeInstanceOf(RuntimeError);
		expect(exitCodeOf(error)).toBe(1);
		const line = formatError(error);
		expect(line.split('\n')).toHaveLength(1);
		expect(line).toMatch(
			/^netplace: no usable aws credentials \(CredentialsProviderError\); tried env AWS_ACCESS_KEY_ID/,
		);
		expect(line).toContain('AWS_PROFILE');
		expect(line).toContain('~/.aws/credentials');
		expect(line).toMatch(/aws configure|aws sso login/);
	});

	it('a mocked CredentialsProviderError carrying a secret: the message never reaches the user', async () => {
		const {FakeEc2} = await import('./fake-ec2.js');
		const fake = new FakeEc2();
		fake.failEverything = Object.assign(new Error(`Could not load credentials from any providers (${fakeSecret})`), {
			name: 'CredentialsProviderError',
		});
		const provider = createAwsProvider({clients: {ec2: fake.client}, timing: {dependencyRetryMs: 1}});
		const error = await provider.provision(awsTarget, 'np-creds').then(
			() => undefined,
			(caught: unknown) => caught,
		);
		expect(exitCodeOf(error)).toBe(1);
		expect(formatError(error)).not.toContain(fakeSecret);
		expect(formatError(error, true)).not.toContain(fakeSecret);
		fake.failEverything = undefined;
		expect(await provider.teardown('np-creds')).toEqual({complete: true, left: []});
	});

	describe('refused by EC2 (a local endpoint answering AuthFailure)', () => {
		let server: Server;
		const seen: string[] = [];

		beforeEach(async () => {
			server = createServer((request, response) => {
				let body = '';
				request.on('data', (chunk: Buffer) => {
					body += chunk.toString();
				});
				request.on('end', () => {
					seen.push(`${JSON.stringify(request.headers)}\n${body}`);
					response.writeHead(401, {'content-type': 'text/xml'});
					response.end(
						'<?xml version="1.0" encoding="UTF-8"?><Response><Errors><Error><Code>AuthFailure</Code>' +
							'<Message>AWS was not able to validate the provided access credentials</Message></Error></Errors>' +
							'<RequestID>11111111-2222-3333-4444-555555555555</RequestID></Response>',
					);
				});
			});
			await new Promise<void>((resolve) => {
				server.listen(0, '127.0.0.1', resolve);
			});
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			process.env.AWS_ENDPOINT_URL_EC2 = `http://127.0.0.1:${port}`;
			process.env.AWS_ACCESS_KEY_ID = fakeKeyId;
			process.env.AWS_SECRET_ACCESS_KEY = fakeSecret;
		});

		afterEach(async () => {
			await new Promise<void>((resolve) => {
				server.close(() => resolve());
			});
		});

		it('netplace probe --provider aws: exit 1, one line, and the secret in no output and no saved file', async () => {
			const result = await runCli([
				'probe',
				'--provider',
				'aws',
				'--shape',
				'c8gn.4xlarge',
				'--region',
				'us-west-2',
				'--ssh-cidr',
				'198.51.100.7/32',
				'--placement',
				'default,cluster',
				'--yes',
				'--json',
			]);
			expect(seen.length).toBeGreaterThan(0); // the request really was signed and sent, to 127.0.0.1
			expect(seen.join('\n')).not.toContain(fakeSecret); // SigV4 sends a signature, never the secret
			expect(result.code).toBe(1);
			const lastLine = result.stderr.trim().split('\n').at(-1) ?? '';
			expect(lastLine).toMatch(/^netplace: aws rejected the credentials \(AuthFailure\)/);
			expect(lastLine).toContain('AWS_PROFILE');
			expect(result.stdout + result.stderr).not.toContain(fakeSecret);

			// Nothing saved anywhere we write holds it.
			const saved = [...(await filesUnder(home)), ...(await filesUnder(join(tmpdir(), 'netplace')))];
			for (const file of saved) {
				expect(await readFile(file, 'utf8'), file).not.toContain(fakeSecret);
			}

			console.info(`what the user saw: ${lastLine}`);
		});
	});
});

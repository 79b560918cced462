// The OS Login API v1 behind HTTP mocks, as its REST reference documents it, so the real
// @google-cloud/os-login client (google-gax's REST transport, `fallback: true`) authenticates, serialises and
// parses errors as it would against oslogin.googleapis.com:
// - users.importSshPublicKey: `POST /v1/{parent=users/*}:importSshPublicKey?projectId=…`, the body an
//   SshPublicKey (`key`, `expirationTimeUsec`), answering an ImportSshPublicKeyResponse whose `loginProfile`
//   holds the user's `posixAccounts` and `sshPublicKeys` (a map by fingerprint, each with its `name`).
// - users.sshPublicKeys.delete: `DELETE /v1/{name=users/*/sshPublicKeys/*}`, answering an empty object.
// - Errors as Google APIs return them over HTTP (googleError); the bearer token is checked as Compute's is.

import {createHash, type KeyObject} from 'node:crypto';
import {type MockReply, type MockRequest, serveOrigin} from '../cloud/http-mock.js';
import {googleError, signedByServiceAccount} from './http-compute.js';

export interface OsLoginFault {
	readonly method: string;
	readonly status: number;
	readonly reason: string;
	times: number;
}

export class HttpOsLogin {
	readonly requests: MockRequest[] = [];
	readonly faults: OsLoginFault[] = [];
	/** Imported keys by fingerprint. */
	readonly keys = new Map<string, {key: string; expirationTimeUsec: string}>();

	constructor(
		private readonly publicKey: KeyObject,
		readonly username = 'sa_103582947561234567890',
	) {
		serveOrigin('https://oslogin.googleapis.com', async (request) => this.answer(request));
	}

	inject(method: string, status: number, reason: string, times = 1): OsLoginFault {
		const fault = {method, status, reason, times};
		this.faults.push(fault);
		return fault;
	}

	private answer(request: MockRequest): MockReply {
		this.requests.push(request);
		if (!signedByServiceAccount(request.headers.authorization, this.publicKey)) {
			return googleError(401, 'authError', 'Request had invalid authentication credentials.');
		}

		const fault = this.faults.find((one) => one.method === request.method && one.times > 0);
		if (fault) {
			fault.times--;
			return googleError(fault.status, fault.reason, `injected ${fault.reason}`);
		}

		const path = decodeURIComponent(request.url.pathname);
		const imported = /^\/v1\/users\/([^/]+):importSshPublicKey$/.exec(path);
		if (request.method === 'POST' && imported) return this.importKey(imported[1] ?? '', request);
		const deleted = /^\/v1\/users\/[^/]+\/sshPublicKeys\/([^/]+)$/.exec(path);
		if (request.method === 'DELETE' && deleted) {
			if (!this.keys.delete(deleted[1] ?? '')) return googleError(404, 'notFound', 'Requested entity was not found.');
			return json({});
		}

		return googleError(404, 'notFound', `${request.method} ${path} is not served here`);
	}

	private importKey(email: string, request: MockRequest): MockReply {
		const body = JSON.parse(request.body) as {key?: string; expirationTimeUsec?: string};
		const key = body.key ?? '';
		const fingerprint = createHash('sha256').update(key.trim()).digest('hex');
		this.keys.set(fingerprint, {key, expirationTimeUsec: body.expirationTimeUsec ?? ''});
		const project = request.url.searchParams.get('projectId') ?? '';
		const sshPublicKeys = Object.fromEntries(
			[...this.keys].map(([print, entry]) => [
				print,
				{...entry, fingerprint: print, name: `users/${email}/sshPublicKeys/${print}`},
			]),
		);
		return json({
			loginProfile: {
				name: email,
				posixAccounts: [
					{
						primary: true,
						username: this.username,
						uid: '1234567890',
						gid: '1234567890',
						homeDirectory: `/home/${this.username}`,
						operatingSystemType: 'LINUX',
						accountId: project,
						name: `users/${email}/projects/${project}`,
					},
				],
				sshPublicKeys,
			},
		});
	}
}

function json(body: object): MockReply {
	return {status: 200, headers: {'content-type': 'application/json; charset=UTF-8'}, body};
}

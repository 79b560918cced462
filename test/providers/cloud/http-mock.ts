// HTTP-level cloud mocks: nock (14.x; @mswjs/interceptors underneath) answers the requests the real SDKs
// make through node:http/https and fetch, so their request signing, serialisation, paging, waiters, retries
// and error parsing run for real. Every unmatched request is refused (nock.disableNetConnect): nothing
// leaves the process.

import nock from 'nock';

export interface MockRequest {
	readonly method: string;
	/** Path and query, as sent. */
	readonly url: URL;
	readonly headers: Readonly<Record<string, string>>;
	/** The body as text (JSON bodies re-serialised). */
	readonly body: string;
}

export interface MockReply {
	readonly status: number;
	readonly body?: string | object;
	readonly headers?: Record<string, string>;
}

export type MockHandler = (request: MockRequest) => MockReply | Promise<MockReply>;

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;

/** Answers every request to `origin` (e.g. `https://ec2.us-west-2.amazonaws.com`) with `handler`. */
export function serveOrigin(origin: string, handler: MockHandler): void {
	if (!nock.isActive()) nock.activate();
	nock.disableNetConnect();
	for (const method of methods) {
		nock(origin)
			.persist()
			.intercept(() => true, method)
			.reply(async function reply(uri, body) {
				const request: MockRequest = {
					method,
					url: new URL(uri, origin),
					headers: this.req.headers,
					body: typeof body === 'string' ? body : JSON.stringify(body),
				};
				const answer = await handler(request);
				const text = typeof answer.body === 'object' ? JSON.stringify(answer.body) : (answer.body ?? '');
				return [answer.status, text, answer.headers ?? {}] as const;
			});
	}
}

/** Removes every mock (after each test: the next one serves its own cloud). */
export function clearMocks(): void {
	nock.cleanAll();
}

/** Removes every mock and unpatches the process's http modules (after a file). */
export function stopServing(): void {
	nock.cleanAll();
	nock.restore();
}

/** Requests nothing answered (a missing mock), for an assertion that none happened. */
export function refusedRequests(): string[] {
	return unmatched.splice(0);
}

const unmatched: string[] = [];
nock.emitter.on('no match', (request: {method?: string; path?: string; host?: string}) => {
	unmatched.push(`${request.method ?? '?'} ${request.host ?? ''}${request.path ?? ''}`);
});

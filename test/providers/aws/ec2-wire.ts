// The EC2 Query API's wire format for the HTTP fake (http-ec2.ts): requests are form-encoded with lists
// flattened (`InstanceId.1`, `Filter.1.Name`, `Filter.1.Value.1`, `TagSpecification.1.Tag.1.Key`; EC2 API
// reference, "Query requests for Amazon EC2"); answers are XML with lists as `<…Set><item>`; errors are
// `<Response><Errors><Error><Code>…</Code><Message>…</Message></Error></Errors><RequestID>…</RequestID></Response>`
// ("Error codes for the Amazon EC2 API", example error response).

import type {MockReply} from '../cloud/http-mock.js';

export type Tags = ReadonlyArray<{Key: string; Value: string}>;

/** Status codes by error code (EC2 errors overview: client 4xx, server 5xx; throttling answered 503). */
export const statusOf: Record<string, number> = {
	InternalError: 500,
	InsufficientInstanceCapacity: 500,
	Unavailable: 503,
	RequestLimitExceeded: 503,
};

export const escapeXml = (text: string): string =>
	text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
export const el = (name: string, content: string | number | boolean | undefined): string =>
	content === undefined
		? ''
		: `<${name}>${typeof content === 'string' ? escapeXml(content) : String(content)}</${name}>`;
export const raw = (name: string, xml: string): string => `<${name}>${xml}</${name}>`;
export const items = <T>(name: string, list: readonly T[], render: (item: T) => string): string =>
	raw(name, list.map((item) => raw('item', render(item))).join(''));
export const tagSet = (tags: Tags): string =>
	items('tagSet', tags, (tag) => el('key', tag.Key) + el('value', tag.Value));

/** An EC2 Query request's parameters, with its flattened lists read back. */
export class QueryForm {
	constructor(readonly params: URLSearchParams) {}

	get(name: string): string | undefined {
		return this.params.get(name) ?? undefined;
	}

	/** `Prefix.1`, `Prefix.2`, … in order. */
	list(prefix: string): string[] {
		const found: string[] = [];
		for (let index = 1; this.params.has(`${prefix}.${index}`); index++)
			found.push(this.params.get(`${prefix}.${index}`)!);
		return found;
	}

	filter(name: string): string[] | undefined {
		for (let index = 1; this.params.has(`Filter.${index}.Name`); index++) {
			if (this.params.get(`Filter.${index}.Name`) === name) return this.list(`Filter.${index}.Value`);
		}

		return undefined;
	}

	tags(resourceType: string): Tags {
		for (let index = 1; this.params.has(`TagSpecification.${index}.ResourceType`); index++) {
			if (this.params.get(`TagSpecification.${index}.ResourceType`) !== resourceType) continue;
			const tags: Array<{Key: string; Value: string}> = [];
			for (let tag = 1; this.params.has(`TagSpecification.${index}.Tag.${tag}.Key`); tag++) {
				const prefix = `TagSpecification.${index}.Tag.${tag}`;
				tags.push({Key: this.params.get(`${prefix}.Key`)!, Value: this.params.get(`${prefix}.Value`) ?? ''});
			}

			return tags;
		}

		return [];
	}
}

export const hasTagKeys = (tags: Tags, wanted: readonly string[] | undefined): boolean =>
	(wanted ?? []).every((key) => tags.some((tag) => tag.Key === key));

/** An EC2 error answer: the documented error XML with the status its class carries. */
export function errorReply(code: string, message: string, requestId: string): MockReply {
	const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Response><Errors><Error>${el('Code', code)}${el('Message', message)}</Error></Errors>${el('RequestID', requestId)}</Response>`;
	return {status: statusOf[code] ?? 400, body, headers: {'content-type': 'text/xml;charset=UTF-8'}};
}

/** A successful answer: `<{Action}Response>` in the 2016-11-15 namespace around the action's members. */
export function actionReply(action: string, members: string, requestId: string): MockReply {
	const body = `<?xml version="1.0" encoding="UTF-8"?>\n<${action}Response xmlns="http://ec2.amazonaws.com/doc/2016-11-15/">${el('requestId', requestId)}${members}</${action}Response>`;
	return {status: 200, body, headers: {'content-type': 'text/xml;charset=UTF-8'}};
}

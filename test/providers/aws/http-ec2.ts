// A stateful EC2 (and Service Quotas) behind HTTP mocks, speaking the wire formats the services document, so
// the real @aws-sdk clients sign, serialise, retry, wait and parse errors as they would against AWS.
// - EC2 Query API (EC2 API reference, "Making requests" / "Query requests"): POST / with a form-encoded body
//   (Action=…&Version=2016-11-15, lists flattened as `InstanceId.1`, `Filter.1.Name`, `Filter.1.Value.1`,
//   `TagSpecification.1.Tag.1.Key`), answered with `<{Action}Response xmlns="http://ec2.amazonaws.com/doc/
//   2016-11-15/">` and lists as `<…Set><item>`.
// - Errors ("Error codes for the Amazon EC2 API", example error response):
//   `<Response><Errors><Error><Code>…</Code><Message>…</Message></Error></Errors><RequestID>…</RequestID></Response>`,
//   client errors with a 400-series status, server errors (InternalError, Unavailable, InsufficientInstanceCapacity)
//   with a 500-series one; RequestLimitExceeded is the throttling code ("Request throttling for the Amazon EC2 API").
// - Service Quotas: the AWS JSON 1.1 protocol (X-Amz-Target: ServiceQuotasV20190624.GetServiceQuota).
// What the fake holds is its own bookkeeping: `resourceCount` is what a run left.

import {type MockReply, type MockRequest, serveOrigin} from '../cloud/http-mock.js';
import {fakeConsole} from '../gcp/fake-ssh.js';
import {type Ec2State, type FakeInstance, groupHandlers} from './ec2-groups.js';
import {type Ec2Handler, lookupHandlers} from './ec2-lookups.js';
import {actionReply, el, errorReply, hasTagKeys, items, QueryForm, raw, type Tags, tagSet} from './ec2-wire.js';

export interface Ec2Fault {
	readonly action: string;
	readonly code: string;
	/** Answered this many times in a row (then the call goes through). */
	times: number;
}

export interface Ec2Call {
	readonly action: string;
	readonly params: URLSearchParams;
	readonly authorization: string;
	readonly amzDate: string;
}

export class HttpEc2 implements Ec2State {
	readonly region = 'us-west-2';
	readonly instances = new Map<string, FakeInstance>();
	readonly placementGroups = new Map<string, Tags>();
	readonly securityGroups = new Map<string, {name: string; tags: Tags}>();
	readonly keyPairs = new Map<string, {name: string; tags: Tags}>();
	readonly calls: Ec2Call[] = [];
	readonly faults: Ec2Fault[] = [];
	/** Actions done once more, their answer lost (a 503 Unavailable after the work was done). */
	readonly loseAnswerOf = new Set<string>();
	/** Zones answering InsufficientInstanceCapacity to RunInstances. */
	readonly noCapacityIn = new Set<string>();
	/** DescribeNetworkInterfaces reads a terminated instance's ENI stays attached for. */
	eniLinger = 0;
	/** Reservations per DescribeInstances page when no ids are given (paging with NextToken). */
	pageSize = 1;
	private counter = 0;

	nextNumber(): number {
		return ++this.counter;
	}

	constructor() {
		serveOrigin(`https://ec2.${this.region}.amazonaws.com`, async (request) => this.answer(request));
		serveOrigin(`https://servicequotas.${this.region}.amazonaws.com`, async (request) => this.quota(request));
	}

	/** What a run left: live instances, placement groups, security groups, key pairs. */
	get resourceCount(): number {
		const live = [...this.instances.values()].filter((instance) => instance.state !== 'terminated');
		return live.length + this.placementGroups.size + this.securityGroups.size + this.keyPairs.size;
	}

	callsOf(action: string): Ec2Call[] {
		return this.calls.filter((call) => call.action === action);
	}

	inject(action: string, code: string, times = 1): Ec2Fault {
		const fault = {action, code, times};
		this.faults.push(fault);
		return fault;
	}

	private answer(request: MockRequest): MockReply {
		const params = new URLSearchParams(request.body);
		const action = params.get('Action') ?? '';
		this.calls.push({
			action,
			params,
			authorization: request.headers.authorization ?? '',
			amzDate: request.headers['x-amz-date'] ?? '',
		});
		const fault = this.faults.find((entry) => entry.action === action && entry.times > 0);
		if (fault) {
			fault.times--;
			return this.error(fault.code, `injected ${fault.code} (${action})`);
		}

		const form = new QueryForm(params);
		const own = this.handlers[action];
		const shared = groupHandlers[action] ?? lookupHandlers[action];
		if (!own && !shared) return this.error('InvalidAction', `The action ${action} is not valid for this web service.`);
		const result = own ? own(form, this) : shared!(form, this);
		if (typeof result === 'string' && this.loseAnswerOf.delete(action))
			return {...this.error('Unavailable', 'The server is overloaded and cannot handle the request.'), status: 503};
		return typeof result === 'string' ? actionReply(action, result, this.requestId()) : result;
	}

	error(code: string, message: string): MockReply {
		return errorReply(code, message, this.requestId());
	}

	private requestId(): string {
		return `ea966190-f9aa-478e-9ede-${this.nextNumber().toString(16).padStart(12, '0')}`;
	}

	private quota(request: MockRequest): MockReply {
		const input = JSON.parse(request.body) as {ServiceCode: string; QuotaCode: string};
		this.calls.push({
			action: 'GetServiceQuota',
			params: new URLSearchParams(),
			authorization: request.headers.authorization ?? '',
			amzDate: '',
		});
		return {
			status: 200,
			headers: {'content-type': 'application/x-amz-json-1.1'},
			body: {
				Quota: {
					ServiceCode: input.ServiceCode,
					QuotaCode: input.QuotaCode,
					QuotaName: 'Running On-Demand Standard (A, C, D, H, I, M, R, T, Z) instances',
					Value: 640,
					Unit: 'None',
				},
			},
		};
	}

	private instanceXml(instance: FakeInstance): string {
		return (
			el('instanceId', instance.id) +
			raw('instanceState', el('code', stateCodes[instance.state]) + el('name', instance.state)) +
			el('instanceType', 'c8gn.4xlarge') +
			raw('placement', el('availabilityZone', instance.zone)) +
			el('privateIpAddress', `172.31.0.${instance.n}`) +
			el('ipAddress', `203.0.113.${instance.n}`) +
			tagSet(instance.tags)
		);
	}

	/** Instances come up one read after launch and finish terminating one read after terminate. */
	private advance(instance: FakeInstance): void {
		if (instance.state === 'pending') instance.state = 'running';
		else if (instance.state === 'shutting-down') instance.state = 'terminated';
	}

	private readonly handlers: Record<string, Ec2Handler> = {
		RunInstances: (form) => this.runInstances(form),
		DescribeInstances: (form) => this.describeInstances(form),
		DescribeInstanceStatus: (form) =>
			items(
				'instanceStatusSet',
				form.list('InstanceId'),
				(id) =>
					el('instanceId', id) +
					raw('instanceState', el('code', 16) + el('name', 'running')) +
					raw('systemStatus', el('status', 'ok')) +
					raw('instanceStatus', el('status', 'ok')),
			),
		GetConsoleOutput: (form) => {
			const instance = this.instances.get(form.get('InstanceId') ?? '');
			if (!instance)
				return this.error('InvalidInstanceID.NotFound', `The instance ID '${form.get('InstanceId')}' does not exist`);
			return (
				el('instanceId', instance.id) +
				el('timestamp', '2026-12-04T03:00:00.000Z') +
				el('output', Buffer.from(fakeConsole(`203.0.113.${instance.n}`)).toString('base64'))
			);
		},
		TerminateInstances: (form) =>
			items('instancesSet', form.list('InstanceId'), (id) => {
				const instance = this.instances.get(id);
				const previous = instance?.state ?? 'terminated';
				if (instance && instance.state !== 'terminated') instance.state = 'shutting-down';
				return (
					el('instanceId', id) +
					raw('currentState', el('code', 32) + el('name', 'shutting-down')) +
					raw('previousState', el('code', stateCodes[previous]) + el('name', previous))
				);
			}),
	};

	private runInstances(form: QueryForm): string | MockReply {
		const zone = form.get('Placement.AvailabilityZone') ?? 'us-west-2a';
		if (this.noCapacityIn.has(zone)) {
			const type = form.get('InstanceType');
			return this.error(
				'InsufficientInstanceCapacity',
				`We currently do not have sufficient ${type} capacity in the Availability Zone you requested (${zone}). Our system will be working on provisioning additional capacity. You can currently get ${type} capacity by not specifying an Availability Zone in your request or choosing us-west-2b.`,
			);
		}

		const groups = form.list('NetworkInterface.1.SecurityGroupId');
		if (groups.some((id) => !this.securityGroups.has(id)))
			return this.error(
				'InvalidGroup.NotFound',
				`The security group '${groups.join(', ')}' does not exist in VPC 'vpc-0default'`,
			);
		const made: FakeInstance[] = [];
		for (let index = 0; index < Number(form.get('MinCount') ?? 1); index++) {
			const n = this.nextNumber();
			const instance: FakeInstance = {
				id: `i-0${n.toString(16).padStart(16, '0')}`,
				state: 'pending',
				tags: form.tags('instance'),
				zone,
				groups,
				placementGroup: form.get('Placement.GroupName'),
				n,
				eniReadsLeft: this.eniLinger,
			};
			this.instances.set(instance.id, instance);
			made.push(instance);
		}

		return (
			el('reservationId', `r-0${this.counter}`) +
			el('ownerId', '123456789012') +
			items('instancesSet', made, (instance) => this.instanceXml(instance))
		);
	}

	private describeInstances(form: QueryForm): string | MockReply {
		const ids = form.list('InstanceId');
		if (ids.length > 0) {
			const missing = ids.filter((id) => !this.instances.has(id));
			if (missing.length > 0)
				return this.error('InvalidInstanceID.NotFound', `The instance IDs '${missing.join(', ')}' do not exist`);
			const found = ids.map((id) => this.instances.get(id)!);
			const answer = items(
				'reservationSet',
				[found],
				(list) => el('reservationId', 'r-0') + items('instancesSet', list, (instance) => this.instanceXml(instance)),
			);
			for (const instance of found) this.advance(instance);
			return answer;
		}

		const states = form.filter('instance-state-name');
		const matching = [...this.instances.values()].filter(
			(instance) => hasTagKeys(instance.tags, form.filter('tag-key')) && (!states || states.includes(instance.state)),
		);
		const start = Number(form.get('NextToken') ?? 0);
		const page = matching.slice(start, start + this.pageSize);
		const next = start + this.pageSize < matching.length ? el('nextToken', String(start + this.pageSize)) : '';
		return (
			items(
				'reservationSet',
				page,
				(instance) =>
					el('reservationId', `r-${instance.n}`) + items('instancesSet', [instance], (one) => this.instanceXml(one)),
			) + next
		);
	}
}

const stateCodes: Record<FakeInstance['state'], number> = {
	pending: 0,
	running: 16,
	'shutting-down': 32,
	terminated: 48,
};

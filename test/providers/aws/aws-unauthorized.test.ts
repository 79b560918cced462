// AWS UnauthorizedOperation names the call and the `ec2:` action it needed (issue 27 finding 8).
import {describe, expect, it} from 'vitest';
import {deniedEc2Action, mapAwsError} from '../../../source/providers/aws/aws-client.js';

function unauthorized(message: string): Error {
	return Object.assign(new Error(message), {name: 'UnauthorizedOperation', $metadata: {httpStatusCode: 403}});
}

describe('UnauthorizedOperation', () => {
	it('names the ec2: action from the message, else from the call', () => {
		expect(
			deniedEc2Action(
				'CreatePlacementGroup',
				'User: arn:aws:iam::123456789012:user/probe is not authorized to perform: ec2:CreatePlacementGroup on resource',
			),
		).toBe('ec2:CreatePlacementGroup');
		expect(deniedEc2Action('RunInstances', 'You are not authorized to perform this operation. Encoded x')).toBe(
			'ec2:RunInstances',
		);
		expect(deniedEc2Action('waiting for instances', 'You are not authorized')).toBeNull();
	});

	it('says the call and the action in one line, never the encoded blob', () => {
		const error = mapAwsError(
			'RunInstances',
			unauthorized(
				'You are not authorized to perform this operation. Encoded authorization failure message: AbCdEf0123',
			),
		);
		expect(error.message).toContain('UnauthorizedOperation: the credentials lack ec2:RunInstances (RunInstances)');
		expect(error.message).not.toContain('AbCdEf0123');
		expect(error.message.split('\n')).toHaveLength(1);
	});
});

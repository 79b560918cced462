// For fake providers: answers the one exec that starts several iperf3 clients together (client-group.ts) as
// the host's shell would, running each client through the fake's own iperf3 answer and printing the blocks.

import {groupTag} from '../../source/probe/client-group.js';
import type {ExecResult} from '../../source/providers/provider.js';

/** The group's client argvs (each word unquoted), or null when argv is not a client group. */
export function groupClients(argv: readonly string[]): string[][] | null {
	if (argv[0] !== 'sh' || argv[3] !== groupTag) return null;
	return argv.slice(4).map((line) => line.split(' ').map((word) => word.replace(/^'(.*)'$/, '$1')));
}

/** "iperf3 -c … -p 5201 … & iperf3 -c … -p 5202 …": how fakes record a group in their call logs. */
export function groupCall(clients: readonly (readonly string[])[]): string {
	return `group: ${clients.map((client) => client.join(' ')).join(' & ')}`;
}

export async function answerGroup(
	clients: readonly (readonly string[])[],
	run: (argv: readonly string[]) => ExecResult | Promise<ExecResult>,
): Promise<ExecResult> {
	const results = await Promise.all(clients.map(async (client) => run(client)));
	const stdout = results
		.map(
			(result, index) =>
				`\n@@netplace-process ${index} exit ${result.code ?? ''}@@\n${result.stdout}\n@@netplace-stderr ${index}@@\n${result.stderr}`,
		)
		.join('');
	return {code: 0, stdout, stderr: ''};
}

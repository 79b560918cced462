// The round trip to a host the user names, measured from this machine with the system's ping (iputils):
// five echoes 0.2 s apart, the median reported beside avg and mdev (ping-parse.ts). Used by the wizard's
// "measure it" answer to the RTT question: the path it measures starts here, which the reading says.

import {execFile} from 'node:child_process';
import {parsePing} from '../providers/ping-parse.js';
import {hostName} from '../request/host-name.js';

export type RttReading =
	| {readonly ok: true; readonly rttMs: number; readonly detail: string}
	| {readonly ok: false; readonly error: string};

const echoes = 5;
/** Five echoes 0.2 s apart take about a second; two more seconds wait for the last reply (-W 2). */
const pingTimeoutMs = 6_000;

/** Milliseconds as ping writes them: three decimals under 1 ms, else two at most. */
function rounded(ms: number): number {
	return Number(ms.toFixed(ms < 1 ? 3 : 2));
}

function run(host: string, signal?: AbortSignal): Promise<{stdout: string; stderr: string}> {
	const argv = ['-n', '-c', String(echoes), '-i', '0.2', '-W', '2', host];
	return new Promise((resolve) => {
		execFile('ping', argv, {timeout: pingTimeoutMs, ...(signal ? {signal} : {})}, (error, stdout, stderr) => {
			const missing = error !== null && 'code' in error && error.code === 'ENOENT';
			resolve({stdout: String(stdout), stderr: missing ? 'ping is not installed (iputils-ping)' : String(stderr)});
		});
	});
}

/** Ping `host` from this machine; the median round trip, or why there is none. */
export async function pingHost(host: string, signal?: AbortSignal): Promise<RttReading> {
	const name = hostName(host);
	if (name === null) return {ok: false, error: `not a host name or an IP address: ${JSON.stringify(host)}`};
	const {stdout, stderr} = await run(name, signal);
	const report = parsePing(stdout, stderr);
	if (!report.ok) return {ok: false, error: `${name}: ${report.error}`};
	const rttMs = rounded(report.medianMs);
	const detail = `ping ${name} from this machine: ${report.received} of ${report.transmitted} replies, median ${rttMs} ms (avg ${rounded(report.avgMs)}, mdev ${rounded(report.mdevMs)})`;
	return {ok: true, rttMs, detail};
}

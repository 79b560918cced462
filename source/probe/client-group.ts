// Several iperf3 clients started by ONE exec, so they start together: started an exec apart (an SSH session
// each), the last ran alone for its last moments and the sums read about 3% high at -t 2. A POSIX shell on
// the host launches every client in the background at once (each `exec`s iperf3, so its pid is iperf3's),
// waits for them all, then prints each one's stdout, stderr and exit code between marker lines. A stop
// (SIGTERM/SIGHUP/SIGINT to the shell: a timeout, an abort, a lost SSH session) kills the clients first.
// Pure: the command and the parsing of what it printed.

import {shellJoin} from '../providers/ssh/shell-quote.js';

/** argv[3]: names the group in `ps` and lets fakes recognise it. The clients' command lines follow it. */
export const groupTag = 'netplace-iperf3-group';

const processMark = '@@netplace-process';
const stderrMark = '@@netplace-stderr';

const script = [
	'd=$(mktemp -d) || exit 1',
	'pids=',
	'i=0',
	'for c in "$@"; do',
	'  eval "exec $c" >"$d/$i.out" 2>"$d/$i.err" &',
	'  pids="$pids $!"',
	'  i=$((i + 1))',
	'done',
	'trap \'kill $pids 2>/dev/null; rm -rf "$d"; exit 143\' HUP INT TERM',
	'i=0',
	'for p in $pids; do wait "$p"; echo $? >"$d/$i.rc"; i=$((i + 1)); done',
	'i=0',
	'for c in "$@"; do',
	`  printf '\\n${processMark} %s exit %s@@\\n' "$i" "$(cat "$d/$i.rc")"`,
	'  cat "$d/$i.out"',
	`  printf '\\n${stderrMark} %s@@\\n' "$i"`,
	'  cat "$d/$i.err"',
	'  i=$((i + 1))',
	'done',
	'rm -rf "$d"',
].join('\n');

/** One exec's argv running every client at once (each client's argv shell-quoted into one word). */
export function groupArgv(clients: readonly (readonly string[])[]): string[] {
	return ['sh', '-c', script, groupTag, ...clients.map((argv) => shellJoin(argv))];
}

/** One client's share of the group's output. */
export interface ClientOutput {
	readonly code: number | null;
	readonly stdout: string;
	readonly stderr: string;
}

/**
 * The group's stdout -> each client's output, in launch order; a client with no block (the group was stopped
 * before printing, or the shell failed) gets code null and the group's stderr.
 */
export function parseGroupOutput(stdout: string, stderr: string, count: number): ClientOutput[] {
	const blocks = new Map<number, ClientOutput>();
	const pattern = new RegExp(`^${processMark} (\\d+) exit (\\d*)@@$`, 'gm');
	const heads = [...stdout.matchAll(pattern)];
	heads.forEach((head, index) => {
		const start = (head.index ?? 0) + head[0].length + 1;
		const end = heads[index + 1]?.index ?? stdout.length;
		const body = stdout.slice(start, end);
		const split = body.lastIndexOf(`\n${stderrMark} ${head[1]}@@\n`);
		const out = split < 0 ? body : body.slice(0, split);
		const err = split < 0 ? '' : body.slice(split).replace(/^\n@@netplace-stderr \d+@@\n/, '');
		const code = head[2] === '' || head[2] === undefined ? null : Number(head[2]);
		blocks.set(Number(head[1]), {code, stdout: out, stderr: err.replace(/\n$/, '')});
	});
	return Array.from(
		{length: count},
		(_, index) => blocks.get(index) ?? {code: null, stdout: '', stderr: stderr.trim() || 'no output from the client'},
	);
}

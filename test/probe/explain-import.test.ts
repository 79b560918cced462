// `netplace explain`'s readers (issue 39) on real outputs: the suite's iperf3 -J fixtures (3.9, 3.12, 3.16, 3.17.1,
// one and many streams, -R, --bidir, every error shape), a netplace result, iperf3 --json-stream lines and
// k8s-netperf --json (composed from the documented schemas, test/fixtures/explain/README.md); and the files it
// must refuse in one line naming the file: malformed, truncated, hostile, a FIFO, a directory, a huge file.
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {UserError} from '../../source/domain/errors.js';
import {parseImport} from '../../source/probe/explain-import.js';
import {maxImportBytes, readImport} from '../../source/probe/explain-read.js';

const fixture = (path: string): string => join('test/fixtures', path);
const read = (path: string) => parseImport(readFileSync(fixture(path), 'utf8'), fixture(path));
const scratch = mkdtempSync(join(tmpdir(), 'np-explain-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

/** The one line a refused file gives, or a failure when it is not refused as a UserError. */
function refusal(run: () => unknown): string {
	try {
		run();
	} catch (error: unknown) {
		expect(error).toBeInstanceOf(UserError);
		const message = (error as Error).message;
		expect(message).not.toContain('\n');
		return message;
	}

	throw new Error('not refused');
}

describe('iperf3 -J outputs (real)', () => {
	it('reads one stream with its windows, RTT, path MTU, congestion control and CPU (3.12, capped at 1 Gbit)', () => {
		const [test] = read('iperf3/capped-1g-p1.json').tests;
		expect(test?.gbps).toBeCloseTo(0.907, 3);
		expect(test?.streams).toBe(1);
		expect(test?.tcp?.sendWindowBytes).toBe(3866624);
		expect(test?.tcp?.congestionWindowBytes).toBe(460464);
		expect(test?.tcp?.meanRttMs).toBeCloseTo(1.999, 3);
		expect(test?.tcp?.pathMtu).toBe(1500);
		expect(test?.congestionControl).toBe('bbr');
		expect(test?.cpu?.boundBy).toBeNull();
		expect(test?.hosts.remote).not.toBeNull();
	});

	it('reads 3.9 (no max_snd_wnd), 3.16 (CPU-bound loopback) and 3.17.1 (macOS: no RTT, no retransmits)', () => {
		const [gcp] = read('iperf3/v3.9-gcp-ibm-p1.json').tests;
		expect(gcp?.tool).toBe('iperf 3.9');
		expect(gcp?.tcp?.sendWindowBytes).toBeNull();
		expect(gcp?.retransmits).toBe(296);
		expect(gcp?.congestionControl).toBe('cubic');
		const [loopback] = read('iperf3/v3.16-loopback-p1.json').tests;
		expect(loopback?.cpu?.boundBy).toMatch(/^client iperf3 at 103% of the 100% it can use/);
		const [mac] = read('iperf3/v3.17.1-macos-p1.json').tests;
		expect(mac?.tcp).toBeNull();
		expect(mac?.retransmits).toBeNull();
	});

	it('splits --bidir into its two directions and marks -R', () => {
		const {tests} = read('iperf3/bidir-p2.json');
		expect(tests.map((test) => test.direction)).toEqual(['bidir-forward', 'bidir-reverse']);
		expect(tests[0]?.gbps).toBeCloseTo(7.355, 2);
		expect(tests[1]?.gbps).toBeCloseTo(2.46, 2);
		expect(tests[1]?.retransmits).toBe(80);
		expect(tests.map((test) => test.perStreamGbps.length)).toEqual([2, 2]);
		const [reverse] = read('iperf3/reverse-p1.json').tests;
		expect(reverse?.direction).toBe('reverse');
		expect(reverse?.tcp?.meanRttMs ?? null).toBeNull();
	});

	it('keeps a failed test with its error: refused, busy, terminated, interrupted', () => {
		expect(read('iperf3/connection-refused.json').tests[0]?.error).toMatch(/Connection refused/);
		expect(read('iperf3/server-busy.json').tests[0]?.error).toMatch(/busy/);
		const terminated = read('iperf3/server-terminated.json').tests[0];
		expect(terminated?.error).toBe('the server has terminated');
		expect(terminated?.intervals.length).toBeGreaterThan(0);
		expect(read('iperf3/client-interrupted.json').tests[0]?.error).not.toBeNull();
		expect(read('iperf3/text-after-json.json').tests[0]?.gbps).toBeGreaterThan(0);
	});
});

describe('the other formats', () => {
	it('reads iperf3 --json-stream lines as the same figures as the -J report they carry', () => {
		const [stream] = read('explain/json-stream-capped-1g-p1.jsonl').tests;
		const [whole] = read('iperf3/capped-1g-p1.json').tests;
		expect(stream?.format).toBe('iperf3-stream');
		expect({...stream, file: '', format: ''}).toEqual({...whole, file: '', format: ''});
	});

	it('reads a netplace result, each stream count a test with the run as its place', () => {
		const {tests} = read('probe-runs/lab-clean-sweep.json');
		expect(tests.map((test) => test.streams)).toEqual([1, 2, 4, 8, 16]);
		expect(tests[0]?.format).toBe('netplace');
		expect(tests[0]?.gbps).toBe(0.477);
		expect(tests[0]?.statedLimit).not.toBeNull();
	});

	it("reads k8s-netperf's TCP_STREAM documents with the nodes' instance type and zone; the rest are left out, said", () => {
		const {tests, notes} = read('explain/k8s-netperf-m5-8xlarge.json');
		expect(tests.map((test) => [test.streams, test.gbps])).toEqual([
			[1, 4.7125],
			[8, 9.48],
		]);
		expect(tests[0]?.place).toMatchObject({shape: 'm5.8xlarge', region: 'us-east-1', path: 'same-zone'});
		expect(tests[0]?.cpu?.boundBy).toBeNull();
		expect(notes).toEqual(['1 k8s-netperf document(s) are not TCP_STREAM throughput tests: left out']);
	});
});

describe('files it refuses, one line each naming the file', () => {
	const capped = readFileSync(fixture('iperf3/capped-1g-p1.json'), 'utf8');
	const write = (name: string, text: string): string => {
		const path = join(scratch, name);
		writeFileSync(path, text);
		return path;
	};

	it('refuses malformed, truncated, empty, binary and foreign files', () => {
		const cases: Array<[string, string, RegExp]> = [
			['truncated.json', capped.slice(0, capped.length / 2), /truncated\.json: not valid JSON \(truncated/],
			['empty.json', '  \n', /empty\.json: empty$/],
			['nul.json', `${capped}\u0000`, /not text \(it holds NUL bytes\)/],
			['foreign.json', '{"hello": "world", "n": [1, 2]}', /not a format explain reads/],
			['array.json', '[1, 2, 3]', /not a format explain reads/],
			['stream.jsonl', readFileSync(fixture('explain/json-stream-cut-short.jsonl'), 'utf8'), /without an end event/],
			['bad-line.jsonl', '{"event":"start","data":{}}\n{"event":"interval",', /--json-stream line 2/],
		];
		for (const [name, text, expected] of cases) {
			const path = write(name, text);
			const message = refusal(() => parseImport(text, path));
			expect(message).toMatch(expected);
			expect(message).toContain(path);
		}
	});

	it('refuses huge numbers: one JSON overflows to Infinity, and a figure past 10 Tbps', () => {
		const overflow = capped.replace(/"bits_per_second":\s*[\d.]+/, '"bits_per_second": 1e999');
		expect(refusal(() => parseImport(overflow, 'x.json'))).toBe('explain: x.json: a number too large for a figure');
		const huge = capped.replace(/("sum_received":\s*\{[^}]*"bits_per_second":\s*)[\d.]+/, '$11e300');
		expect(refusal(() => parseImport(huge, 'y.json'))).toMatch(/y\.json: 1e\+291 Gbps is not a plausible figure/);
	});

	it('strips control characters from every string the file holds (hosts, errors)', () => {
		const hostile = capped
			.replace(/"host":\s*"[^"]*"/, '"host": "evil\\u001b[2J\\u0007host"')
			.replace(/"version":\s*"[^"]*"/, '"version": "iperf 3.12\\u001b]0;owned\\u0007"');
		const [test] = parseImport(hostile, 'h.json').tests;
		expect(test?.hosts.remote).toBe('evil[2Jhost');
		expect(JSON.stringify(test)).not.toMatch(/\\u001b|\\u0007/);
		const error = JSON.stringify({error: 'unable to connect\u001b[31m to server'});
		expect(parseImport(error, 'e.json').tests[0]?.error).toBe('unable to connect[31m to server');
		expect(refusal(() => parseImport('{}', 'name\u001b[2J.json'))).toContain('name[2J.json');
	});

	it('refuses a FIFO without opening it, a directory, a missing file and a file past the size limit', () => {
		const fifo = join(scratch, 'pipe');
		execFileSync('mkfifo', [fifo]);
		expect(refusal(() => readImport(fifo))).toMatch(/pipe: a FIFO \(named pipe\)/);
		expect(refusal(() => readImport(scratch))).toMatch(/: a directory$/);
		expect(refusal(() => readImport(join(scratch, 'none.json')))).toMatch(/none\.json: no such file$/);
		const big = write('big.json', '');
		truncateSync(big, maxImportBytes + 1);
		expect(refusal(() => readImport(big))).toMatch(/big\.json: 64 MiB, more than the 64 MiB explain reads/);
	});
});

// commands/write-stdout.ts: the whole text through writeSync while it takes it; what it cannot take
// (a full non-blocking pipe, a reader gone) goes to process.stdout's stream from the first byte not written.
import {describe, expect, it} from 'vitest';
import {writeStdout} from '../../source/cli/write-stdout.js';

function parts(accept: readonly (number | 'EAGAIN')[]) {
	const written: string[] = [];
	const streamed: string[] = [];
	let call = 0;
	return {
		written,
		streamed,
		parts: {
			writeSync: (_fd: number, buffer: Uint8Array, offset: number) => {
				const step = accept[call++] ?? buffer.length;
				if (step === 'EAGAIN') throw Object.assign(new Error('EAGAIN'), {code: 'EAGAIN'});
				const taken = Math.min(step, buffer.length - offset);
				written.push(Buffer.from(buffer.subarray(offset, offset + taken)).toString());
				return taken;
			},
			stream: {write: (chunk: Uint8Array) => streamed.push(Buffer.from(chunk).toString())},
		},
	};
}

describe('writeStdout', () => {
	it('writes everything with writeSync, partial writes continued where they stopped', () => {
		const out = parts([3, 2]);
		writeStdout('héllo world\n', out.parts);
		expect(out.written.join('')).toBe('héllo world\n');
		expect(out.streamed).toEqual([]);
	});

	it('hands what writeSync could not take to the stream, from the first byte not written', () => {
		const out = parts([4, 'EAGAIN']);
		writeStdout('{"a": 1}\n', out.parts);
		expect(out.written).toEqual(['{"a"']);
		expect(out.streamed).toEqual([': 1}\n']);
	});
});

// A command's whole output written to stdout in one go. `process.stdout` is a stream Node builds on first
// use, loading its stream modules (~4 ms of a ~140 ms `size --json`); a scripting command that prints its
// answer once writes the bytes with fs.writeSync instead. Whatever writeSync cannot take (a full
// non-blocking pipe: EAGAIN; a reader gone: EPIPE; anything else) goes to `process.stdout` as before, which
// queues it, or reports the error to the handler command-line.ts gives it (a closed pipe ends the run quietly).

import {writeSync} from 'node:fs';

export interface StdoutParts {
	readonly writeSync: (fd: number, buffer: Uint8Array, offset: number) => number;
	readonly stream: {write(chunk: Uint8Array): unknown};
}

const nodeStdout: StdoutParts = {
	writeSync: (fd, buffer, offset) => writeSync(fd, buffer, offset),
	get stream() {
		return process.stdout;
	},
};

export function writeStdout(text: string, parts: StdoutParts = nodeStdout): void {
	const bytes = Buffer.from(text);
	let offset = 0;
	try {
		while (offset < bytes.length) offset += parts.writeSync(1, bytes, offset);
	} catch {
		parts.stream.write(bytes.subarray(offset));
	}
}

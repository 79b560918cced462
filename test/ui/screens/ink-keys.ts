// The one test helper: write a key into an ink-testing-library app and WAIT FOR CONTENT — poll the last
// frame until it contains what the test expects (or time out with the frame in the message). No sleeps.

export const keys = {
	up: '\u001B[A',
	down: '\u001B[B',
	right: '\u001B[C',
	left: '\u001B[D',
	enter: '\r',
	escape: '\u001B',
	backspace: '\u007F',
	tab: '\t',
	ctrlC: '\u0003',
	home: '\u001B[H',
	end: '\u001B[F',
} as const;

export interface InkHandle {
	readonly stdin: {write(data: string): void};
	lastFrame(): string | undefined;
}

/** Text the frame must contain, a pattern it must match, or any test of the frame. */
export type Expected = string | RegExp | ((frame: string) => boolean);

function matches(frame: string, expected: Expected): boolean {
	if (typeof expected === 'string') {
		return frame.includes(expected);
	}

	return typeof expected === 'function' ? expected(frame) : expected.test(frame);
}

/** Poll `lastFrame()` until it contains `expected`; returns that frame. */
export async function waitForContent(handle: InkHandle, expected: Expected, timeoutMs = 15_000): Promise<string> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const frame = handle.lastFrame() ?? '';
		if (matches(frame, expected)) {
			return frame;
		}

		if (Date.now() > deadline) {
			throw new Error(`timed out waiting for ${String(expected)}; last frame:\n${frame}`);
		}

		// Yield to the event loop so Ink can render; this is a poll, not a fixed wait.
		await new Promise<void>((resolve) => {
			setImmediate(resolve);
		});
	}
}

/** Write one key (or text), then wait until the frame contains `expected`. */
export async function press(handle: InkHandle, input: string, expected: Expected, timeoutMs?: number): Promise<string> {
	handle.stdin.write(input);
	return waitForContent(handle, expected, timeoutMs);
}

/** Enter on every question left (each keeps its answer or skips), until the result shows. */
export async function answerTheRest(app: InkHandle): Promise<string> {
	for (let turn = 0; turn < 15; turn++) {
		const before = app.lastFrame() ?? '';
		if (!/netplace · \d+ of \d+/.test(before)) break;
		await press(app, keys.enter, (frame) => frame !== before);
	}

	return waitForContent(app, 'Recommended decision order');
}

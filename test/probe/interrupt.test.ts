import {EventEmitter} from 'node:events';
import {describe, expect, it} from 'vitest';
import {InterruptedError} from '../../source/domain/errors.js';
import {guardInterrupts, handledSignals} from '../../source/probe/interrupt.js';

describe('guardInterrupts', () => {
	it('aborts on the first SIGINT, ignores the next ones and says so, and detaches on dispose', () => {
		const emitter = new EventEmitter();
		const lines: string[] = [];
		const guard = guardInterrupts({target: emitter as unknown as NodeJS.Process, write: (line) => lines.push(line)});
		expect(guard.signal.aborted).toBe(false);
		emitter.emit('SIGINT', 'SIGINT');
		expect(guard.signal.aborted).toBe(true);
		expect(guard.interruptedBy()).toBe('SIGINT');
		emitter.emit('SIGINT', 'SIGINT');
		emitter.emit('SIGTERM', 'SIGTERM');
		expect(lines).toHaveLength(3);
		expect(lines[0]).toMatch(/^netplace: interrupted: stopping the probe and tearing down/);
		expect(lines[1]).toBe('netplace: teardown in progress: Ctrl-C ignored until it finishes');
		expect(lines[2]).toBe('netplace: teardown in progress: SIGTERM ignored until it finishes');
		expect(guard.interruptedBy()).toBe('SIGINT');
		guard.dispose();
		for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT']) expect(emitter.listenerCount(signal)).toBe(0);
	});

	it('handles SIGQUIT too, and each signal maps to 128 + its number', () => {
		const emitter = new EventEmitter();
		const guard = guardInterrupts({target: emitter as unknown as NodeJS.Process, write: () => undefined});
		emitter.emit('SIGQUIT', 'SIGQUIT');
		expect(guard.signal.aborted).toBe(true);
		expect(guard.interruptedBy()).toBe('SIGQUIT');
		guard.dispose();
		const codes = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'].map(
			(signal) => new InterruptedError('x', signal as NodeJS.Signals).exitCode,
		);
		expect(codes).toEqual([130, 143, 129, 131]);
		expect(new InterruptedError().exitCode).toBe(130);
	});
});

describe('every signal that would end the process (issue 42, finding 2)', () => {
	it('handles SIGUSR2, SIGALRM and the rest a kill -s can send like SIGINT, each 128 + its number', () => {
		// Before: SIGINT, SIGTERM, SIGHUP and SIGQUIT only; SIGUSR2 or SIGALRM ended the probe with no teardown.
		expect(handledSignals).toEqual(
			expect.arrayContaining(['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR2', 'SIGALRM', 'SIGVTALRM', 'SIGXCPU']),
		);
		// Node's inspector (USR1), its ignored PIPE, V8's profiler (PROF), faults and the uncatchable are not taken.
		for (const left of ['SIGUSR1', 'SIGPIPE', 'SIGPROF', 'SIGSEGV', 'SIGABRT', 'SIGKILL', 'SIGSTOP'])
			expect(handledSignals).not.toContain(left);
		for (const signal of ['SIGUSR2', 'SIGALRM'] as const) {
			const emitter = new EventEmitter();
			const lines: string[] = [];
			const guard = guardInterrupts({target: emitter as unknown as NodeJS.Process, write: (line) => lines.push(line)});
			emitter.emit(signal, signal);
			expect(guard.signal.aborted).toBe(true);
			expect(guard.interruptedBy()).toBe(signal);
			expect(lines[0]).toMatch(new RegExp(`^netplace: got ${signal}: stopping the probe and tearing down`));
			guard.dispose();
			for (const handled of handledSignals) expect(emitter.listenerCount(handled)).toBe(0);
		}

		expect(new InterruptedError('x', 'SIGUSR2').exitCode).toBe(140);
		expect(new InterruptedError('x', 'SIGALRM').exitCode).toBe(142);
	});
});

describe('an exception nothing caught, while a probe runs (issue 42, finding 1)', () => {
	it('aborts into teardown once, is kept for the exit, and later ones are said without a second abort', () => {
		const emitter = new EventEmitter();
		const lines: string[] = [];
		const guard = guardInterrupts({target: emitter as unknown as NodeJS.Process, write: (line) => lines.push(line)});
		emitter.emit('uncaughtException', new Error('Connection lost before handshake'));
		expect(guard.signal.aborted).toBe(true);
		expect(guard.crashedWith()?.message).toBe('Connection lost before handshake');
		expect(guard.interruptedBy()).toBeNull();
		emitter.emit('uncaughtException', new Error('second'));
		emitter.emit('SIGINT', 'SIGINT');
		expect(lines).toEqual([
			'netplace: unexpected error (Connection lost before handshake): stopping the probe and tearing down',
			'netplace: unexpected error (second): teardown goes on',
			'netplace: teardown in progress: Ctrl-C ignored until it finishes',
		]);
		expect(guard.crashedWith()?.message).toBe('Connection lost before handshake');
		guard.dispose();
		expect(emitter.listenerCount('uncaughtException')).toBe(0);
	});
});

describe('an output that goes away (output-lost.ts)', () => {
	it('is a signal to a running probe: a closed pipe as SIGPIPE (141), a lost terminal as SIGHUP (129)', () => {
		for (const [code, signal, exit] of [
			['EPIPE', 'SIGPIPE', 141],
			['EIO', 'SIGHUP', 129],
		] as const) {
			let lose: (code: string) => void = () => undefined;
			const lines: string[] = [];
			const guard = guardInterrupts({
				target: new EventEmitter() as unknown as NodeJS.Process,
				write: (line) => lines.push(line),
				onOutputLost: (listener) => {
					lose = listener;
					return () => undefined;
				},
			});
			lose(code);
			expect(guard.signal.aborted).toBe(true);
			expect(guard.interruptedBy()).toBe(signal);
			expect(new InterruptedError('x', guard.interruptedBy()).exitCode).toBe(exit);
			expect(lines).toEqual([
				`netplace: the output went away (${code}): stopping the probe and tearing down (Ctrl-C again is ignored until teardown finishes)`,
			]);
			guard.dispose();
		}
	});

	it('is swallowed while a probe listens, and after; with none listening a closed pipe ends quietly', async () => {
		const {outputFailed, whenOutputLost} = await import('../../source/probe/output-lost.js');
		const exits: number[] = [];
		const told: string[] = [];
		const end = {exit: (code: number) => exits.push(code), tell: (line: string) => told.push(line)};
		const heard: string[] = [];
		const stop = whenOutputLost((code) => heard.push(code));
		outputFailed(Object.assign(new Error('write EPIPE'), {code: 'EPIPE'}), end, undefined);
		outputFailed(Object.assign(new Error('write EIO'), {code: 'EIO'}), end, undefined);
		stop();
		outputFailed(Object.assign(new Error('write EPIPE'), {code: 'EPIPE'}), end, undefined);
		expect(heard).toEqual(['EPIPE']);
		expect(exits).toEqual([]);
		expect(told).toEqual([]);
	});
});

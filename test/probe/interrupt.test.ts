import {EventEmitter} from 'node:events';
import {describe, expect, it} from 'vitest';
import {InterruptedError} from '../../source/errors.js';
import {guardInterrupts} from '../../source/probe/interrupt.js';

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

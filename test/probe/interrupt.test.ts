import {EventEmitter} from 'node:events';
import {describe, expect, it} from 'vitest';
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
		expect(guard.interruptedBy()).toBe('SIGINT');
		guard.dispose();
		expect(emitter.listenerCount('SIGINT')).toBe(0);
		expect(emitter.listenerCount('SIGTERM')).toBe(0);
	});
});

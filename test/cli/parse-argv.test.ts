import {describe, expect, it} from 'vitest';
import {parseArgv} from '../../source/cli/parse-argv.js';
import {UserError} from '../../source/domain/errors.js';
import {listFlag} from '../../source/request/flags.js';
import {parseWorkload, presenceSwitch} from '../../source/request/workload.js';

describe('parseArgv', () => {
	it('reads kebab-case flags into CliFlags with switches false when absent', () => {
		const {flags, input, given} = parseArgv(['advise', '--cloud', 'aws', '--min-gbps=20', '--latency-sensitive']);
		expect(input).toEqual(['advise']);
		expect(flags.cloud).toBe('aws');
		expect(flags.minGbps).toBe('20');
		expect(flags.latencySensitive).toBe(true);
		expect(flags.faultIsolation).toBe(false);
		expect(flags.streams).toBeUndefined();
		expect(flags.placement).toEqual([]);
		expect([...given].sort()).toEqual(['cloud', 'latencySensitive', 'minGbps']);
	});

	it('gives a string flag followed by another flag an empty value (advise --sustained --json)', () => {
		const {flags, given} = parseArgv(['advise', '--sustained', '--json']);
		expect(flags.sustained).toBe('');
		expect(flags.json).toBe(true);
		expect(given.has('sustained')).toBe(true);
		expect(presenceSwitch('sustained', flags.sustained ?? 'no')).toBe(true);
		expect(parseArgv(['probe', '--sustained', '300']).flags.sustained).toBe('300');
		expect(parseArgv(['advise', '--streams']).flags.streams).toBe('');
	});

	it('passes negative numbers to the validators and keeps --no-switch', () => {
		const {flags, given} = parseArgv(['advise', '--min-gbps', '-3', '--no-json']);
		expect(flags.minGbps).toBe('-3');
		expect(flags.json).toBe(false);
		expect(given.has('json')).toBe(true);
		expect(() => parseWorkload({minGbps: flags.minGbps})).toThrow(UserError);
	});

	it('collects repeatable and comma-list placements', () => {
		const {flags} = parseArgv(['probe', '--placement', 'default,cluster', '--placement=spread', '--streams', '1,8']);
		expect(listFlag(flags.placement)).toEqual(['default', 'cluster', 'spread']);
		expect(listFlag(flags.streams)).toEqual(['1', '8']);
	});

	it('refuses unknown flags and values given to switches, in one message', () => {
		expect(() => parseArgv(['advise', '--colour', 'red', '-x'])).toThrow('unknown flags --colour, -x');
		expect(() => parseArgv(['table', '--json=yes'])).toThrow('--json is a switch and takes no value');
	});

	it('treats everything after -- as arguments', () => {
		expect(parseArgv(['profiles', 'show', '--', '--odd']).input).toEqual(['profiles', 'show', '--odd']);
	});
});

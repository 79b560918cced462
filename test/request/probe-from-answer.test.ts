// The probe an answer asks for (request/probe-from-answer.ts), as the CLI prints it (`advise`: present/
// probe-commands.ts): the configuration's cloud, shape, placement and options, the workload's Region and RTT;
// only flags the provider takes; lines a shell reads whole.
import {describe, expect, it} from 'vitest';
import {parseArgv} from '../../source/cli/parse-argv.js';
import type {Configuration} from '../../source/domain/model-types.js';
import {probeCommandLines, probeCommands, shellLines} from '../../source/present/probe-command-lines.js';
import {parseProbeFlags} from '../../source/request/probe-flags.js';
import {labFieldsFor, probeFieldsFor} from '../../source/request/probe-from-answer.js';

const c6in: Configuration = {
	cloud: 'aws',
	shape: 'c6in.8xlarge',
	placement: 'cluster',
	ocpus: null,
	options: {enaExpress: true, tier1: false},
	streams: 8,
};
const crossRegion = {region: 'eu-west-1', path: 'cross-region', rttMs: 75} as const;

describe('the probe an answer asks for', () => {
	it("keeps the answer's Region, options, placement and RTT", () => {
		expect(probeFieldsFor(c6in, crossRegion)).toMatchObject({
			provider: 'aws',
			shape: 'c6in.8xlarge',
			placements: 'cluster',
			enaExpress: 'yes',
			tier1: 'no',
			region: 'eu-west-1',
			path: 'cross-region',
			rtt: '75',
			streams: '1,2,4,8,16',
		});
		expect(labFieldsFor(c6in, crossRegion)).toEqual({
			provider: 'lab',
			shape: 'aws/c6in.8xlarge',
			placements: 'cluster',
			streams: '1,2,4,8,16',
			rtt: '75',
		});
	});

	it('prints commands with only the flags each provider takes, which parse back to the same request', () => {
		const commands = probeCommands(c6in, crossRegion);
		expect(commands.cloud).toBe(
			'netplace probe --provider aws --shape c6in.8xlarge --region eu-west-1 --ena-express --placement cluster --streams 1,2,4,8,16',
		);
		expect(commands.lab).toBe(
			'netplace probe --provider lab --rtt 75 --shape aws/c6in.8xlarge --placement cluster --streams 1,2,4,8,16',
		);
		const lab = parseProbeFlags(parseArgv(commands.lab.split(' ').slice(2)).flags);
		expect(lab.target.lab).toMatchObject({profile: 'aws/c6in.8xlarge', rttMs: 75});
		expect(lab.target.placements).toEqual(['cluster']);
		// The cloud's probe asks who may SSH in: the user adds it (the heading says so).
		const withCidr = [...commands.cloud.split(' ').slice(2), '--ssh-cidr', '203.0.113.7/32'];
		const cloud = parseProbeFlags(parseArgv(withCidr).flags);
		expect(cloud.target).toMatchObject({shape: 'c6in.8xlarge', region: 'eu-west-1', enaExpress: true});
	});

	it('wraps a command at the width with shell continuations, a flag beside its value', () => {
		const lines = probeCommandLines(probeCommands(c6in, crossRegion), 75, 60);
		for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
		expect(lines.join('\n')).toContain("at the path's 75 ms");
		expect(lines.filter((line) => line.endsWith(' \\')).length).toBeGreaterThan(0);
		const command = shellLines(probeCommands(c6in, crossRegion).lab, 60)
			.map((line) => line.replace(/ \\$/, '').trim())
			.join(' ');
		expect(command).toBe(probeCommands(c6in, crossRegion).lab);
		expect(lines.some((line) => /--placement$/.test(line.replace(/ \\$/, '')))).toBe(false);
	});
});

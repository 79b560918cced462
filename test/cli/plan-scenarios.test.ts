// The plan for the job (issue 36; DESIGN.md "The plan (model v3)") through `size --json` and `advise --json`:
// the deadline binds beside a target, the bill carries the bytes with their source, hosts are tuned unless
// they cannot be, as many pairs as the job takes, and the far Region is checked as --region is.

import {describe, expect, it} from 'vitest';
import type {RankedConfiguration} from '../../source/domain/model-types.js';
import type {Workload} from '../../source/domain/types.js';
import {measurementSpread, reaches} from '../../source/sizing/resolution.js';
import {configDirForFile, job300Tb as job300, lines} from './helpers.js';
import {runInProcess} from './in-process.js';

const folder = configDirForFile();

interface Answer {
	readonly workload: Workload;
	readonly meetsTarget: boolean;
	readonly configurations: readonly RankedConfiguration[];
}

async function answered(args: readonly string[]): Promise<Answer> {
	const result = await runInProcess([...args, '--json'], {configDir: folder()});
	expect(result.stderr).toBe('');
	expect(result.status).toBe(0);
	return JSON.parse(result.stdout) as Answer;
}

const first = (answer: Answer): RankedConfiguration => {
	const pick = answer.configurations[0];
	if (pick === undefined) throw new Error('no configuration ranked');
	return pick;
};

describe('the plan for the job', () => {
	it('50 TB in 6 h with --min-gbps 10: the deadline binds (18.52 Gbps), and nothing slower is called meeting', async () => {
		for (const command of ['size', 'advise']) {
			const answer = await answered([
				command,
				'--cloud',
				'aws',
				'--streams',
				'8',
				'--transfer',
				'50TB',
				'--within',
				'6h',
				'--min-gbps',
				'10',
			]);
			expect(answer.workload.minGbps).toBe(18.52);
			for (const entry of answer.configurations.filter((each) => each.meetsTarget)) {
				// Near misses within the study's 1.2% spread meet (DESIGN.md).
				expect(entry.job.seconds ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(21_600 * (1 + measurementSpread));
				expect(entry.transfer?.withinTime).toBe(true);
			}
		}

		const text = await runInProcess(
			['advise', '--cloud', 'aws', '--streams', '8', '--transfer', '50TB', '--within', '6h', '--min-gbps', '10'],
			{configDir: folder()},
		);
		expect(text.stdout).not.toContain('Meets 10 Gbps');
		expect(text.stdout).toContain('Meets 18.52 Gbps');
	});

	it('300 TB us-east-1 -> eu-west-1 in 48 h, 16 streams at 75 ms: tuned hosts, a named plan, a bill the bytes dominate', async () => {
		for (const command of ['size', 'advise']) {
			const answer = await answered([command, ...job300]);
			const pick = first(answer);
			expect(pick.meetsTarget).toBe(true);
			expect(pick.hosts.tuned).toBe(true);
			expect(pick.hosts.bufferBytes ?? 0).toBeGreaterThan(6_291_456);
			// Tuned, the window no longer holds the plan: one pair carries the job.
			expect(pick.predicted.bindingLimit).not.toBe('window');
			expect(pick.pairs).toBe(1);
			// Untuned, the window holds one pair far below the job: the figure the host-tuning step starts from.
			expect(pick.hosts.untuned?.bindingLimit).toBe('window');
			expect(pick.hosts.untuned?.aggregateGbps ?? 99).toBeLessThan(13.89);
			expect((pick.job.rateGbps ?? 0) >= 13.89).toBe(true);
			const cost = pick.job.cost;
			expect(cost?.dataTransfer).toBeCloseTo(6000, 0);
			expect(cost?.dataTransferPrice?.source).toBeTruthy();
			expect(cost?.dataTransferPrice?.asOf).toMatch(/^\d{4}-\d{2}-\d{2}/);
			expect(cost?.dataTransfer ?? 0).toBeGreaterThan(cost?.instances ?? Number.POSITIVE_INFINITY);
			expect(cost?.total).toBeCloseTo((cost?.instances ?? 0) + (cost?.dataTransfer ?? 0), 2);
		}

		const text = await runInProcess(['advise', ...job300], {configDir: folder()});
		expect(text.stdout).toMatch(/hosts: tuned as netplace tune prints \(TCP buffers of \d+ MiB on both ends\)/);
		expect(text.stdout).toMatch(/bill: data transfer +\$6,000\.00 \(300 TB x \$0\.02\/GB/);
	});

	it('--hosts-as-is keeps the hosts as they are: the window binds and the card says so', async () => {
		const answer = await answered(['size', ...job300, '--hosts-as-is']);
		const pick = first(answer);
		expect(pick.hosts).toEqual({tuned: false, bufferBytes: null, untuned: null});
		expect(pick.predicted.bindingLimit).toBe('window');
		expect(answer.workload.hostsAsIs).toBe(true);
	});

	it('ranks by what the job costs, then its time: a plan cheaper and sooner is never below another', async () => {
		const answer = await answered([
			'size',
			'--cloud',
			'aws',
			'--streams',
			'4',
			'--transfer',
			'10TB',
			'--within',
			'12h',
			'--path',
			'cross-region',
			'--rtt',
			'70',
			'--rmem-max',
			'28311552',
			'--wmem-max',
			'28311552',
		]);
		const meeting = answer.configurations.filter((entry) => entry.meetsTarget && entry.cpuRisk === undefined);
		expect(meeting.length).toBeGreaterThan(1);
		meeting.forEach((above, index) => {
			for (const below of meeting.slice(index + 1)) {
				const cheaper = (below.job.cost?.instances ?? Infinity) < (above.job.cost?.instances ?? Infinity);
				const sooner = (below.job.seconds ?? Infinity) < (above.job.seconds ?? Infinity);
				expect(cheaper && sooner, `${below.shape} below ${above.shape}`).toBe(false);
			}
		});
		// Buffers given are facts: the plan does not tune them.
		expect(first(answer).hosts.tuned).toBe(false);
	});

	it('2 TB nightly between two GCP zones in 1 h on one stream: the bytes are priced, with their source', async () => {
		const pick = first(
			await answered([
				'advise',
				'--cloud',
				'gcp',
				'--streams',
				'1',
				'--transfer',
				'2TB',
				'--within',
				'1h',
				'--path',
				'cross-zone',
			]),
		);
		expect(pick.meetsTarget).toBe(true);
		expect(pick.job.cost?.dataTransfer ?? 0).toBeGreaterThan(10);
		expect(pick.job.cost?.dataTransferPrice?.source).toBeTruthy();
	});

	it('a cross-Region path without --to-region: the charge is unknown and says why, never guessed', async () => {
		const pick = first(
			await answered([
				'size',
				'--cloud',
				'aws',
				'--streams',
				'4',
				'--transfer',
				'10TB',
				'--within',
				'12h',
				'--path',
				'cross-region',
				'--rtt',
				'70',
			]),
		);
		expect(pick.job.cost?.dataTransfer).toBeNull();
		expect(pick.job.cost?.total).toBeNull();
		expect(pick.job.cost?.dataTransferUnknown).toContain('--to-region');
	});

	it('AWS, 8 streams at 100 Gbps: one pair with ENA Express meets it (within the spread)', async () => {
		const pick = first(await answered(['advise', '--cloud', 'aws', '--streams', '8', '--min-gbps', '100']));
		expect(pick.meetsTarget).toBe(true);
		expect(pick.pairs).toBe(1);
		expect(reaches(pick.job.rateGbps ?? 0, 100)).toBe(true);
	});

	it('AWS, 2 streams at 100 Gbps: as many pairs as it takes, the job rate meeting the target; --max-pairs 1 keeps one', async () => {
		const pick = first(await answered(['advise', '--cloud', 'aws', '--streams', '2', '--min-gbps', '100']));
		expect(pick.meetsTarget).toBe(true);
		expect(pick.pairs).toBeGreaterThan(1);
		expect(pick.pairs).toBeLessThanOrEqual(16);
		expect(reaches(pick.job.rateGbps ?? 0, 100)).toBe(true);
		expect(pick.job.rateGbps).toBeCloseTo(pick.pairs * (pick.predicted.aggregateGbps ?? 0), 1);
		const one = await answered(['size', '--cloud', 'aws', '--streams', '2', '--min-gbps', '100', '--max-pairs', '1']);
		expect(one.configurations.every((entry) => entry.pairs === 1)).toBe(true);
		expect(one.meetsTarget).toBe(false);
	});

	it.each([
		[['size', '--to-region', 'eu-wst-1'], /^netplace: .*did you mean eu-west-1\?/],
		[
			['size', '--path', 'same-zone', '--to-region', 'eu-west-1'],
			/--to-region names the far end of a cross-Region path/,
		],
		[
			['size', '--region', 'us-east-1', '--to-region', 'europe-west1'],
			/--to-region europe-west1 is not a region of us-east-1's cloud/,
		],
		[['size', '--max-pairs', '0'], /--max-pairs/],
	])('%j: one line, exit 2', async (args, message) => {
		const result = await runInProcess(args, {configDir: folder()});
		expect(result.status).toBe(2);
		expect(result.stdout).toBe('');
		expect(lines(result.stderr)[0]).toMatch(message);
	});
});

// Issue 23 §5 through the CLI on the real catalogue: a configuration with an unknown price never
// outranks a priced one silently (the answer groups them and says so, in JSON, text and Markdown), and OCI
// Flex shapes are priced per OCPU plus memory at the shape's default GB per OCPU, at the fewest OCPUs that
// meet the target.

import {rmSync} from 'node:fs';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {SizeAnswer} from '../../source/cli/size.js';
import type {RankedConfiguration} from '../../source/domain/model-types.js';
import {tempConfigDir} from './helpers.js';
import {runInProcess} from './in-process.js';

let configDir: string;

beforeAll(() => {
	configDir = tempConfigDir();
});

afterAll(() => rmSync(configDir, {recursive: true, force: true}));

async function json(args: readonly string[]): Promise<SizeAnswer> {
	const result = await runInProcess([...args, '--json'], {configDir});
	expect(result.status, result.stderr).toBe(0);
	return JSON.parse(result.stdout) as SizeAnswer;
}

const text = async (args: readonly string[]) => (await runInProcess(args, {configDir})).stdout;
const flexSize = (shape: string, gbps: number) => [
	'size',
	'--cloud',
	'oci',
	'--shape',
	shape,
	'--streams',
	'8',
	'--min-gbps',
	String(gbps),
];
// x86: since issue 36 Oracle's price list prices A1 (Arm, $0.01/OCPU-h + $0.0015/GB-h), which then fills the
// first ten places at 40 Gbps with priced Flex configurations and leaves no unpriced one to rank.
const oci40 = ['size', '--cloud', 'oci', '--streams', '8', '--min-gbps', '40', '--arch', 'x86_64'] as const;

/** No unpriced configuration ranks above a priced one of its group (meeting the target, or all without one). */
function groupedAfterPriced(configurations: readonly RankedConfiguration[], target: number | null): void {
	const group = (entry: RankedConfiguration) => (target === null ? 'all' : String(entry.meetsTarget));
	configurations.forEach((entry, index) => {
		if (entry.pricePerHour !== null || (target !== null && !entry.meetsTarget)) return;
		const pricedBelow = configurations
			.slice(index + 1)
			.filter((later) => later.pricePerHour !== null && group(later) === group(entry));
		expect(
			pricedBelow.map((later) => `${later.shape} #${later.rank}`),
			`${entry.shape} #${entry.rank}`,
		).toEqual([]);
	});
}

describe('unpriced configurations are grouped after the priced ones, and the answer says so', () => {
	it('size --json: OCI at 40 Gbps ranks the unpriced bare-metal shapes after the priced Flex ones, marked and counted', async () => {
		const answer = await json(oci40);
		const unpriced = answer.configurations.filter((entry) => entry.pricePerHour === null);
		expect(unpriced.length).toBeGreaterThan(0);
		expect(answer.configurations[0]?.pricePerHour).not.toBeNull();
		groupedAfterPriced(answer.configurations, 40);
		// Two reasons since Oracle's Flex rates landed (issue 36): no price at all, or a Flex rate whose default
		// memory per OCPU no source states (A2, A4, Optimized3, E6, DenseIO).
		const reasons = [
			'no source gives this shape a price',
			"the shape's default memory per OCPU is unknown (listShapes gives it)",
		];
		for (const entry of unpriced) expect(reasons).toContain(entry.priceUnknown);
		expect(answer.unpriced).toMatchObject({
			count: unpriced.length,
			ranks: unpriced.map((entry) => entry.rank),
		});
		expect(answer.unpriced?.text).toContain('they rank after every priced one that meets 40 Gbps');
		// Priced ones carry no such field.
		expect(answer.configurations[0]).not.toHaveProperty('priceUnknown');
	});

	it('size --json with a target: Tier_1 (an unpriced SKU) meets it after every priced one that does', async () => {
		const answer = await json(['size', '--cloud', 'gcp', '--streams', '8', '--min-gbps', '60']);
		groupedAfterPriced(answer.configurations, 60);
		const tier1 = answer.configurations.filter((entry) => entry.options.tier1);
		for (const entry of tier1) expect(entry.priceUnknown).toBe('Tier_1 is an extra SKU the catalogue has no price for');
		expect(answer.unpriced?.count ?? 0).toBe(answer.configurations.filter((e) => e.pricePerHour === null).length);
	});

	it('--cloud any: each cloud’s best appended after the top ten is grouped the same way', async () => {
		const answer = await json(['size', '--cloud', 'any', '--streams', '8', '--min-gbps', '45']);
		groupedAfterPriced(answer.configurations, 45);
		expect(answer.unpriced?.count).toBeGreaterThan(0);
		expect(answer.configurations.at(-1)?.pricePerHour).toBeNull();
	});

	it('advise --json carries the same group', async () => {
		const size = await json(oci40);
		const advise = await json(['advise', ...oci40.slice(1)]);
		expect(advise.unpriced).toEqual(size.unpriced);
	});

	it('text and Markdown say it, once, under the card', async () => {
		const sized = await text(oci40);
		expect(sized).toMatch(/Unpriced: \d+ of the 10 ranked configurations have no price/);
		expect(sized.replace(/\s+/g, ' ')).toContain(
			'they rank after every priced one that meets 40 Gbps; an unknown price is not a low one',
		);
		const advised = await text(['advise', ...oci40.slice(1)]);
		expect(advised.match(/Unpriced:/g)).toHaveLength(1);
		const markdown = await text(['advise', ...oci40.slice(1), '--format', 'markdown']);
		expect(markdown).toMatch(/Unpriced: \d+ of the 10 ranked configurations have no price/);
	});

	it('an answer where every configuration is priced says nothing of it', async () => {
		const answer = await json(['size', '--cloud', 'aws', '--streams', '8']);
		expect(answer.configurations.every((entry) => entry.pricePerHour !== null)).toBe(true);
		expect(answer).not.toHaveProperty('unpriced');
		expect(await text(['size', '--cloud', 'aws', '--streams', '8'])).not.toContain('Unpriced');
	});
});

describe('OCI Flex: per OCPU plus the default memory per OCPU, the fewest OCPUs that meet the target', () => {
	// Rates from SkyPilot's OCI grid: E4 $0.025/OCPU-h + $0.0015/GB-h at 16 GB per OCPU (oci-cli #986),
	// E5 $0.03 + $0.002 at 12 GB per OCPU (Oracle's oci-compute-mcp-server launch default).
	const perOcpu = {'VM.Standard.E4.Flex': 0.025 + 16 * 0.0015, 'VM.Standard.E5.Flex': 0.03 + 12 * 0.002} as const;

	it.each([
		{shape: 'VM.Standard.E4.Flex', target: 5, ocpus: 5},
		{shape: 'VM.Standard.E4.Flex', target: 10, ocpus: 10},
		{shape: 'VM.Standard.E4.Flex', target: 40, ocpus: 40},
		{shape: 'VM.Standard.E5.Flex', target: 5, ocpus: 5},
		{shape: 'VM.Standard.E5.Flex', target: 10, ocpus: 10},
		{shape: 'VM.Standard.E5.Flex', target: 40, ocpus: 40},
	] as const)('$shape at $target Gbps: $ocpus OCPUs, priced', async ({shape, target, ocpus}) => {
		const answer = await json(flexSize(shape, target));
		const [first] = answer.configurations;
		expect(first).toMatchObject({shape, ocpus, meetsTarget: true});
		expect(first?.predicted.aggregateGbps).toBeGreaterThanOrEqual(target);
		expect(first?.pricePerHour).toBeCloseTo(perOcpu[shape] * ocpus, 6);
		expect(first?.priceBasis).toContain("GB per OCPU, the shape's default");
		// One OCPU fewer falls short: the fewest that meet it.
		const fewer = await json(flexSize(shape, target - 1));
		expect(fewer.configurations[0]?.ocpus).toBe(ocpus - 1);
	});

	it('the cheaper Flex wins a target across OCI (E4 at $0.049 per OCPU-hour, E5 at $0.054 next)', async () => {
		// x86 (A1, Arm, is cheaper per OCPU since issue 36 priced it).
		const answer = await json(['size', '--cloud', 'oci', '--streams', '8', '--min-gbps', '10', '--arch', 'x86_64']);
		const flex = answer.configurations.filter((entry) => entry.shape.endsWith('.Flex')).slice(0, 4);
		expect(flex.map((entry) => `${entry.shape} x ${String(entry.ocpus)}`)).toContain('VM.Standard.E5.Flex x 10');
		expect(answer.configurations[0]).toMatchObject({shape: 'VM.Standard.E4.Flex', ocpus: 10, pricePerHour: 0.49});
	});

	it('a Flex shape whose default memory no source states is unpriced, and says why', async () => {
		const answer = await json(['size', '--cloud', 'oci', '--shape', 'VM.Standard.E6.Flex', '--streams', '8']);
		expect(answer.configurations[0]).toMatchObject({pricePerHour: null});
		expect(answer.configurations[0]?.priceUnknown).toBeDefined();
		expect(answer.unpriced?.text).toContain('none has a price, so they rank by what they carry');
	});
});

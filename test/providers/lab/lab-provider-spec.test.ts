// The lab's pure parts: profile resolution, tc/nft text, delay decisions, names, the plan. No root needed.
import {describe, expect, it} from 'vitest';
import {UserError} from '../../../source/domain/errors.js';
import {describeLabProblems} from '../../../source/providers/lab/capabilities.js';
import {createLabProvider, labProfileIds, resolveLabShaping} from '../../../source/providers/lab/index.js';
import {
	dataAddresses,
	labRunPrefix,
	managementAddresses,
	managementLinkName,
	namespaceName,
	parseNamespaceName,
} from '../../../source/providers/lab/names.js';
import {correctDelay, decideDelay} from '../../../source/providers/lab/rtt-plan.js';
import {burstBytes, htbBatch, nftRuleset, rootRateGbps} from '../../../source/providers/lab/tc-commands.js';

describe('resolveLabShaping', () => {
	it('lists every reference cell as a profile', () => {
		const ids = labProfileIds();
		expect(ids).toContain('aws/c8g.4xlarge/default');
		expect(ids).toContain('gcp/c4a-standard-16/collocated');
		expect(ids.length).toBeGreaterThanOrEqual(9);
	});

	it('scales AWS c8g default by 0.2: 0.99 per flow, 2.98 aggregate, the cell RTT unscaled', () => {
		const spec = resolveLabShaping({profile: 'aws/c8g.4xlarge/default'});
		expect(spec.flowCapGbps).toBeCloseTo(0.992, 3);
		expect(spec.aggregateCapGbps).toBeCloseTo(2.978, 3);
		expect(spec.rttMs).toBe(0.17);
		expect(spec.scale).toBe(0.2);
	});

	it('keeps the largest aggregate (c8gn cluster) under 10 Gbit at the default scale', () => {
		const spec = resolveLabShaping({profile: 'aws/c8gn.4xlarge/cluster'});
		expect(spec.aggregateCapGbps).toBeCloseTo(9.948, 3);
		expect(spec.flowCapGbps).toBeCloseTo(1.906, 3);
		const largest = Math.max(...labProfileIds().map((id) => resolveLabShaping({profile: id}).aggregateCapGbps ?? 0));
		expect(largest).toBeLessThanOrEqual(10);
	});

	it('gives GCP and OCI cells no per-flow cap', () => {
		expect(resolveLabShaping({profile: 'gcp/c4a-standard-16/default'}).flowCapGbps).toBeNull();
		const oci = labProfileIds().find((id) => id.startsWith('oci/'));
		expect(oci).toBeDefined();
		expect(resolveLabShaping({profile: oci!}).flowCapGbps).toBeNull();
	});

	it('picks each placement cell from a cloud/shape profile and honours --lab-scale', () => {
		expect(resolveLabShaping({profile: 'aws/c8g.4xlarge', scale: 0.1}, 'cluster').flowCapGbps).toBeCloseTo(0.953, 3);
		expect(resolveLabShaping({profile: 'aws/c8g.4xlarge'}, 'default').flowCapGbps).toBeCloseTo(0.992, 3);
	});

	it('takes custom caps as given; caps without a flow cap mean no per-flow cap', () => {
		expect(resolveLabShaping({aggregateCapGbps: 2})).toMatchObject({
			flowCapGbps: null,
			aggregateCapGbps: 2,
			rttMs: null,
		});
		expect(resolveLabShaping({flowCapGbps: 1, aggregateCapGbps: 3, rttMs: 2, jitterMs: 0.1})).toMatchObject({
			profile: null,
			flowCapGbps: 1,
			aggregateCapGbps: 3,
			rttMs: 2,
			jitterMs: 0.1,
		});
	});

	it('refuses bad input with a UserError', () => {
		expect(() => resolveLabShaping({profile: 'aws/nope/default'})).toThrow(UserError);
		expect(() => resolveLabShaping({profile: 'aws/c8g.4xlarge/default', scale: 0})).toThrow(/lab-scale/);
		expect(() => resolveLabShaping({flowCapGbps: 4, aggregateCapGbps: 3})).toThrow(/above/);
		expect(() => resolveLabShaping({aggregateCapGbps: -1})).toThrow(/positive/);
		expect(() => resolveLabShaping({aggregateCapGbps: 1, jitterMs: 0.1})).toThrow(/--jitter needs --rtt/);
		expect(() => resolveLabShaping({profile: 'aws/c8g.4xlarge/default', flowCapGbps: 1})).toThrow(/cannot be combined/);
	});
});

describe('tc and nft text', () => {
	const capped = {profile: null, scale: 1, flowCapGbps: 1, aggregateCapGbps: 3, rttMs: null, jitterMs: null};
	const uncapped = {...capped, flowCapGbps: null, aggregateCapGbps: 2};

	it('builds one HTB class at the aggregate without a flow cap, and no nft table', () => {
		const lines = htbBatch('np0', uncapped);
		expect(lines.filter((line) => line.startsWith('class add'))).toHaveLength(2);
		expect(lines[1]).toContain('rate 2000000kbit ceil 2000000kbit');
		expect(lines[2]).toContain('ceil 2000000kbit');
		expect(nftRuleset(uncapped)).toBeNull();
	});

	it('builds 64 leaf classes at the flow cap under the aggregate, and a round-robin map', () => {
		const lines = htbBatch('np0', capped);
		const leaves = lines.filter((line) => line.includes('parent 1:1 classid'));
		expect(leaves).toHaveLength(64);
		expect(leaves.every((line) => line.includes('ceil 1000000kbit'))).toBe(true);
		expect(lines.filter((line) => line.includes('pfifo limit 100'))).toHaveLength(64);
		const ruleset = nftRuleset(capped)!;
		expect(ruleset).toContain('ct mark set numgen inc mod 64');
		expect(ruleset).toContain('0 : 1:100, ');
		expect(ruleset).toContain('63 : 1:13f }');
		expect(ruleset.match(/hook prerouting|hook output|hook postrouting/g)).toHaveLength(3);
	});

	it('shapes nothing with no caps; a flow cap alone gets a root as wide as all classes', () => {
		expect(htbBatch('np0', {...uncapped, aggregateCapGbps: null})).toEqual([]);
		expect(rootRateGbps({...capped, aggregateCapGbps: null})).toBe(64);
		expect(burstBytes(1)).toBe(65_536);
		expect(burstBytes(10)).toBe(625_000);
	});
});

describe('delay decisions', () => {
	it('runs without delay below the floor and adds the difference above it', () => {
		expect(decideDelay(0.17, 0.2)).toEqual({mode: 'below-floor', floorMs: 0.2});
		expect(decideDelay(2, 0.2)).toEqual({mode: 'delay', delayUs: 1800});
		expect(decideDelay(null, 0.2)).toEqual({mode: 'none'});
		expect(correctDelay(1800, 2, 2.1)).toBe(1700);
		expect(correctDelay(50, 0.5, 1)).toBe(0);
	});
});

describe('names', () => {
	it('derives namespace and link names from the run id, within kernel limits', () => {
		expect(namespaceName('np-abc123', 0, 'srv')).toBe('np-abc123-0-srv');
		expect(namespaceName('abc123', 2, 'cli')).toBe('np-abc123-2-cli');
		expect(parseNamespaceName('np-abc123-2-cli')).toEqual({prefix: 'np-abc123', index: 2, role: 'cli'});
		expect(parseNamespaceName('netplace-labcheck-1')).toBeNull();
		const link = managementLinkName('np-a-very-long-run-identifier-2026', 12, 'srv');
		expect(link.length).toBeLessThanOrEqual(15);
		expect(() => labRunPrefix('bad id; rm -rf')).toThrow(UserError);
		expect(dataAddresses(1)).toMatchObject({server: '198.18.1.1', client: '198.18.1.2'});
		expect(managementAddresses(65)).toEqual({root: '198.19.1.5', inside: '198.19.1.6'});
	});
});

describe('plan and published bandwidth', () => {
	it('publishes the aggregate cap as lab-cap and warns about RTT targets below the floor', async () => {
		const provider = createLabProvider();
		const target = {shape: 'lab', placements: ['default', 'cluster'] as const, lab: {profile: 'aws/c8g.4xlarge'}};
		expect(await provider.publishedBandwidth(target)).toMatchObject({gbps: 2.978, kind: 'lab-cap'});
		const plan = await provider.plan(target, 60);
		expect(plan.instances).toBe(4);
		expect(plan.estimatedCostUsd).toBe(0);
		expect(plan.warnings.filter((warning) => warning.includes('below this machine'))).toHaveLength(1);
		expect(plan.resources.some((resource) => resource.kind === 'nft-table')).toBe(true);
		const support = await provider.placementSupport(target);
		expect(support.find((entry) => entry.placement === 'cluster')?.available).toBe(true);
		expect(support.find((entry) => entry.placement === 'collocated')?.available).toBe(false);
	});
});

describe('capability problems', () => {
	it('says root first, then the missing tools with their apt packages, then the delay line', () => {
		const tool = (command: string, aptPackage: string, path: string | null) => ({command, aptPackage, path});
		expect(
			describeLabProblems({root: true, tools: [tool('ip', 'iproute2', '/usr/sbin/ip')], delayLine: '/x/delay-line'}),
		).toEqual([]);
		const problems = describeLabProblems({
			root: false,
			tools: [tool('iperf3', 'iperf3', null), tool('ip', 'iproute2', '/usr/sbin/ip'), tool('nft', 'nftables', null)],
			delayLine: null,
		});
		expect(problems[0]).toBe('the lab needs root (network namespaces and tc): run as root or with sudo');
		expect(problems[1]).toBe('the lab needs iperf3, nft, not found: apt-get install iperf3 nftables');
		expect(problems[2]).toMatch(/delay-line.*npm run build/);
	});
});

// The ssh provider's pure parts: which receiver address the sender's routes pick, the vendor's pass marks,
// the channel limit that keeps under sshd's MaxSessions, and --hosts parsing.
import {describe, expect, it} from 'vitest';
import type {StreamResult} from '../../../source/probe/types.js';
import {vendorCheck} from '../../../source/probe/vendor-threshold.js';
import type {ExecResult} from '../../../source/providers/provider.js';
import {ChannelLimit} from '../../../source/providers/ssh/channel-limit.js';
import {parseGlobalAddresses, parseRoute, peerAddress} from '../../../source/providers/ssh/peer-address.js';
import {parseSshHosts} from '../../../source/request/ssh-request.js';
import {findShape, loadCatalogue} from '../../../source/sizing/catalogue.js';
import {googlePassShare} from '../../../source/sizing/clouds/gcp.js';
import {ociSlaShare} from '../../../source/sizing/clouds/oci.js';

const ok = (stdout: string): ExecResult => ({code: 0, stdout, stderr: ''});

describe('peerAddress', () => {
	const addrs = [
		'2: eth0    inet 203.0.113.9/24 brd 203.0.113.255 scope global eth0\\       valid_lft forever',
		'3: np0    inet 10.0.0.6/24 brd 10.0.0.255 scope global np0\\       valid_lft forever',
	].join('\n');

	it('reads the global IPv4 addresses and how a route reaches one', () => {
		expect(parseGlobalAddresses(addrs)).toEqual(['203.0.113.9', '10.0.0.6']);
		expect(parseRoute(ok('10.0.0.6 dev np0 src 10.0.0.5 uid 0 \\    cache'))).toBe('direct');
		expect(parseRoute(ok('203.0.113.9 via 10.0.0.1 dev eth0 src 10.0.0.5'))).toBe('gateway');
		expect(parseRoute({code: 2, stdout: ''})).toBeNull();
	});

	it('prefers an address on a network the sender is on over the one SSH came in by', async () => {
		const routes: Record<string, string> = {
			'203.0.113.9': '203.0.113.9 via 192.168.1.1 dev wlan0',
			'10.0.0.6': '10.0.0.6 dev np0 src 10.0.0.5',
		};
		const peer = await peerAddress(
			async () => ok(addrs),
			async (argv) => ok(routes[argv.at(-1) ?? ''] ?? ''),
			'203.0.113.9',
		);
		expect(peer.address).toBe('10.0.0.6');
		expect(peer.why).toContain('on a network the sender is on');
	});

	it('falls back to the address SSH used when the sender routes to none of them', async () => {
		const peer = await peerAddress(
			async () => ok(addrs),
			async () => ({code: 2, stdout: '', stderr: 'unreachable'}),
			'host-b.example',
		);
		expect(peer).toMatchObject({address: 'host-b.example'});
	});
});

function result(streams: number, gbps: number): StreamResult {
	return {streams, gbps, min: gbps, max: gbps, samples: 1, retransmits: 0, validity: {kind: 'valid', figure: 'ok'}};
}

describe('vendorCheck', () => {
	const gcpTarget = loadCatalogue().shapes.find((record) => record.cloud === 'gcp' && record.bandwidth.expectedGbps);

	it("passes GCP at 85% of Google's image-test target and not below", () => {
		expect(gcpTarget).toBeDefined();
		const target = gcpTarget!.bandwidth.expectedGbps!;
		const cell = {cloud: 'gcp' as const, shape: gcpTarget!.shape};
		const at = (gbps: number) =>
			vendorCheck(cell, {
				results: [result(1, gbps / 2), result(8, gbps)],
				published: {gbps: null, kind: 'derived-per-vcpu'},
			});
		expect(at(target * googlePassShare + 0.01)?.passes).toBe(true);
		expect(at(target * googlePassShare - 0.01)?.passes).toBe(false);
		expect(at(target)?.text).toContain("Google's image test passes at 85%");
	});

	it('OCI: 90% of the stated maximum on bare metal; VM shapes have no vendor threshold', () => {
		const bm = loadCatalogue().shapes.find((record) => record.cloud === 'oci' && record.shape.startsWith('BM.'));
		expect(bm).toBeDefined();
		const published = {gbps: 100, kind: 'base-and-peak' as const};
		const bare = vendorCheck({cloud: 'oci', shape: bm!.shape}, {results: [result(8, 89)], published});
		expect(bare).toMatchObject({passShare: ociSlaShare, expectedGbps: 100, passes: false});
		const vm = vendorCheck({cloud: 'oci', shape: 'VM.Standard.E5.Flex'}, {results: [result(8, 10)], published});
		expect(vm).toMatchObject({passes: null, passShare: null});
		expect(vm?.text).toContain('bare metal only');
	});

	it('AWS: no vendor threshold; another path: shown, not judged; the lab or no shape: none', () => {
		const aws = vendorCheck(
			{cloud: 'aws', shape: 'c8g.4xlarge'},
			{results: [result(1, 5)], published: {gbps: 15, kind: 'peak-over-baseline'}},
		);
		expect(aws).toMatchObject({passes: null});
		expect(aws?.text).toContain('no vendor threshold');
		const target = gcpTarget!.bandwidth.expectedGbps!;
		const far = vendorCheck(
			{cloud: 'gcp', shape: gcpTarget!.shape},
			{results: [result(8, target)], published: {gbps: null, kind: 'derived-per-vcpu'}},
			{path: 'cross-region'},
		);
		expect(far).toMatchObject({passes: null});
		expect(far?.text).toContain('not judged on a cross-region path');
		expect(vendorCheck(null, {results: [], published: {gbps: null, kind: 'measured-only'}})).toBeNull();
		expect(findShape(loadCatalogue(), 'aws', 'c8g.4xlarge')).toBeDefined();
	});
});

describe('ChannelLimit', () => {
	it('holds the ninth channel until one of eight is given back', async () => {
		const limit = new ChannelLimit(8);
		const releases = await Promise.all(Array.from({length: 8}, async () => limit.acquire()));
		let ninth = false;
		const waiting = limit.acquire().then((release) => {
			ninth = true;
			return release;
		});
		await Promise.resolve();
		expect(ninth).toBe(false);
		releases[0]!();
		(await waiting)();
		expect(ninth).toBe(true);
	});
});

describe('parseSshHosts', () => {
	it('takes user@host and host (the local user), IPv6 with or without brackets', () => {
		expect(parseSshHosts('ubuntu@10.0.0.5,10.0.0.6', 'me')).toEqual([
			{user: 'ubuntu', host: '10.0.0.5'},
			{user: 'me', host: '10.0.0.6'},
		]);
		expect(parseSshHosts('root@[2001:db8::1],2001:db8::2', 'me')[0]).toEqual({user: 'root', host: '2001:db8::1'});
	});
});
